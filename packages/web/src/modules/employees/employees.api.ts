import {
  EMPLOYEE_ROUTES,
  EmployeeEditResponseSchema,
  EmployeeSaveResponseSchema,
  InventoryResponseSchema,
} from '@backhaul/shared/modules/employees/employees.contract';
import { z } from 'zod';
import { api } from '../../platform/api-client';
import { recordApi } from '../../platform/record/record-api';

/** An employee's calls (001 §7): GET /employees/create answers the options, …/:id/edit adds the record. */
export const employeesApi = recordApi({
  name: 'employees',
  routes: EMPLOYEE_ROUTES,
  schemas: {
    load: EmployeeEditResponseSchema.partial({ employee: true, inventory: true, documents: true }),
    saved: EmployeeSaveResponseSchema,
  },
});

/** DELETE /employees/:id/inventory: the items go at once (not with the save). */
export const removeInventory = (id: number, ids: number[]) =>
  api.delete(`/employees/${id}/inventory`, {
    body: { ids },
    schema: InventoryResponseSchema.extend({ message: z.string(), removed: z.number().int() }),
  });
