import {
  type DriverPayBalances,
  DriverPayBalancesSchema,
  type StatementEdit,
  StatementEditSchema,
  type StatementSaved,
  StatementSavedSchema,
  type StatementUpdate,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { api } from '../../platform/api-client';
import { queryKeys } from '../../platform/record/record-api';

/** Driver statements' calls (the contract's schemas check the answers) and query keys. */
export const statementKeys = queryKeys('drivers-statements');

export const statementsApi = {
  edit: (id: number) => api.get<StatementEdit>(`/drivers-statements/${id}/edit`, { schema: StatementEditSchema }),
  update: (id: number, body: StatementUpdate) =>
    api.put<StatementSaved>(`/drivers-statements/${id}`, body, { schema: StatementSavedSchema }),
  setAddition: (body: Record<string, unknown>) =>
    api.post<StatementSaved>('/drivers-statements/setAddition', body, { schema: StatementSavedSchema }),
  updateAddition: (lineId: number, body: Record<string, unknown>) =>
    api.post<StatementSaved>(`/drivers-statements/updateAddition/${lineId}`, body, { schema: StatementSavedSchema }),
  setPay: (id: number, body: Record<string, unknown>) =>
    api.post<StatementSaved>(`/drivers-statements/setPay/${id}`, body, { schema: StatementSavedSchema }),
  writeOff: (id: number, body: Record<string, unknown>) =>
    api.post<StatementSaved>(`/drivers-statements/writeOff/${id}`, body, { schema: StatementSavedSchema }),
  deletePayment: (id: number) =>
    api.delete<StatementSaved>(`/drivers-statements-payment/${id}`, { schema: StatementSavedSchema }),
};

/** The driver card's pay figures: advances outstanding, the escrow fund and the final statement due. */
export const driverPayKeys = queryKeys('driver-pay-balances');
export const loadDriverPayBalances = (driverId: number) =>
  api.get<DriverPayBalances>(`/drivers-statements/balances/${driverId}`, { schema: DriverPayBalancesSchema });
/** The final statement of the driver's lease (the escrow returned). */
export const makeFinalStatement = (driverId: number) =>
  api.post<StatementSaved>(`/drivers-statements/final/${driverId}`, {}, { schema: StatementSavedSchema });
