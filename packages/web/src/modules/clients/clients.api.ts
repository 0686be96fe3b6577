import { DraftedIdsResponseSchema } from '@backhaul/shared';
import {
  LEAD_PATHS,
  type LeadEditResponse,
  LeadEditResponseSchema,
  type LeadKind,
  LeadSaveResponseSchema,
  LeadStartResponseSchema,
  leadRoutes,
} from '@backhaul/shared/modules/clients/clients.contract';
import type { z } from 'zod';
import { api } from '../../platform/api-client';
import { recordApi } from '../../platform/record/record-api';

type LeadStart = z.infer<typeof LeadStartResponseSchema>;
/** What the lead dialog loads: the choices, and for an edit the row (else the preselected customer and status) with its children. */
type LeadForm = Omit<LeadStart, 'row'> &
  Partial<Omit<LeadEditResponse, 'row'>> & { row: LeadStart['row'] | LeadEditResponse['row'] };

/**
 * A potential client's or client's calls (001 §7). The form's choices come from GET …/create
 * (customers, statuses); an edit adds the row, its descriptions and invoices.
 */
export function leadsApi(kind: LeadKind) {
  const base = `/${LEAD_PATHS[kind]}`;
  const record = recordApi({
    name: LEAD_PATHS[kind],
    routes: leadRoutes(kind),
    schemas: { load: LeadStartResponseSchema, saved: LeadSaveResponseSchema },
  });
  const edit = (id: number) => api.get(`${base}/${id}/edit`, { schema: LeadEditResponseSchema });
  return {
    ...record,
    base,
    load: async (id: number | null): Promise<LeadForm> => {
      const [start, loaded] = await Promise.all([record.load(null), id === null ? null : edit(id)]);
      return { ...start, ...loaded };
    },
    /** The drafted deletions of one lead's descriptions or invoices, sent after its save. */
    destroy: (which: 'Description' | 'Invoice', ids: number[]) =>
      api.post(`${base}/destroy${which}`, { ids }, { schema: DraftedIdsResponseSchema }),
  };
}
