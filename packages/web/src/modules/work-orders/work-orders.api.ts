import { DraftedIdsResponseSchema, MessageBodySchema } from '@backhaul/shared';
import {
  WORK_ORDER_BASE,
  WORK_ORDER_ROUTES,
  type WorkOrderEdit,
  WorkOrderEditSchema,
  type WorkOrderOptions,
  WorkOrderOptionsSchema,
  WorkOrderSavedSchema,
  type WoStatisticsBody,
  WoStatisticsSchema,
  WoStatisticsShowSchema,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { api } from '../../platform/api-client';
import { recordApi } from '../../platform/record/record-api';

/** What the dialog loads: the choices, and for an edit the order with its lines. */
export type WorkOrderLoaded = Omit<WorkOrderOptions, 'row'> & { row?: WorkOrderOptions['row'] | WorkOrderEdit['row'] };

const record = recordApi<WorkOrderLoaded, { message: string; removed: boolean }>({
  name: 'work-orders',
  routes: WORK_ORDER_ROUTES,
  schemas: { saved: WorkOrderSavedSchema },
});

/** The work-order calls (001 §7) with the module's query keys. */
export const workOrdersApi = {
  ...record,
  load: async (id: number | null, query?: Record<string, string | number | undefined>): Promise<WorkOrderLoaded> =>
    id === null
      ? api.get(`${WORK_ORDER_BASE}/create`, { query: query ?? {}, schema: WorkOrderOptionsSchema })
      : api.get(`${WORK_ORDER_BASE}/${id}/edit`, { schema: WorkOrderEditSchema }),
  /** Drafted deletions of descriptions or vendor invoices, sent after the save. */
  destroy: (which: 'Description' | 'Invoice', ids: number[]) =>
    api.post(`${WORK_ORDER_BASE}/destroy${which}`, { ids }, { schema: DraftedIdsResponseSchema }),
  invoiceUrl: (id: number) => `/api${WORK_ORDER_BASE}/${id}/invoice`,
  send: (id: number, email: string) =>
    api.post(`${WORK_ORDER_BASE}/${id}/send`, { email }, { schema: MessageBodySchema }),
  /** "Approve and bill": the customer approved the estimate; the order is invoiced before completion. */
  approve: (id: number) => api.post(`${WORK_ORDER_BASE}/${id}/approve`, {}, { schema: WorkOrderSavedSchema }),
};

/** Work-order statistics (section 67): a window per day or month, and one period's orders. */
export const workOrderStatisticsApi = {
  keys: ['work-order-statistics'] as const,
  list: (body: WoStatisticsBody) =>
    api.post(`${WORK_ORDER_BASE}/statistics/list`, body, { schema: WoStatisticsSchema }),
  /** One day's orders, or a month's (YYYY-MM) as its first day with ?group=month. */
  show: (period: string) =>
    api.post(
      `${WORK_ORDER_BASE}/statistics/show/${period.length === 7 ? `${period}-01` : period}`,
      {},
      {
        query: { group: period.length === 7 ? 'month' : 'day' },
        schema: WoStatisticsShowSchema,
      },
    ),
};
