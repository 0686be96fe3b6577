import {
  EquipmentItemResponseSchema,
  EquipmentListResponseSchema,
  NoteItemResponseSchema,
  NotesListResponseSchema,
  SetEquipmentResponseSchema,
  unitPartRoutes,
  ValueItemResponseSchema,
  ValueResponseSchema,
} from '@backhaul/shared/modules/units/units.contract';
import { api } from '../../platform/api-client';
import { queryKeys, recordApi } from '../../platform/record/record-api';

export type UnitPrefix = '/trucks' | '/trailers';

/** The calls of a unit's equipment, notes and values (records under the unit) and their lists. */
export function unitParts(prefix: UnitPrefix) {
  const name = prefix.slice(1);
  return {
    keys: queryKeys(`${name}-parts`),
    equipment: recordApi({
      name: `${name}-equipment`,
      routes: unitPartRoutes(prefix, 'equipment'),
      schemas: { saved: EquipmentItemResponseSchema },
    }),
    notes: recordApi({
      name: `${name}-notes`,
      routes: unitPartRoutes(prefix, 'notes'),
      schemas: { saved: NoteItemResponseSchema },
    }),
    values: recordApi({
      name: `${name}-values`,
      routes: unitPartRoutes(prefix, 'value'),
      schemas: { saved: ValueItemResponseSchema },
    }),
    listEquipment: (unitId: number) =>
      api.post(`${prefix}/equipment/${unitId}`, {}, { schema: EquipmentListResponseSchema }),
    listNotes: (unitId: number, text: string) =>
      api.post(`${prefix}/notes/${unitId}`, { filters: { notes: text } }, { schema: NotesListResponseSchema }),
    valueOverview: (unitId: number) => api.get(`${prefix}/value/${unitId}`, { schema: ValueResponseSchema }),
    /** A new name typed in the equipment select joins General's list. */
    setEquipment: (name: string) =>
      api.post(`${prefix}/setEquipment`, { name }, { schema: SetEquipmentResponseSchema }),
  };
}
