import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { defineImport, formColumns } from '../../import/import.contract';
import { parseDecimal } from '../../schemas/decimal';
import { emailField, phoneField, requiredText, textField } from '../customers/contact-fields';

/** Potential clients and clients share one implementation, told apart by kind (table sales_leads). */
export const LEAD_KINDS = ['potential', 'client'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** The API path of each kind (001 §7: /potentialClients and /clients). */
export const LEAD_PATHS: Record<LeadKind, string> = { potential: 'potentialClients', client: 'clients' };
export const LEAD_TITLES: Record<LeadKind, string> = { potential: 'Potential clients', client: 'Clients' };

export const LEAD_STATUSES = ['New', 'Contacted', 'Quoted', 'Follow up', 'Active', 'Canceled'] as const;
/** A row saved with this status leaves the list (001 §4). */
export const CANCELED = 'Canceled';
/** The comment column is clipped at 500 characters (001 §5). */
export const COMMENT_CLIP = 500;

/** One row of POST /potentialClients/list and /clients/list (001 §3). */
export const LeadRowSchema = z.object({
  id: z.number().int(),
  updated_at: z.string(),
  mc: z.string().nullable(),
  truck_quantity: z.number().int().nullable(),
  carrier: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  comment: z.string().nullable(),
  status: z.string(),
});
export type LeadRow = z.infer<typeof LeadRowSchema>;

const mcField = z
  .string()
  .trim()
  .transform((v) => v.replace(/^MC[-\s#]*/i, ''))
  .pipe(z.string().regex(/^(\d{4,8})?$/, 'The MC number is 4 to 8 digits.'));

const TRUCK_QUANTITY_MSG = 'The truck quantity is a whole number.';
/** Digits only: "0x10", "1e3" and true are not a number of trucks. */
const truckQuantityField = z
  .union([z.number(), z.string().trim(), z.null()], { error: TRUCK_QUANTITY_MSG })
  .transform((v, ctx) => {
    if (v === null || v === '') return null;
    const n = parseDecimal(v, 0);
    if (typeof n !== 'number' || n < 0 || n > 10000) {
      ctx.addIssue({ code: 'custom', message: TRUCK_QUANTITY_MSG });
      return z.NEVER;
    }
    return n;
  });

/** The fields a lead row holds, the same for the form and for an imported row. */
const leadFields = {
  mc: field(mcField, { label: 'MC' }),
  truck_quantity: field(truckQuantityField, { label: 'Truck quantity', kind: 'number' }),
  carrier: field(requiredText(160, 'carrier'), { label: 'Carrier' }),
  contact: field(textField(120, 'contact'), { label: 'Contact' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone', placeholder: '(312) 555-0100' }),
  email: field(emailField(), { label: 'E-mail' }),
  comment: field(textField(5000, 'comment'), { label: 'Comment', kind: 'textarea', span: 2 }),
};

/** POST /clients (create, or update when it carries an id) and PUT /clients/:id. */
export const LeadFormSchema = z.object({
  id: z.number().int().positive().optional(),
  ...leadFields,
  status: field(z.enum(LEAD_STATUSES, { message: 'Choose a status.' }), {
    label: 'Status',
    kind: 'select',
    options: LEAD_STATUSES,
  }),
  customer_id: field(
    z
      .union([z.number().int().positive(), z.string().regex(/^\d*$/), z.null()])
      .transform((v) => (v === '' || v === null ? null : Number(v))),
    { label: 'Customer', kind: 'select', options: 'customers' },
  ).optional(),
});
export type LeadForm = z.input<typeof LeadFormSchema>;
export type LeadFormOutput = z.output<typeof LeadFormSchema>;
export const EMPTY_LEAD_FORM: LeadForm = {
  mc: '',
  truck_quantity: '',
  carrier: '',
  contact: '',
  phone: '',
  email: '',
  comment: '',
  status: 'New',
};

export const LeadDescriptionSchema = z.object({ id: z.number().int(), text: z.string(), created_at: z.string() });
export const LeadInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  amount: z.number(),
  issued_on: z.string().nullable(),
});

export const LeadEditResponseSchema = z.object({
  row: LeadRowSchema.extend({ customer_id: z.number().int().nullable() }),
  descriptions: z.array(LeadDescriptionSchema),
  invoices: z.array(LeadInvoiceSchema),
  statuses: z.array(z.string()),
});
export type LeadEditResponse = z.infer<typeof LeadEditResponseSchema>;

/** GET /clients and GET /clients/create (optional customer_id): what the form chooses from. */
export const LeadStartResponseSchema = z.object({
  statuses: z.array(z.string()),
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  row: z.object({ customer_id: z.number().int().nullable(), status: z.string() }),
});

/** A saved row; `removed` when its status is Canceled and it leaves the list (001 §4). */
export const LeadSaveResponseSchema = z.object({ message: z.string(), row: LeadRowSchema, removed: z.boolean() });

// ---------- import ----------

export const DUPLICATE_MC_IN_FILE = 'The MC number appears more than once in the file.';
export const DUPLICATE_MC_IN_LIST = 'The MC number is already in the list.';

/**
 * The leads spreadsheet: every column is checked by the lead form's own field (LeadFormSchema); MC
 * numbers unique in the file and in the list.
 */
export const LEAD_IMPORT = defineImport(
  formColumns(LeadFormSchema, {
    mc: {
      label: 'MC',
      aliases: ['mc number', 'mc#'],
      maxLength: 200,
      unique: { inFile: DUPLICATE_MC_IN_FILE, existing: DUPLICATE_MC_IN_LIST },
    },
    truck_quantity: { label: 'Truck quantity', aliases: ['trucks', 'truck qty', 'qty'], maxLength: 200 },
    carrier: { label: 'Carrier', aliases: ['company', 'carrier name'], required: true },
    contact: { label: 'Contact', aliases: ['contact name'] },
    phone: { label: 'Phone', aliases: ['phone number'], maxLength: 200 },
    email: { label: 'Email', aliases: ['e-mail'] },
    comment: { label: 'Comment', aliases: ['comments', 'note', 'notes'], maxLength: 10000 },
  }),
);

/** GET …/create, GET …/:id/edit, POST … (an id in the body updates), PUT and DELETE …/:id of one kind. */
export const leadRoutes = (kind: LeadKind) => recordRoutes(`/${LEAD_PATHS[kind]}`);
