import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { percentSchema } from '../../schemas/percent';
import { emailField, phoneField, requiredText, textField } from '../customers/contact-fields';

export const PAYMENT_TYPES = ['ACH', 'Wire', 'Check', 'Quick pay'] as const;

/** One row of POST /factoring/list (000 §3 "Factoring company"); percent is 3.125 for 3.125 %. */
export const FactoringRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  percent: z.number(),
});
export type FactoringRow = z.infer<typeof FactoringRowSchema>;

export const FactoringDetailsSchema = FactoringRowSchema.extend({
  email: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  payment_type: z.string().nullable(),
});
export type FactoringDetails = z.infer<typeof FactoringDetailsSchema>;

export const FactoringNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type FactoringNote = z.infer<typeof FactoringNoteSchema>;

/** Percent with up to 3 decimals, 0 to 100; stored in thousandths of a percent (3.125 → 3,125). */
const percentField = percentSchema({ label: 'percent', decimals: 3 }).transform((percent) =>
  Math.round(percent * 1000),
);

/** POST /factoring and PUT /factoring/:id; notes are added and removed with the save. */
export const FactoringFormSchema = z.object({
  name: field(requiredText(160, 'name'), { label: 'Name' }),
  email: field(emailField(), { label: 'E-mail' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone', placeholder: '(312) 555-0100' }),
  fax: field(phoneField('fax'), { label: 'Fax', kind: 'phone' }),
  address: field(textField(160, 'address'), { label: 'Address' }),
  city: field(textField(120, 'city'), { label: 'City' }),
  state: field(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'The state is a two-letter code, e.g. TX.'),
    { label: 'State', placeholder: 'TX' },
  ),
  zip: field(
    z
      .string()
      .trim()
      .regex(/^(\d{5})?$/, 'The zip code is five digits.'),
    { label: 'Zip' },
  ),
  percent: field(percentField, { label: 'Percent', kind: 'number', suffix: '%' }),
  payment_type: field(z.enum(PAYMENT_TYPES, { message: 'Choose a payment type.' }).or(z.literal('')), {
    label: 'Payment type',
    kind: 'select',
    options: PAYMENT_TYPES,
  }),
  new_notes: z.array(requiredText(1000, 'note')).max(50).default([]),
  remove_notes: z.array(z.number().int().positive()).max(200).default([]),
});
export type FactoringForm = z.input<typeof FactoringFormSchema>;
export type FactoringFormOutput = z.output<typeof FactoringFormSchema>;
export const EMPTY_FACTORING_FORM: FactoringForm = {
  name: '',
  phone: '',
  fax: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  percent: '',
  payment_type: '',
  new_notes: [],
  remove_notes: [],
};

/** GET factoring/:id/edit (000 §3): factoring, notes_rows, payment_type (the options). */
export const FactoringEditResponseSchema = z.object({
  factoring: FactoringDetailsSchema,
  notes_rows: z.array(FactoringNoteSchema),
  payment_type: z.array(z.string()),
});
export type FactoringEditResponse = z.infer<typeof FactoringEditResponseSchema>;

/** A factoring company with its notes: what a save answers besides its message. */
export const FactoringRecordSchema = z.object({
  factoring: FactoringDetailsSchema,
  notes_rows: z.array(FactoringNoteSchema),
});
export const FactoringSaveResponseSchema = FactoringRecordSchema.extend({ message: z.string() });

/** GET /factoring: the page's start data. */
export const FactoringStartResponseSchema = z.object({ payment_type: z.array(z.string()), total: z.number().int() });

/** GET factoring/:id/edit, POST /factoring, PUT and DELETE /factoring/:id (000 §7). */
export const FACTORING_ROUTES = recordRoutes('/factoring', { createForm: false });
