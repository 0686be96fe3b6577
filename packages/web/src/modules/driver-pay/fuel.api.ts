import { DraftedIdsResponseSchema } from '@backhaul/shared';
import {
  FUEL_ROUTES,
  type FuelEdit,
  FuelEditSchema,
  FuelOptionsSchema,
  FuelSavedSchema,
} from '@backhaul/shared/modules/driver-pay/fuel.contract';
import type { z } from 'zod';
import { api } from '../../platform/api-client';
import { recordApi } from '../../platform/record/record-api';

type FuelOptions = z.infer<typeof FuelOptionsSchema>;
/** What the dialog loads: the choices, and for an edit the row with its descriptions and invoices. */
type FuelForm = Omit<FuelOptions, 'row'> &
  Partial<Omit<FuelEdit, 'row'>> & { row: FuelOptions['row'] | FuelEdit['row'] };

/** Fuel's calls (001 §7): the form loads GET /fuel/create or /fuel/:id/edit (row, descriptions, invoices). */
const record = recordApi({
  name: 'fuel',
  routes: FUEL_ROUTES,
  schemas: { load: FuelOptionsSchema, saved: FuelSavedSchema },
});

export const fuelApi = {
  ...record,
  load: async (id: number | null): Promise<FuelForm> =>
    id === null ? record.load(null) : api.get(`/fuel/${id}/edit`, { schema: FuelEditSchema }),
  /** The drafted deletions of a row's descriptions or invoices, sent after its save. */
  destroy: (which: 'Description' | 'Invoice', ids: number[]) =>
    api.post(`/fuel/destroy${which}`, { ids }, { schema: DraftedIdsResponseSchema }),
};
