import { z } from 'zod';
import { field } from '../../forms/fields';
import { type NamedOption, NamedOptionSchema } from '../../http/schemas';
import { rateSchema } from '../../schemas/rate';
import { emailField, phoneField, requiredText, textField } from './contact-fields';

/** Services a customer buys from us (the list's services column). */
export const CUSTOMER_SERVICES = ['dispatch', 'safety', 'accounting', 'shop'] as const;
/** frozen (000 §3 "Table line fields"): 1 frozen (red), 2 Daptor (orange). */
export const FROZEN = { No: 0, Frozen: 1, Daptor: 2 } as const;
export const FROZEN_LABELS: Record<number, string> = { 0: 'No', 1: 'Frozen', 2: 'Daptor' };
export const FIND_US_OPTIONS = ['Referral', 'Google', 'Load board', 'Facebook', 'Trade show', 'Cold call'] as const;
/** The option the customer filter list starts with (001 §9). */
export const ALL_CUSTOMERS = { id: 0, name: 'All' } as const;

/** One row of POST /customers/list; `id` is shown as "Division ID". */
export const CustomerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  sale_manager: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  frozen: z.number().int(),
  services: z.string().nullable(),
  balance: z.number(),
  find_us: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

/** Ids arrive as numbers or as the strings a select holds; '' and null mean none. */
const optionalId = z
  .union([z.number().int().positive(), z.string().regex(/^\d*$/, 'Choose an option.'), z.null()])
  .transform((v) => (v === '' || v === null ? null : Number(v)));

/** One contact person of a customer, typed by the company's contact types (Settings → Contact types). */
export const CustomerContactFormSchema = z.object({
  id: z.number().int().positive().optional(),
  type_id: optionalId,
  name: requiredText(120, 'contact name'),
  phone: phoneField(),
  email: emailField(),
});
export type CustomerContactForm = z.input<typeof CustomerContactFormSchema>;
export const CustomerContactSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int().nullable(),
  type: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type CustomerContact = z.infer<typeof CustomerContactSchema>;
export const EMPTY_CONTACT: CustomerContactForm = { type_id: '', name: '', phone: '', email: '' };

/**
 * POST /customers/:type values (type create or update). An update is keyed by division_id (001 §3);
 * `exceptions` are new exception texts added on save (deletions go through /customers/deleteExceptions).
 */
export const CustomerFormSchema = z.object({
  division_id: z.number().int().positive().optional(),
  name: field(requiredText(160, 'customer name'), { label: 'Name' }),
  email: field(emailField(), { label: 'E-mail' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone', placeholder: '(312) 555-0100' }),
  mc_number: field(
    z
      .string()
      .trim()
      .regex(/^(\d{4,8})?$/, 'The MC number is 4 to 8 digits.'),
    { label: 'MC number' },
  ),
  dot_number: field(
    z
      .string()
      .trim()
      .regex(/^(\d{5,8})?$/, 'The DOT number is 5 to 8 digits.'),
    { label: 'DOT number' },
  ),
  frozen: field(
    z.coerce
      .number()
      .int()
      .refine((v) => v in FROZEN_LABELS, 'Choose No, Frozen or Daptor.'),
    { label: 'Frozen', kind: 'select', options: 'frozen' },
  ),
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
  sale_manager_id: field(optionalId, { label: 'Sale manager', kind: 'select', options: 'sale_managers' }),
  factoring_company_id: field(optionalId, {
    label: 'Factoring company',
    kind: 'select',
    options: 'factoring_companies',
  }),
  find_us: field(textField(60, 'find us'), { label: 'Find us', kind: 'select', options: 'find_us' }),
  services: z.array(z.enum(CUSTOMER_SERVICES, { message: 'Unknown service.' })).max(CUSTOMER_SERVICES.length),
  exceptions: z.array(requiredText(500, 'exception')).max(50).default([]),
  /** The contacts kept (with id) or added (without); `contacts_removed` are ids deleted on save. */
  contacts: z.array(CustomerContactFormSchema).max(50).default([]),
  contacts_removed: z.array(z.number().int().positive()).max(50).default([]),
});
export type CustomerForm = z.input<typeof CustomerFormSchema>;
export type CustomerFormOutput = z.output<typeof CustomerFormSchema>;
export const EMPTY_CUSTOMER_FORM: CustomerForm = {
  name: '',
  email: '',
  phone: '',
  mc_number: '',
  dot_number: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  sale_manager_id: '',
  factoring_company_id: '',
  frozen: '0',
  services: [],
  find_us: '',
  exceptions: [],
  contacts: [],
  contacts_removed: [],
};

export const CustomerTypeSchema = z.enum(['create', 'update']);

/** The customer card (GET /customers/:id) and the answer of a save. */
export const CustomerDetailsSchema = CustomerRowSchema.extend({
  mc_number: z.string().nullable(),
  dot_number: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  sale_manager_id: z.number().int().nullable(),
  factoring_company_id: z.number().int().nullable(),
  factoring_company: z.string().nullable(),
  services_list: z.array(z.string()),
  updated_at: z.string(),
  contacts: z.array(CustomerContactSchema),
});
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;

export const CustomerExceptionSchema = z.object({ id: z.number().int(), text: z.string(), created_at: z.string() });
export type CustomerException = z.infer<typeof CustomerExceptionSchema>;

export const CustomerFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
});
export type CustomerFile = z.infer<typeof CustomerFileSchema>;

