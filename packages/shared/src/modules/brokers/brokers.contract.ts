import { z } from 'zod';
import { field } from '../../forms/fields';
import type { RecordRoutes } from '../../http/routes';

export const BrokerRowSchema = z.object({
  broker_id: z.number().int(),
  broker: z.string(),
  mc_number: z.string().nullable(),
  pa_street_1: z.string().nullable(),
  pa_city: z.string().nullable(),
  pa_state: z.string().nullable(),
  pa_zip: z.string().nullable(),
  email_address: z.string().nullable(),
  local_phone: z.string().nullable(),
});
export type BrokerRow = z.infer<typeof BrokerRowSchema>;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);

/** The create and edit form of a broker (server and web validate with the same schema). */
export const BrokerFormSchema = z.object({
  broker: field(
    z
      .string()
      .trim()
      .min(1, 'The broker name is required.')
      .max(160, 'The broker name may not be greater than 160 characters.'),
    { label: 'Broker' },
  ),
  mc_number: field(
    z
      .string()
      .trim()
      .regex(/^(\d{4,8})?$/, 'The MC number is 4 to 8 digits.'),
    { label: 'MC number' },
  ),
  pa_street_1: field(optionalText(160, 'street'), { label: 'Street' }),
  pa_city: field(optionalText(120, 'city'), { label: 'City' }),
  pa_state: field(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'The state is a two-letter code, e.g. TX.'),
    { label: 'State', placeholder: 'TX' },
  ),
  pa_zip: field(
    z
      .string()
      .trim()
      .regex(/^(\d{5})?$/, 'The zip code is five digits.'),
    { label: 'Zip code' },
  ),
  email_address: field(z.email('Enter a valid e-mail address.').or(z.literal('')), { label: 'E-mail' }),
  local_phone: field(
    z
      .string()
      .transform((v) => {
        const digits = v.replace(/\D/g, '');
        return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
      })
      .pipe(z.string().regex(/^([2-9]\d{9})?$/, 'The phone is 10 digits and cannot start with 0 or 1.')),
    { label: 'Phone', kind: 'phone', placeholder: '(312) 555-0100' },
  ),
});
export type BrokerForm = z.input<typeof BrokerFormSchema>;
export type BrokerFormOutput = z.output<typeof BrokerFormSchema>;
export const EMPTY_BROKER_FORM: BrokerForm = {
  broker: '',
  mc_number: '',
  pa_street_1: '',
  pa_city: '',
  pa_state: '',
  pa_zip: '',
  email_address: '',
  local_phone: '',
};

export const BrokerResponseSchema = z.object({ broker: BrokerRowSchema });
export const BrokerSaveResponseSchema = z.object({ message: z.string(), broker: BrokerRowSchema });

/** POST /filterBrockers: the broker lookup of the load form (search by name or MC number). */
export const BrokerLookupBodySchema = z.object({
  search: z.string().trim().max(120).default(''),
  limit: z.number().int().min(1).max(100).default(20),
});
export const BrokerLookupResponseSchema = z.object({ brokers: z.array(BrokerRowSchema) });

/** The register's calls of one broker: created at /broker/new (also from a load form), updated at /brokers/update/:id. */
export const BROKER_ROUTES = {
  get: 'GET /brokers/:id',
  create: 'POST /broker/new',
  update: 'POST /brokers/update/:id',
  remove: 'DELETE /brokers/:id',
} as const satisfies RecordRoutes;
