import { z } from 'zod';
import { requiredText } from '../units/units.contract';

/** Maintenance → General: the registries' shared reference lists. */
export const TrailerTypeFormSchema = z.object({
  name: requiredText(60, 'trailer type'),
  reefer: z.boolean({ message: 'Choose whether it is a reefer.' }).default(false),
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
export const TrailerTypeSaveResponseSchema = z.object({ message: z.string(), item: TrailerTypeRowSchema });

export const EquipmentNameFormSchema = z.object({ name: requiredText(80, 'equipment name') });
export type EquipmentNameForm = { name: string };
export const EMPTY_EQUIPMENT_NAME_FORM: EquipmentNameForm = { name: '' };

export const EquipmentNameRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Equipment items of trucks and trailers with this name. */
  used: z.number().int(),
});
export type EquipmentNameRow = z.infer<typeof EquipmentNameRowSchema>;
export const EquipmentNameSaveResponseSchema = z.object({ message: z.string(), item: EquipmentNameRowSchema });

/** Delete refusals: the record is still referenced. */
export const trailerTypeInUse = (n: number) =>
  `This trailer type is used by ${n} trailer${n === 1 ? '' : 's'} or driver${n === 1 ? '' : 's'}; change them first.`;
export const equipmentNameInUse = (n: number) =>
  `This equipment name is used by ${n} equipment item${n === 1 ? '' : 's'} of trucks or trailers; remove them first.`;
