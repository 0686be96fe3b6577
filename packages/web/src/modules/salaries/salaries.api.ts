import * as C from '@backhaul/shared/modules/salaries/salaries.contract';
import { api } from '../../platform/api-client';
import { queryKeys } from '../../platform/record/record-api';

/** The account's salaries and pay history calls. */
export const salaryKeys = queryKeys('salaries');

export const salariesApi = {
  history: (userId: number | undefined, date: string) =>
    api.post(
      '/info/pay-history/list',
      { ...(userId ? { user_id: userId } : {}), date },
      { schema: C.PayHistorySchema },
    ),
  savePayment: (id: number | null, values: C.SalaryPaymentForm) =>
    api.post(id === null ? '/info/pay-history' : `/info/pay-history/${id}`, values, {
      schema: C.SalaryPaymentSavedSchema,
    }),
  deletePaymentUrl: (id: number | string) => `/info/pay-history/${id}`,
  makeStatements: (month: string) =>
    api.post('/info/statements/create', { month }, { schema: C.SalaryStatementsCreatedSchema }),
  deleteStatementUrl: (id: number | string) => `/info/statements/${id}`,
};
