import { z } from 'zod';
import { field, rowSchema } from '../../forms/fields';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';
import { percentSchema } from '../../schemas/percent';
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

// ---------- versions (the header's "what's new" popup reads the latest) ----------

export const VERSION_BASE = '/info/version';
export const VersionFormSchema = z.object({
  version: field(requiredText(20, 'version').regex(/^\d+\.\d+\.\d+$/, 'The version is three numbers, e.g. 1.4.0.'), {
    label: 'Version',
    placeholder: '1.4.0',
  }),
  description: field(requiredText(4000, 'change information'), {
    label: 'Change information',
    kind: 'textarea',
    span: 2,
  }),
  version_show: field(z.boolean().default(true), { label: 'Show the popup to users', kind: 'checkbox' }),
});
export const VersionSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  description: z.string(),
  version_show: z.boolean(),
  created_at: z.string(),
});

// ---------- system settings (GET/POST /settings/system and /settings/new-system-settings) ----------

const emailList = z
  .array(z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.')))
  .max(50, 'At most 50 recipients.');
const optionalRef = optionalId;

/** What an admin edits; `departments` is read here and written by POST /settings/departments. */
export const SystemSettingsFormSchema = z.object({
  setting: z.object({
    company_name: requiredText(160, 'company name'),
    default_page_size: z.union([z.literal(10), z.literal(15), z.literal(20), z.literal(50), z.literal(100)], {
      message: 'Choose 10, 15, 20, 50 or 100.',
    }),
  }),
  maps: z.object({
    provider: z.enum(['offline'], { message: 'Choose from the list.' }),
    road_factor: z.coerce
      .number({ message: 'The road factor must be a number.' })
      .min(1, 'The road factor is at least 1.')
      .max(2, 'The road factor is at most 2.'),
  }),
  /** The trailer type a new trailer starts with (the trailer dialog). */
  trailer_type: z.object({ default_id: optionalRef }),
  /** Who receives the reports sent by e-mail. */
  report_contacts: emailList,
  /** The statistics slots: selected sales person, selected manager, after-hours value, selected shift. */
  statistics_data: z.object({
    sales_person_id: optionalRef,
    manager_id: optionalRef,
    after_hours: optionalInt('after-hours value', 0, 24),
    shift_id: optionalRef,
  }),
  /** Trip dialog defaults. */
  dispatcher: z.object({ default_dispatcher_id: optionalRef, default_trip_status: textField(40, 'trip status') }),
  /** Trucks-on-the-road report recipients. */
  trucksOnTheRoad: emailList,
});
export type SystemSettingsForm = z.output<typeof SystemSettingsFormSchema>;
export type SystemSettingsInput = z.input<typeof SystemSettingsFormSchema>;

const Option = z.object({ id: z.number().int(), name: z.string() });
const nid = z.number().int().nullable();
/** The saved values as answered (plain types: response schemas carry no transforms). */
const SystemSettingsValuesSchema = z.object({
  setting: z.object({ company_name: z.string(), default_page_size: z.number().int() }),
  maps: z.object({ provider: z.string(), road_factor: z.number() }),
  trailer_type: z.object({ default_id: nid }),
  report_contacts: z.array(z.string()),
  statistics_data: z.object({ sales_person_id: nid, manager_id: nid, after_hours: nid, shift_id: nid }),
  dispatcher: z.object({ default_dispatcher_id: nid, default_trip_status: z.string() }),
  trucksOnTheRoad: z.array(z.string()),
});
export const SystemSettingsSchema = SystemSettingsValuesSchema.extend({
  departments: z.array(Option),
  options: z.object({ users: z.array(Option), trailer_types: z.array(Option), shifts: z.array(Option) }),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;
export const SettingsSavedSchema = SystemSettingsSchema.extend({ message: z.string() });

/** POST /settings/departments: the whole list; rows without an id are added, missing ids deleted. */
export const DepartmentsBodySchema = z.object({
  departments: z
    .array(z.object({ id: z.number().int().positive().optional(), name: requiredText(80, 'name') }))
    .max(100),
});
export const DepartmentsAnswerSchema = z.object({ message: z.string().optional(), departments: z.array(Option) });

// ---------- accounting settings (GET/POST /settings/account: setting, service, zelleAccount) ----------

/**
 * Pay rules' defaults: the federal minimum wage for a 40-hour week ($7.25 × 40 = $290.00, 29 U.S.C.
 * 206); a company in a state with a higher minimum sets its own.
 */
export const PAY_DEFAULTS = { min_weekly_pay: 290 } as const;

/**
 * Shop billing: no markup on vendors' (sublet) invoices and labour not taxed until the company says
 * otherwise (whether repair labour is taxable depends on the state).
 */
export const SHOP_DEFAULTS = { sublet_markup_percent: 0, labor_taxable: false } as const;

/** The motivation programme: the safe-driving bonus needs this many miles driven in the month. */
export const MOTIVATION_DEFAULTS = { safe_driving_min_miles: 8000 } as const;

export const AccountSettingsFormSchema = z.object({
  setting: z.object({
    remit_to: textField(500, 'remit-to address'),
    invoice_prefix: textField(10, 'invoice prefix').regex(/^[A-Z0-9-]*$/i, 'Letters, digits and dashes only.'),
    next_invoice_number: z.coerce
      .number({ message: 'The next invoice number must be a number.' })
      .int('The next invoice number must be a whole number.')
      .min(1, 'The next invoice number is at least 1.')
      .max(99_999_999, 'The next invoice number is at most 99999999.'),
    payment_terms_days: z.coerce
      .number({ message: 'The payment terms must be a number.' })
      .int('The payment terms must be whole days.')
      .min(0, 'The payment terms are at least 0 days.')
      .max(180, 'The payment terms are at most 180 days.'),
  }),
  service: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: requiredText(80, 'service name'),
        status: z.union([z.literal(0), z.literal(1)], { message: 'Choose active or inactive.' }),
        default: z.boolean(),
      }),
    )
    .max(50)
    .refine((s) => s.filter((x) => x.default).length <= 1, 'Only one service is the default.'),
  zelleAccount: z.object({
    name: textField(120, 'account name'),
    email: emailField(),
    phone: phoneField(),
  }),
  /** Pay rules: the weekly minimum a company driver's statement must leave (FLSA), in dollars. */
  pay: z
    .object({ min_weekly_pay: moneySchema({ label: 'weekly minimum pay', max: 10_000 }) })
    .default({ min_weekly_pay: PAY_DEFAULTS.min_weekly_pay }),
  /** Shop billing: the markup on vendors' invoices of a work order, and whether labour is taxed. */
  shop: z
    .object({
      sublet_markup_percent: percentSchema({ label: 'sublet markup', max: 100, decimals: 3 }),
      labor_taxable: z.boolean({ message: 'Say whether labour is taxable.' }),
    })
    .default({ ...SHOP_DEFAULTS }),
  /** Motivation programme: the miles a driver must drive in the month to earn the safe-driving bonus. */
  motivation: z
    .object({
      safe_driving_min_miles: z.coerce
        .number({ message: 'The minimum miles must be a number.' })
        .int('The minimum miles must be whole miles.')
        .min(0, 'The minimum miles are at least 0.')
        .max(100_000, 'The minimum miles are at most 100000.'),
    })
    .default({ ...MOTIVATION_DEFAULTS }),
});
export type AccountSettingsForm = z.output<typeof AccountSettingsFormSchema>;
export type AccountSettingsInput = z.input<typeof AccountSettingsFormSchema>;
export const AccountSettingsSchema = z.object({
  setting: z.object({
    remit_to: z.string(),
    invoice_prefix: z.string(),
    next_invoice_number: z.number().int(),
    payment_terms_days: z.number().int(),
  }),
  service: z.array(
    z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), default: z.boolean() }),
  ),
  zelleAccount: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  pay: z.object({ min_weekly_pay: z.number() }),
  shop: z.object({ sublet_markup_percent: z.number(), labor_taxable: z.boolean() }),
  motivation: z.object({ safe_driving_min_miles: z.number().int() }),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;
