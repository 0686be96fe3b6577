import type {
  DestroyIdsBody,
  Driver,
  DriverCard,
  DriverContract,
  DriverContractForm,
  DriverForm,
  DriverOptions,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { driverToForm } from '@backhaul/shared/modules/drivers/drivers.contract';
import { api } from '../../platform/api-client';

type Saved<K extends string, T> = { message: string } & Record<K, T>;

/** The dialog's data: the card of an existing driver, or the options of a new one. */
export const loadDriverDialog = (id: number | null): Promise<Partial<DriverCard> & { options: DriverOptions }> =>
  id ? api.get<DriverCard>(`/drivers/${id}`) : api.get<{ options: DriverOptions }>('/drivers/getNew');

/** Create or update, chosen by whether the record has an id. */
export const saveDriver = (id: number | null, form: DriverForm) =>
  api.post<Saved<'driver', Driver>>(id ? `/drivers/update/${id}` : '/drivers/new', form);

/** "Make inactive instead" of a refused delete: the driver's update with Active off. */
export async function deactivateDriver(id: number) {
  const card = await loadDriverDialog(id);
  if (!card.driver) throw new Error(`Driver ${id} was not loaded`);
  return saveDriver(id, { ...driverToForm(card.driver), active: false });
}

export const saveContract = (opts: { driverId: number; contractId?: number; form: DriverContractForm }) =>
  api.post<Saved<'contract', DriverContract>>(
    opts.contractId ? `/drivers/updateContract/${opts.contractId}` : `/drivers/setContract/${opts.driverId}`,
    opts.form,
  );

export const showContract = (id: number) => api.get<{ contract: DriverContract }>(`/drivers/showContract/${id}`);

/** Deletions drafted in the dialog, sent in one call each on save. */
export const destroyFiles = (body: DestroyIdsBody) => api.post<{ message: string }>('/drivers/destroyFiles', body);
export const destroyContracts = (body: DestroyIdsBody) =>
  api.post<{ message: string }>('/drivers/destroyContract', body);
