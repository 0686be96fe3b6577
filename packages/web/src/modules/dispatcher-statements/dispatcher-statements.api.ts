import * as C from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { z } from 'zod';
import { api } from '../../platform/api-client';
import { queryKeys } from '../../platform/record/record-api';

/** Accounting → Dispatcher statements: the calls of the create form and a statement's loads. */
export const dispatcherStatementKeys = queryKeys('dispatcher-statements');

export const dispatcherStatementsApi = {
  createForm: (month?: string) =>
    api.get('/dispatcher/statement/create', {
      query: { date: month },
      schema: C.DispatcherCreateAnswerSchema,
    }),
  atRate: (month: string, rate: number) =>
    api.get('/dispatcher/statement/rate', {
      query: { date: month, rate },
      schema: z.object({ rate: z.number(), dispatchers: z.array(C.DispatcherCandidateSchema) }),
    }),
  createList: (body: C.DispatcherCreateListBody) =>
    api.post('/dispatcher/statement/create/list', body, { schema: C.DispatcherCreateListAnswerSchema }),
  info: (month: string, dispatcherId: number) =>
    api.post(
      '/dispatcher/statement/info',
      { date: month, dispatcher_id: dispatcherId },
      { schema: C.DispatcherInfoSchema },
    ),
  get: (id: number) =>
    api.get(`/dispatcher/statement/${id}`, { schema: z.object({ statement: C.DispatcherStatementSchema }) }),
  exportLoads: (id: number) =>
    api.post(`/dispatcher/statement/${id}/export`, { value: 'xlsx' }, { schema: C.DispatcherExportAnswerSchema }),
  deleteUrl: (id: number | string) => `/dispatcher/statement/${id}`,
};
