import * as C from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { z } from 'zod';
import { api } from '../../platform/api-client';
import { queryKeys } from '../../platform/record/record-api';

export const safetyStatementKeys = queryKeys('safety-statements');

const FormSchema = z.object({
  month: z.array(z.string()),
  dispatcher_rate: z.number(),
  period: z.string(),
  rows: z.array(C.SafetyUserSchema),
});

/** Accounting → Safety statements: the calls of the create form and a statement's drivers. */
export const safetyStatementsApi = {
  users: (month: string) => api.post('/safety-statement/create/list', { date: month }, { schema: FormSchema }),
  drivers: (userId: number, month: string) =>
    api.post(
      `/safety-statement/create/${userId}/${month}/list`,
      {},
      {
        schema: z.object({ dispatcher_rate: z.number(), rows: z.array(C.SafetyDriverSchema) }),
      },
    ),
  saveRate: (month: string, rate: number) =>
    api.post('/safety-statement/rate', { date: month, rate }, { schema: z.object({ message: z.string() }) }),
  create: (body: C.SafetyStatementBody) =>
    api.post('/safety-statement', body, {
      schema: z.object({ message: z.string(), statement: C.SafetyStatementSchema }),
    }),
  edit: (id: number) =>
    api.get(`/safety-statement/${id}/edit`, {
      schema: z.object({ statement: C.SafetyStatementSchema, rows: z.array(C.SafetyDriverSchema) }),
    }),
  deleteUrl: (id: number | string) => `/safety-statement/${id}`,
};
