import { z } from 'zod';
import { field } from '../../forms/fields';
import type { RecordRoutes } from '../../http/routes';
import { SelectOptionSchema } from '../../http/schemas';
import { dateSchema } from '../../schemas/dates';
import { moneySchema, optionalMoneySchema } from '../../schemas/money';

/**
 * What trucks and trailers share (001 §3): equipment, notes, value per year and the history of
 * assignments. The same bodies and answers serve /trucks/… and /trailers/….
 */
export const UNIT_TYPES = ['truck', 'trailer'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** Registry statuses; the list filter offers Active (active) and Inactive (the other two). */
export const UNIT_STATUSES = ['active', 'left_company', 'sold'] as const;
export const UNIT_STATUS_LABELS: Record<(typeof UNIT_STATUSES)[number], string> = {
  active: 'Active',
  left_company: 'Left company',
  sold: 'Sold',
};

// ---------- field helpers shared by the truck and trailer forms ----------

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** A text field: trimmed, at most `max` characters, '' stored as null. */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string()
      .trim()
      .max(max, `The ${label} may not be greater than ${max} characters.`)
      .transform((v) => (v === '' ? null : v)),
  );

export const requiredText = (max: number, label: string) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string()
      .trim()
      .min(1, `The ${label} field is required.`)
      .max(max, `The ${label} may not be greater than ${max} characters.`),
  );

/** A whole number from an input ('' is none). */
export const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: `The ${label} must be a number.` })
      .int(`The ${label} must be a whole number.`)
      .min(min, `The ${label} must be at least ${min}.`)
      .max(max, `The ${label} may not be greater than ${max}.`)
      .nullable(),
  );

/** A select's id ('' or null is none). */
export const optionalId = z.preprocess(
  blankToNull,
  z.coerce.number({ message: 'Choose from the list.' }).int().positive('Choose from the list.').nullable(),
);

export const optionalDate = z.preprocess(blankToNull, dateSchema().nullable());

/** Dollars with at most 2 decimals, parsed to cents ('' is none). */
export const optionalMoney = (label: string) => optionalMoneySchema({ label, max: 100_000_000 });

// ---------- the fields trucks and trailers share (each module spreads them in its own order) ----------

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const thisYear = () => new Date().getUTCFullYear();

/** Form fields: year, VIN, plate and customer. */
export const unitIdentityFormFields = {
  year: field(optionalInt('year', 1980, thisYear() + 1), { label: 'Year', kind: 'number' }),
  vin: field(
    optionalText(17, 'VIN').refine((v) => v === null || VIN.test(v.toUpperCase()), {
      message: 'The VIN is 17 letters and digits (no I, O or Q).',
    }),
    { label: 'VIN' },
  ),
  plate: field(optionalText(12, 'plate'), { label: 'Plate' }),
  customer_id: field(optionalId, { label: 'Customer', kind: 'select', options: 'options.customers' }),
};

/** Form fields: service dates, PM (named `pmLabel` in messages), odometer, registration and owner. */
export const unitServiceFormFields = (pmLabel: string) => ({
  alignment_date: field(optionalDate, { label: 'Alignment date', kind: 'date' }),
  annual_inspection_date: field(optionalDate, { label: 'Annual inspection', kind: 'date' }),
  pm_miles: field(optionalInt(pmLabel, 0, 5_000_000), { label: 'Next PM at (mi)', kind: 'number', thousands: true }),
  odometer: field(optionalInt('odometer', 0, 5_000_000), { label: 'Odometer (mi)', kind: 'number', thousands: true }),
  registration_expires_on: field(optionalDate, { label: 'Registration expires', kind: 'date' }),
  company_owner: field(optionalText(120, 'company owner'), { label: 'Company owner' }),
});

/** The statuses as a select's options. */
export const UNIT_STATUS_OPTIONS = Object.entries(UNIT_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** Record fields: year, VIN, plate, customer id and name. */
export const unitIdentityFields = {
  year: z.number().int().nullable(),
  vin: z.string().nullable(),
  plate: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
};

/** Record fields: service dates, PM, odometer, registration and owner. */
export const unitServiceFields = {
  alignment_date: z.string().nullable(),
  annual_inspection_date: z.string().nullable(),
  pm_miles: z.number().int().nullable(),
  odometer: z.number().int().nullable(),
  registration_expires_on: z.string().nullable(),
  company_owner: z.string().nullable(),
};

// ---------- equipment ----------

export const EquipmentFormSchema = z.object({
  equipment_name_id: z.preprocess(
    blankToNull,
    z.coerce.number({ message: 'Choose the equipment.' }).int().positive('Choose the equipment.'),
  ),
  quantity: z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: 'The quantity must be a number.' })
      .int('The quantity must be a whole number.')
      .min(1, 'The quantity must be at least 1.')
      .max(999, 'The quantity may not be greater than 999.'),
  ),
  serial: optionalText(80, 'serial number'),
  notes: optionalText(500, 'notes'),
});
export type EquipmentForm = {
  equipment_name_id: string | null;
  quantity: number | string;
  serial: string;
  notes: string;
};
export const EMPTY_EQUIPMENT_FORM: EquipmentForm = { equipment_name_id: null, quantity: 1, serial: '', notes: '' };

