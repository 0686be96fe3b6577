import {
  ClientFromOrderSchema,
  DAY_OFF_ROUTES,
  DayOffSavedSchema,
  DragDropAnswerSchema,
  LIGHT_ORDER_ROUTES,
  LightOrderSavedSchema,
  PlannerBoardSchema,
  UnplannedSchema,
} from '@backhaul/shared/modules/planner/planner.contract';
import {
  SERVICE_SCHEDULE_BASE,
  ServiceWorkOrderAnswerSchema,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { api } from '../../platform/api-client';
import { queryKeys, recordApi } from '../../platform/record/record-api';

export type Placement = { date: string; time: number; w: number; technician_id: number };

/** The planner's calls (001 §7): the week, the unplanned work orders, moves and resizes. */
export const plannerApi = {
  keys: queryKeys('planner'),
  board: (date: string) => api.post('/planner/list', { date }, { schema: PlannerBoardSchema }),
  unplanned: (search = '') => api.post('/planner/create/list', { search }, { schema: UnplannedSchema }),
  /** A move or resize of a task (id), or an unplanned work order put on a cell (work_order_id). */
  move: (body: Placement & { id?: number; work_order_id?: number }) =>
    api.post('/planner/drag-and-drop', body, { schema: DragDropAnswerSchema }),
  /** A due service task becomes a PM work order, which then waits on the unplanned list. */
  serviceWorkOrder: (item: { unit_type: 'truck' | 'trailer'; unit_id: number; task_id: number }) =>
    api.post(`${SERVICE_SCHEDULE_BASE}/work-order`, { items: [item] }, { schema: ServiceWorkOrderAnswerSchema }),
};

export const lightOrderApi = {
  ...recordApi({ name: 'light-orders', routes: LIGHT_ORDER_ROUTES, schemas: { saved: LightOrderSavedSchema } }),
  makeClient: (id: number) => api.post('/light-order/create/client', { id }, { schema: ClientFromOrderSchema }),
};
export const dayOffApi = recordApi({
  name: 'day-offs',
  routes: DAY_OFF_ROUTES,
  schemas: { saved: DayOffSavedSchema },
});
