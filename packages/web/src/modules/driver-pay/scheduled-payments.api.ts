import { MessageBodySchema } from '@backhaul/shared';
import {
  type DestroyType,
  SCHEDULED_PAYMENT_ROUTES,
  ScheduledDaySchema,
  ScheduledSavedSchema,
} from '@backhaul/shared/modules/driver-pay/scheduled-payments.contract';
import { api } from '../../platform/api-client';
import { queryKeys, recordApi } from '../../platform/record/record-api';

export const scheduledKeys = queryKeys('scheduled-payments');

/** The series' calls; an edit opens on one instalment (GET …/:id/edit/:date), so each date gets its own api. */
export const scheduledApi = (date?: string) =>
  recordApi({
    name: 'scheduled-payments',
    routes: date
      ? { ...SCHEDULED_PAYMENT_ROUTES, editForm: `GET /scheduled-payments/:id/edit/${date}` }
      : SCHEDULED_PAYMENT_ROUTES,
    schemas: { saved: ScheduledSavedSchema },
  });

/** The month around `date` (a cell per day) and the date's payments, for one driver or all. */
export const loadScheduledDay = (date: string, driverId: number | null) =>
  api.post(`/scheduled-payments/date/${date}`, driverId ? { driver_id: driverId } : {}, { schema: ScheduledDaySchema });

export const destroyScheduled = (id: number, body: { payment_type: DestroyType; date: string }) =>
  api.post(`/scheduled-payments/destroy/${id}`, body, { schema: MessageBodySchema });