export const CustomerCardSchema = z.object({
  customer: CustomerDetailsSchema,
  exceptions: z.array(CustomerExceptionSchema),
  files: z.array(CustomerFileSchema),
  counts: z.object({ drivers: z.number().int(), trucks: z.number().int(), trailers: z.number().int() }),
});
export type CustomerCard = z.infer<typeof CustomerCardSchema>;

export const CustomerSaveResponseSchema = z.object({ message: z.string(), customer: CustomerDetailsSchema });

/** The { id, name } option of the customer filter list and the form's selects. */
export const OptionSchema = NamedOptionSchema;
export type Option = NamedOption;

/** GET /customers: what the create and edit form chooses from. */
export const CustomerFormOptionsSchema = z.object({
  sale_managers: z.array(OptionSchema),
  factoring_companies: z.array(OptionSchema),
  services: z.array(z.string()),
  find_us: z.array(z.string()),
  frozen: z.array(OptionSchema),
  /** Settings → Contact types: what a contact's type offers. */
  contact_types: z.array(OptionSchema),
});
export type CustomerFormOptions = z.infer<typeof CustomerFormOptionsSchema>;

/** GET or POST /getCustomers (Customers section): the customer filter list ('All' with id 0 first). */
export const GetCustomersBodySchema = z.object({ all: z.boolean().default(true) });
export const GetCustomersResponseSchema = z.object({ customers: z.array(OptionSchema) });

/** GET /customers/description/:id: the customer's exceptions, for a tooltip or a side panel. */
export const CustomerDescriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.array(CustomerExceptionSchema),
  count: z.number().int(),
});

/**
 * A customer's own rates for the accounting services it buys (beyond the spec): GET and PUT
 * /customers/:id/service-rates. A service without the customer's rate bills at its default rate.
 * A percent-of-gross service's rate is a percent (4.555 = 4.555 % of the loads' gross, 3 decimals,
 * kept in thousandths of a percent); a per-driver-week or flat-month service's rate is dollars.
 */
export const CUSTOMER_SERVICE_RATES_URL = '/customers/:id/service-rates';
export const SERVICE_RATE_UNITS = {
  percent_of_gross: 'percent',
  per_driver_week: 'dollars',
  flat_month: 'dollars',
} as const;
export const CustomerServiceRateSchema = z.object({
  service_id: z.number().int(),
  service: z.string(),
  billing_method: z.string(),
  unit: z.enum(['percent', 'dollars']),
  default_rate: z.number(),
  /** The customer's own rate (null: the default). */
  rate: z.number().nullable(),
});
export type CustomerServiceRate = z.infer<typeof CustomerServiceRateSchema>;
export const CustomerServiceRatesSchema = z.object({ rates: z.array(CustomerServiceRateSchema) });
export type CustomerServiceRates = z.infer<typeof CustomerServiceRatesSchema>;
/**
 * PUT: each service's rate (the shared rate schema: thousandths, at most 3 decimals), or null for the
 * default. The server keeps a percent to the thousandth and dollars to the cent, within the unit's
 * limit (422 rates.N.rate).
 */
export const CustomerServiceRatesBodySchema = z.object({
  rates: z
    .array(
      z.object({
        service_id: z.number({ message: 'Choose a service.' }).int().positive('Choose a service.'),
        rate: rateSchema({ label: 'rate', max: 100_000 }).nullable().optional(),
      }),
    )
    .max(50),
});
export type CustomerServiceRatesBody = z.input<typeof CustomerServiceRatesBodySchema>;
export const CustomerServiceRatesSavedSchema = CustomerServiceRatesSchema.extend({ message: z.string() });
