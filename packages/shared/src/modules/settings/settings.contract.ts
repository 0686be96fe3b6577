import { z } from 'zod';
import { field, rowSchema } from '../../forms/fields';
import { dateSchema } from '../../schemas/dates';
import { emailField, phoneField, requiredText, textField } from '../customers/contact-fields';
import { optionalId, optionalInt } from '../units/units.contract';

/**
 * Company settings (001 §7 "Other /info lists"): each list is one declaration of six calls —
 * GET base, GET base/create, GET base/:id/edit, POST base, PUT base/:id, DELETE base/:id.
 * /info/company lives in the info-company module (the worked example of the pattern).
 */
export const INFO_BASES = {
  schedule: '/info/schedule',
  holidays: '/info/holidays',
  offices: '/info/offices',
  inventory: '/info/inventory',
  contactTypes: '/info/contacts-types',
  documentTypes: '/info/documents-types',
  departments: '/info/departments',
  positions: '/info/positions',
} as const;

const hhmm = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `The ${label} is a time of day, HH:mm (24 hours).`);

/** A shift of the company's work schedule (the work-schedule and account calendars use it). */
export const ScheduleFormSchema = z
  .object({
    name: field(requiredText(80, 'name'), { label: 'Shift' }),
    start_time: field(hhmm('start time'), { label: 'Starts', placeholder: '08:00' }),
    end_time: field(hhmm('end time'), { label: 'Ends', placeholder: '17:00' }),
    break_minutes: field(optionalInt('break', 0, 240), { label: 'Break', kind: 'number', suffix: 'min' }),
  })
  .refine((v) => v.start_time !== v.end_time, {
    path: ['end_time'],
    message: 'The shift must end at another time than it starts.',
  });
export const ScheduleSchema = rowSchema(ScheduleFormSchema);

/** A company holiday: a day off on the calendars. */
export const HolidayFormSchema = z.object({
  date: field(dateSchema(), { label: 'Date', kind: 'date' }),
  name: field(requiredText(120, 'name'), { label: 'Holiday' }),
  paid: field(z.boolean().default(true), { label: 'Paid', kind: 'checkbox' }),
});
export const HolidaySchema = rowSchema(HolidayFormSchema);
export type Holiday = { id: number; date: string; name: string; paid: boolean };

/** An office of the company (users filter by it; the geo list places check-ins). */
export const OfficeFormSchema = z.object({
  name: field(requiredText(120, 'name'), { label: 'Office' }),
  address: field(textField(240, 'address'), { label: 'Address' }),
  city: field(textField(80, 'city'), { label: 'City' }),
  state: field(
    textField(2, 'state')
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'The state is two letters.'),
    { label: 'State', placeholder: 'TX' },
  ),
  zip: field(textField(10, 'zip').regex(/^(\d{5}(-\d{4})?)?$/, 'The zip is 5 digits (or ZIP+4).'), { label: 'Zip' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone' }),
  email: field(emailField(), { label: 'E-mail' }),
});
export const OfficeSchema = rowSchema(OfficeFormSchema);

export const INVENTORY_CATEGORIES = ['Electronics', 'Keys and cards', 'Tools', 'Safety gear', 'Uniform', 'Other'];
/** An item the company issues to employees (the employees' inventory picks from it). */
export const InventoryFormSchema = z.object({
  name: field(requiredText(120, 'name'), { label: 'Item' }),
  category: field(z.enum(INVENTORY_CATEGORIES as [string, ...string[]], { message: 'Choose from the list.' }), {
    label: 'Category',
    kind: 'select',
    options: INVENTORY_CATEGORIES,
  }),
  serial_required: field(z.boolean().default(false), { label: 'Serial number required', kind: 'checkbox' }),
  description: field(textField(500, 'description'), { label: 'Description', kind: 'textarea' }),
});
export const InventorySchema = rowSchema(InventoryFormSchema);

/** A kind of contact on customers and drivers (Dispatch, Billing, Emergency …). */
export const ContactTypeFormSchema = z.object({
  name: field(requiredText(80, 'name'), { label: 'Contact type' }),
});
export const ContactTypeSchema = rowSchema(ContactTypeFormSchema);

export const DOCUMENT_SUBJECTS = ['Customer', 'Driver', 'Employee', 'Truck', 'Trailer'];
/** A kind of document filed on a customer, driver, employee or unit. */
export const DocumentTypeFormSchema = z.object({
  name: field(requiredText(80, 'name'), { label: 'Document type' }),
  subject: field(z.enum(DOCUMENT_SUBJECTS as [string, ...string[]], { message: 'Choose from the list.' }), {
    label: 'Filed on',
    kind: 'select',
    options: DOCUMENT_SUBJECTS,
  }),
  expires: field(z.boolean().default(false), { label: 'Has an expiry date', kind: 'checkbox' }),
});
export const DocumentTypeSchema = rowSchema(DocumentTypeFormSchema);

/** A department of the company (users, employees and positions belong to one). */
export const DepartmentFormSchema = z.object({
  name: field(requiredText(80, 'name'), { label: 'Department' }),
});
export const DepartmentSchema = rowSchema(DepartmentFormSchema);

/** A position (job title) within a department. */
export const PositionFormSchema = z.object({
  name: field(requiredText(80, 'name'), { label: 'Position' }),
  department_id: field(optionalId, { label: 'Department', kind: 'select', options: 'departments' }),
});
export const PositionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department_id: z.number().int().nullable(),
  department: z.string().nullable(),
});
export const PositionOptionsSchema = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** What deleting a department or position still in use answers (412). */
export const inUseMessage = (what: string, uses: string[]) => `This ${what} is still used by ${uses.join(', ')}.`;
