import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { NamedOptionSchema } from '../../http/schemas';
import { dateSchema } from '../../schemas/dates';
import { optionalId } from '../units/units.contract';

/** A row of POST /employees/list (001 §3 "Employee columns"); `company` is the employer entity. */
export const EmployeeRowSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  office: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  active: z.boolean(),
});
export type EmployeeRow = z.infer<typeof EmployeeRowSchema>;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);
/** A date or '' (none). */
const isoDate = dateSchema({ allowEmpty: true });
/** US phone (001 §9): 10 digits, an 11-digit number with a leading 1 is accepted; empty allowed. */
export const PhoneInputSchema = z
  .string()
  .transform((v) => {
    const digits = v.replace(/\D/g, '');
    return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  })
  .pipe(z.string().regex(/^([2-9]\d{9})?$/, 'The phone is 10 digits and cannot start with 0 or 1.'));

/** One inventory item in the employee dialog: new items have no id. */
export const InventoryItemSchema = z
  .object({
    id: z.number().int().positive().optional(),
    item: z
      .string()
      .trim()
      .min(1, 'The item name is required.')
      .max(120, 'The item may not be greater than 120 characters.'),
    serial: text(80, 'serial number'),
    issued_on: isoDate,
    returned_on: isoDate,
    notes: text(500, 'note'),
  })
  .refine((i) => !(i.issued_on && i.returned_on && i.returned_on < i.issued_on), {
    message: 'The return date is before the issue date.',
    path: ['returned_on'],
  });
export type InventoryItem = z.input<typeof InventoryItemSchema>;
export const InventoryRowSchema = z.object({
  id: z.number().int(),
  item: z.string(),
  serial: z.string().nullable(),
  issued_on: z.string().nullable(),
  returned_on: z.string().nullable(),
  notes: z.string().nullable(),
});
export type InventoryRow = z.infer<typeof InventoryRowSchema>;

/** The create and edit form (server and web validate with the same schema). */
export const EmployeeFormSchema = z.object({
  name: field(
    z.string().trim().min(1, 'The name is required.').max(160, 'The name may not be greater than 160 characters.'),
    { label: 'Name' },
  ),
  company: field(text(160, 'company'), { label: 'Company', options: 'companies' }),
  department_id: field(optionalId, { label: 'Department', kind: 'select', options: 'departments' }),
  office: field(text(120, 'office'), { label: 'Office', options: 'offices' }),
  position: field(text(120, 'position'), { label: 'Position' }),
  email: field(z.email('Enter a valid e-mail address.').or(z.literal('')), { label: 'E-mail' }),
  phone: field(PhoneInputSchema, { label: 'Phone', kind: 'phone', placeholder: '(214) 555-0100' }),
  phone2: field(PhoneInputSchema, { label: 'Phone 2', kind: 'phone' }),
  hired_on: field(isoDate, { label: 'Hired', kind: 'date' }),
  /** The last day worked: a salary month is prorated to it (issue 28). */
  terminated_on: field(isoDate.default(''), { label: 'Terminated', kind: 'date' }),
  active: field(z.boolean(), { label: 'Active', kind: 'checkbox' }),
  /** Items to add (no id) or update (with id); removal is DELETE /employees/:id/inventory. */
  inventory: z.array(InventoryItemSchema).max(200).default([]),
});
export type EmployeeForm = z.input<typeof EmployeeFormSchema>;
export type EmployeeFormOutput = z.output<typeof EmployeeFormSchema>;
export const EMPTY_EMPLOYEE_FORM: EmployeeForm = {
  name: '',
  company: '',
  department_id: null,
  office: '',
  position: '',
  email: '',
  phone: '',
  phone2: '',
  active: true,
  hired_on: '',
  terminated_on: '',
  inventory: [],
};

/** What the form's selects offer: GET /employees/create and part of /employees/:id/edit. */
export const EmployeeOptionsSchema = z.object({
  departments: z.array(NamedOptionSchema),
  companies: z.array(z.string()),
  /** The company's offices (Settings → Offices), then any other office already typed. */
  offices: z.array(z.string()),
  /** The inventory catalogue (Settings → Inventory): what the item field offers. */
  inventory_items: z.array(z.object({ name: z.string(), category: z.string(), serial_required: z.boolean() })),
});
export const SERIAL_REQUIRED = 'This item needs its serial number.';
export const TERMINATED_BEFORE_HIRED = 'The termination date may not be before the hire date.';
export type EmployeeOptions = z.infer<typeof EmployeeOptionsSchema>;

export const EmployeeDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
});
export type EmployeeDocument = z.infer<typeof EmployeeDocumentSchema>;

export const EmployeeEditResponseSchema = EmployeeOptionsSchema.extend({
  employee: z.object({
    id: z.number().int(),
    name: z.string(),
    company: z.string(),
    department_id: z.number().int().nullable(),
    office: z.string(),
    position: z.string(),
    email: z.string(),
    phone: z.string(),
    phone2: z.string(),
    active: z.boolean(),
    hired_on: z.string(),
    terminated_on: z.string(),
    /** The user the employee signs in as (pay history is a user's), if any. */
    user_id: z.number().int().nullable(),
  }),
  inventory: z.array(InventoryRowSchema),
  documents: z.array(EmployeeDocumentSchema),
});
export type EmployeeEditResponse = z.infer<typeof EmployeeEditResponseSchema>;

/** An employee with its inventory: what a save answers besides its message. */
export const EmployeeRecordSchema = z.object({ employee: EmployeeRowSchema, inventory: z.array(InventoryRowSchema) });
export const EmployeeSaveResponseSchema = EmployeeRecordSchema.extend({ message: z.string() });
export const InventoryResponseSchema = z.object({ inventory: z.array(InventoryRowSchema) });
export const InventoryDeleteBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one item.').max(200),
});
export const EmployeeDescriptionResponseSchema = z.object({ id: z.number().int(), description: z.string() });

/** GET /employees/create, GET /employees/:id/edit, POST /employees, PUT and DELETE /employees/:id (001 §7). */
export const EMPLOYEE_ROUTES = recordRoutes('/employees');