export const EquipmentRowSchema = z.object({
  id: z.number().int(),
  unit_id: z.number().int(),
  equipment_name_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  serial: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type EquipmentRow = z.infer<typeof EquipmentRowSchema>;

/** POST /{trucks|trailers}/equipment/{id}: the unit's equipment and the names to choose from. */
export const EquipmentListResponseSchema = z.object({
  truck_equipment: z.array(EquipmentRowSchema),
  filter: z.object({ equipments: z.array(SelectOptionSchema) }),
});
export const EquipmentItemResponseSchema = z.object({ message: z.string(), item: EquipmentRowSchema });
export const EquipmentEditResponseSchema = z.object({
  item: EquipmentRowSchema,
  filter: z.object({ equipments: z.array(SelectOptionSchema) }),
});

/** POST /trucks/setEquipment: a new equipment name typed in the select. */
export const SetEquipmentBodySchema = z.object({
  name: requiredText(80, 'equipment name'),
});
export const SetEquipmentResponseSchema = z.object({
  message: z.string(),
  equipment: SelectOptionSchema,
  equipments: z.array(SelectOptionSchema),
});

// ---------- notes ----------

export const NoteFormSchema = z.object({ notes: requiredText(2000, 'note') });
export type NoteForm = { notes: string };

export const NoteRowSchema = z.object({
  id: z.number().int(),
  unit_id: z.number().int(),
  notes: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NoteRow = z.infer<typeof NoteRowSchema>;

/** Note filters are lowercased and compared as "contains" (001 §5). */
export const NotesListBodySchema = z
  .object({ filters: z.object({ notes: z.string().max(200).optional() }).default({}) })
  .default({ filters: {} });
export const NotesListResponseSchema = z.object({
  list: z.array(NoteRowSchema),
  filter: z.object({ notes: z.string() }),
  total: z.number().int(),
});
export const NoteItemResponseSchema = z.object({ message: z.string(), item: NoteRowSchema });

/** GET /{section}/description/{id}: the notes counter of a row and its notes. */
export const DescriptionResponseSchema = z.object({ description: z.number().int(), list: z.array(NoteRowSchema) });

// ---------- value per year ----------

export const ValueFormSchema = z.object({
  year: z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: 'Choose the year.' })
      .int('The year must be a whole number.')
      .min(1980, 'The year must be 1980 or later.')
      .max(2100, 'The year may not be after 2100.'),
  ),
  /** Dollars, parsed to cents. */
  value: moneySchema({ label: 'value', max: 100_000_000 }),
});
export type ValueForm = { year: number | string; value: number | string };

export const ValueRowSchema = z.object({
  id: z.number().int(),
  unit_id: z.number().int(),
  year: z.number().int(),
  /** Dollars. */
  value: z.number(),
  /** Loss against the previous year (or the origin value for the first year), dollars. */
  depreciation: z.number().nullable(),
  /** That loss as a percent of the previous value. */
  depreciation_percent: z.number().nullable(),
});
export type ValueRow = z.infer<typeof ValueRowSchema>;

export const UnitSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
});

/** GET /{trucks|trailers}/value/{id} (001 §3: years, filter, trucks, originValue). */
export const ValueResponseSchema = z.object({
  years: z.array(ValueRowSchema),
  /** Years that have no value yet, newest first: what the year select offers. */
  filter: z.object({ years: z.array(z.number().int()) }),
  trucks: UnitSummarySchema,
  originValue: z.number().nullable(),
});
export type ValueResponse = z.infer<typeof ValueResponseSchema>;
export const ValueItemResponseSchema = z.object({ message: z.string(), item: ValueRowSchema });

// ---------- assignment history ----------

export const AssignmentRowSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  driver_id: z.number().int().nullable(),
  driver: z.string().nullable(),
  trailer_id: z.number().int().nullable(),
  trailer_number: z.string().nullable(),
  from_date: z.string(),
  to_date: z.string().nullable(),
  changed_by: z.string().nullable(),
});
export type AssignmentRow = z.infer<typeof AssignmentRowSchema>;

/**
 * POST /{trucks|trailers}/updateTruckCustomer: with only `id` it answers the history; with an
 * assignment (customer, driver, trailer) it changes it from `from_date` (default today) first.
 */
export const UpdateAssignmentBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  customer_id: optionalId.optional(),
  driver_id: optionalId.optional(),
  trailer_id: optionalId.optional(),
  from_date: optionalDate.optional(),
});
export type UpdateAssignmentBody = z.input<typeof UpdateAssignmentBodySchema>;
export const HistoryResponseSchema = z.object({
  message: z.string().optional(),
  history: z.array(AssignmentRowSchema),
});

/**
 * The calls of a unit's part (001 §7): created under the unit (…/:parentId/store), updated at
 * …/:id/update, deleted at …/:id; equipment and values have an edit form.
 */
export function unitPartRoutes(prefix: '/trucks' | '/trailers', part: 'equipment' | 'notes' | 'value'): RecordRoutes {
  return {
    create: `POST ${prefix}/${part}/:parentId/store`,
    update: `POST ${prefix}/${part}/:id/update`,
    remove: `DELETE ${prefix}/${part}/:id`,
    ...(part === 'notes' ? {} : { editForm: `GET ${prefix}/${part}/:id/edit` as const }),
  };
}
