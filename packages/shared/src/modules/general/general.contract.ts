import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { requiredText } from '../units/units.contract';

/** Maintenance → General: the registries' shared reference lists. */
export const TrailerTypeFormSchema = z.object({
  name: field(requiredText(60, 'trailer type'), { label: 'Name' }),
  reefer: field(z.boolean({ message: 'Choose whether it is a reefer.' }), {
    label: 'Reefer (PM counted in engine hours)',
    kind: 'checkbox',
  }).default(false),
});
export type TrailerTypeForm = { name: string; reefer: boolean };
export const EMPTY_TRAILER_TYPE_FORM: TrailerTypeForm = { name: '', reefer: false };

export const TrailerTypeRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reefer: z.boolean(),
  /** Trailers and drivers that use it (a type in use cannot be deleted). */
  used: z.number().int(),
});
export type TrailerTypeRow = z.infer<typeof TrailerTypeRowSchema>;
export const TrailerTypeItemSchema = z.object({ item: TrailerTypeRowSchema });
export const TrailerTypeSaveResponseSchema = TrailerTypeItemSchema.extend({ message: z.string() });

export const EquipmentNameFormSchema = z.object({ name: field(requiredText(80, 'equipment name'), { label: 'Name' }) });
export type EquipmentNameForm = { name: string };
export const EMPTY_EQUIPMENT_NAME_FORM: EquipmentNameForm = { name: '' };

export const EquipmentNameRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Equipment items of trucks and trailers with this name. */
  used: z.number().int(),
});
export type EquipmentNameRow = z.infer<typeof EquipmentNameRowSchema>;
export const EquipmentNameItemSchema = z.object({ item: EquipmentNameRowSchema });
export const EquipmentNameSaveResponseSchema = EquipmentNameItemSchema.extend({ message: z.string() });

/** Delete refusals: the record is still referenced. */
export const trailerTypeInUse = (n: number) =>
  `This trailer type is used by ${n} trailer${n === 1 ? '' : 's'} or driver${n === 1 ? '' : 's'}; change them first.`;
export const equipmentNameInUse = (n: number) =>
  `This equipment name is used by ${n} equipment item${n === 1 ? '' : 's'} of trucks or trailers; remove them first.`;

/** An item's calls: GET …/:id/edit, POST …, PUT …/:id, DELETE …/:id (nothing to load for a new one). */
export const TRAILER_TYPE_ROUTES = recordRoutes('/trailer-types', { createForm: false });
export const EQUIPMENT_NAME_ROUTES = recordRoutes('/equipment-names', { createForm: false });