export const AccountSettingsSavedSchema = AccountSettingsSchema.extend({ message: z.string() });

export const SETTINGS_SAVED = 'Settings saved successfully.';

/**
 * Settings → User account settings (beyond the register: GET and POST /settings/user-account): the
 * caller's own preferences. The list page size a user picks is where every list starts; without
 * one, the company's default page size (system settings), if saved; else each list's own default.
 * The theme preference is not stored: it cycles in the page (auto → light → dark), dark enforced.
 */
export const USER_PAGE_SIZES = [5, 10, 15, 20, 50, 100, 200, 500] as const;
export const USER_ACCOUNT_BASE = '/settings/user-account';
export const UserAccountSettingsSchema = z.object({
  page_size: z.number().int().nullable(),
  company_page_size: z.number().int().nullable(),
  page_sizes: z.array(z.number().int()),
});
export type UserAccountSettings = z.infer<typeof UserAccountSettingsSchema>;
export const UserAccountSettingsFormSchema = z.object({
  page_size: z.union([
    z.null(),
    z.literal('').transform(() => null),
    z.coerce
      .number({ error: 'Choose a page size from the list.' })
      .int('Choose a page size from the list.')
      .refine((v) => (USER_PAGE_SIZES as readonly number[]).includes(v), 'Choose a page size from the list.'),
  ]),
});
export const UserAccountSettingsSavedSchema = UserAccountSettingsSchema.extend({ message: z.string() });
