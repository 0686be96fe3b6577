import {
  SERVICE_SCHEDULE_BASE,
  type ServiceUnitKind,
  ServiceWorkOrderAnswerSchema,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { api } from '../../platform/api-client';

export type ServiceItem = { unit_type: ServiceUnitKind; unit_id: number; task_id: number };

/** Preventive maintenance: the schedule is the list at /service-schedule/list; due rows become PM work orders. */
export const serviceScheduleApi = {
  createWorkOrders: (items: ServiceItem[]) =>
    api.post(`${SERVICE_SCHEDULE_BASE}/work-order`, { items }, { schema: ServiceWorkOrderAnswerSchema }),
};
