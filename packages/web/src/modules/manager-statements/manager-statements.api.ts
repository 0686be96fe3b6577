import * as C from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { api } from '../../platform/api-client';
import { queryKeys } from '../../platform/record/record-api';

/** /manager-statements: the /salary-statements calls. */
export const managerStatementKeys = queryKeys('manager-statements');

export const managerStatementsApi = {
  options: (month?: string) =>
    api.post('/salary-statements/create', month ? { month } : {}, { schema: C.ManagerFormOptionsSchema }),
  edit: (id: number) => api.get(`/salary-statements/${id}/edit`, { schema: C.ManagerEditSchema }),
  save: (rows: C.ManagerStatementRowForm[]) =>
    api.post('/salary-statements', { rows }, { schema: C.ManagerStatementsSavedSchema }),
  deleteUrl: (id: number | string) => `/salary-statements/${id}`,
};
