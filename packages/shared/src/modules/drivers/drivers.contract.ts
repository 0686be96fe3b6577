import { z } from 'zod';
import { FilterOptionSchema } from '../../list/list.contract';
import { dateSchema } from '../../schemas/dates';
import { rateSchema } from '../../schemas/rate';

/** Value → label of the drivers' coded fields (list cells, filter options and dialog selects). */
export const DRIVER_TYPES = { company: 'Company', owner_operator: 'Owner operator', lease: 'Lease' } as const;
export const PAYMENT_TYPES = { per_mile: 'Per mile', percent: 'Percent', flat: 'Flat', hourly: 'Hourly' } as const;
export const DRIVER_SERVICES = { dispatch: 'Dispatch', safety: 'Safety', accounting: 'Accounting' } as const;
export const CONTRACT_TYPES = { per_mile: 'Per mile', percent: 'Percent', flat: 'Flat', hourly: 'Hourly' } as const;
/** Who bears fuel under a contract (unset: the driver's type decides; a company driver never does). */
export const FUEL_PAID_BY = { driver: 'The driver', company: 'The company' } as const;
/** When a load is paid: delivered in the statement's period, or once its proof of delivery is in. */
export const PAY_BASIS = { delivery: 'On delivery', ppw: 'With PPW received' } as const;
/** Categories of a driver's files (platform files, entity 'drivers'). A 'contract' file is never deleted. */
export const DRIVER_FILE_CATEGORIES = {
  contract: 'Contract',
  cdl: 'CDL',
  medical: 'Medical card',
  other: 'Other',
} as const;
export const DRIVER_FILE_ENTITY = 'drivers';
/** The rule of 001 §5, as the dialog explains it (the files platform refuses with the same words). */
export const CONTRACT_FILE_KEPT = 'A driver file with category contract cannot be deleted.';

const keysOf = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const optionalDate = (label: string) =>
  dateSchema({ allowEmpty: true, message: `The ${label} is not a valid date (YYYY-MM-DD).` }).transform((v) =>
    v === '' ? null : v,
  );

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .transform((v) => (v === '' ? null : v));

/** A select's value: '' or null means none. */
const optionalId = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null || v === '' ? null : Number(v)))
  .pipe(z.number().int().positive('Choose a value from the list.').nullable());

/** Ten digits; the input may be formatted. Empty is allowed only where the field is optional. */
const phone = (required: boolean) =>
  z
    .string()
    .transform((v) => {
      const digits = v.replace(/\D/g, '');
      return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    })
    .pipe(
      required
        ? z
            .string()
            .min(1, 'The phone is required.')
            .regex(/^[2-9]\d{9}$/, 'The phone is 10 digits and cannot start with 0 or 1.')
        : z.string().regex(/^([2-9]\d{9})?$/, 'The phone is 10 digits and cannot start with 0 or 1.'),
    )
    .transform((v) => (v === '' ? null : v));

/** A rate to the thousandth ($0.575 a mile, 88.5 %), parsed to thousandths. */
const rate = (label: string) => rateSchema({ label, max: 100_000 });

/** The create and edit form of a driver (server and web validate with the same schema). */
export const DriverFormSchema = z.object({
  driver: z
    .string()
    .trim()
    .min(1, 'The driver name is required.')
    .max(120, 'The driver name may not be greater than 120 characters.'),
  phone: phone(true),
  phone2: phone(false),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid e-mail address.').or(z.literal('')))
    .transform((v) => (v === '' ? null : v)),
  driver_type: z.enum(keysOf(DRIVER_TYPES), 'Choose the driver type.'),
  safety: z.boolean(),
  service: z
    .enum(keysOf(DRIVER_SERVICES), 'Choose a service from the list.')
    .or(z.literal(''))
    .transform((v) => (v === '' ? null : v)),
  eld_name: optionalText(60, 'ELD name'),
  customer_id: optionalId,
  truck_id: optionalId,
  trailer_id: optionalId,
  trailer_type_id: optionalId,
  amount: rate('rate'),
  payment_type: z.enum(keysOf(PAYMENT_TYPES), 'Choose the payment type.'),
  cdl_number: optionalText(20, 'CDL number'),
  cdl_expires_on: optionalDate('CDL expiry date'),
  medical_card_expires_on: optionalDate('medical card expiry date'),
  hired_on: optionalDate('hire date'),
  terminated_on: optionalDate('termination date')
    .nullish()
    .transform((v) => v ?? null),
  active: z.boolean(),
});
export type DriverForm = z.input<typeof DriverFormSchema>;
export type DriverFormOutput = z.output<typeof DriverFormSchema>;

export const EMPTY_DRIVER_FORM: DriverForm = {
  driver: '',
  phone: '',
  phone2: '',
  email: '',
  driver_type: 'company',
  safety: false,
  service: '',
  eld_name: '',
  customer_id: null,
  truck_id: null,
  trailer_id: null,
  trailer_type_id: null,
  amount: '',
  payment_type: 'per_mile',
  cdl_number: '',
  cdl_expires_on: '',
  medical_card_expires_on: '',
  hired_on: '',
  terminated_on: '',
  active: true,
};

/** A driver as the card (GET /drivers/:id) and the saves answer it; amount in dollars. */
export const DriverSchema = z.object({
  id: z.number().int(),
  driver: z.string(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  email: z.string().nullable(),
  driver_type: z.string(),
  safety: z.boolean(),
  service: z.string().nullable(),
  eld_name: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  truck_id: z.number().int().nullable(),
  truck_number: z.string().nullable(),
  trailer_id: z.number().int().nullable(),
  trailer_number: z.string().nullable(),
  trailer_type_id: z.number().int().nullable(),
  trailer_type: z.string().nullable(),
  amount: z.number(),
  payment_type: z.string(),
  cdl_number: z.string().nullable(),
  cdl_expires_on: z.string().nullable(),
  medical_card_expires_on: z.string().nullable(),
  hired_on: z.string().nullable(),
  terminated_on: z.string().nullable(),
  active: z.boolean(),
});
export type Driver = z.infer<typeof DriverSchema>;

/** The list row (POST /drivers/list): the spec's columns plus the expiry dates. */
export type DriverRow = {
  id: number;
  driver: string;
  phone: string | null;
  phone2: string | null;
  driver_type: string;
  safety: boolean;
  service: string | null;
  eld_name: string | null;
  customer: string | null;
  truck_number: string | null;
  trailer_number: string | null;
  trailer_type: string | null;
  amount: number;
  payment_type: string;
  cdl_expires_on: string | null;
  medical_card_expires_on: string | null;
};

export const driverToForm = (d: Driver): DriverForm => ({
  driver: d.driver,
  phone: d.phone ?? '',
  phone2: d.phone2 ?? '',
  email: d.email ?? '',
  driver_type: d.driver_type as DriverForm['driver_type'],
  safety: d.safety,
  service: (d.service ?? '') as DriverForm['service'],
  eld_name: d.eld_name ?? '',
  customer_id: d.customer_id,
  truck_id: d.truck_id,
  trailer_id: d.trailer_id,
  trailer_type_id: d.trailer_type_id,
  amount: d.amount,
  payment_type: d.payment_type as DriverForm['payment_type'],
  cdl_number: d.cdl_number ?? '',
  cdl_expires_on: d.cdl_expires_on ?? '',
  medical_card_expires_on: d.medical_card_expires_on ?? '',
  hired_on: d.hired_on ?? '',
  terminated_on: d.terminated_on ?? '',
  active: d.active,
});

// ---------- contracts ----------

/** A pay contract: rate in dollars (per mile, per load) or percent, by contract_type. */
export const DriverContractFormSchema = z.object({
  contract_type: z.enum(keysOf(CONTRACT_TYPES), 'Choose the contract type.'),
  rate: rate('rate'),
  fuel_paid_by: z
    .enum(keysOf(FUEL_PAID_BY), 'Choose who bears fuel.')
    .or(z.literal(''))
    .nullish()
    .transform((v) => (v ? v : null)),
  pay_basis: z.enum(keysOf(PAY_BASIS), 'Choose when loads are paid.').default('delivery'),
  fsc_pass_through: z.boolean().default(false),
  starts_on: dateSchema(),
  ends_on: optionalDate('end date')
    .optional()
    .transform((v) => v ?? null),
  terms: optionalText(2000, 'terms')
    .optional()
    .transform((v) => v ?? null),
  /** The signed copy: a file of this driver uploaded with category 'contract'. */
  file_id: optionalId.optional().transform((v) => v ?? null),
});
export type DriverContractForm = z.input<typeof DriverContractFormSchema>;
export type DriverContractFormOutput = z.output<typeof DriverContractFormSchema>;
export const EMPTY_CONTRACT_FORM: DriverContractForm = {
  contract_type: 'per_mile',
  rate: '',
  fuel_paid_by: '',
  pay_basis: 'delivery',
  fsc_pass_through: false,
  starts_on: '',
  ends_on: '',
  terms: '',
  file_id: null,
};

export const DriverFileSchema = z.object({
  id: z.number().int(),
  category: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
});
export type DriverFile = z.infer<typeof DriverFileSchema>;

export const DriverContractSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  contract_type: z.string(),
  /** Dollars (per mile, load or hour) or percent, to the thousandth. */
  rate: z.number(),
  fuel_paid_by: z.string().nullable(),
  pay_basis: z.string(),
  fsc_pass_through: z.boolean(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  terms: z.string().nullable(),
  file_id: z.number().int().nullable(),
  file: DriverFileSchema.nullable(),
  created_at: z.string(),
});
export type DriverContract = z.infer<typeof DriverContractSchema>;

// ---------- responses ----------

export const DriverOptionsSchema = z.object({
  customers: z.array(FilterOptionSchema),
  trucks: z.array(FilterOptionSchema),
  trailers: z.array(FilterOptionSchema),
  trailer_types: z.array(FilterOptionSchema),
  /** Settings → Document types for drivers: more categories a driver's file may take. */
  document_types: z.array(z.string()),
});
export type DriverOptions = z.infer<typeof DriverOptionsSchema>;

/** GET /drivers/getNew: an empty driver and the dialog's select options. */
export const DriverNewResponseSchema = z.object({ driver: z.null(), options: DriverOptionsSchema });
/** GET /drivers/:id: the card. */
export const DriverCardResponseSchema = z.object({
  driver: DriverSchema,
  contracts: z.array(DriverContractSchema),
  files: z.array(DriverFileSchema),
  options: DriverOptionsSchema,
});
export type DriverCard = z.infer<typeof DriverCardResponseSchema>;
export const DriverSaveResponseSchema = z.object({ message: z.string(), driver: DriverSchema });
export const ContractResponseSchema = z.object({ contract: DriverContractSchema });
export const ContractSaveResponseSchema = z.object({ message: z.string(), contract: DriverContractSchema });
export const ContractsResponseSchema = z.object({ rows: z.array(DriverContractSchema) });
export const DriverDescriptionResponseSchema = z.object({ id: z.number().int(), description: z.string() });

/** POST /drivers/destroyFiles and /drivers/destroyContract: the deletions drafted in the dialog. */
export const DestroyIdsBodySchema = z.object({
  driver_id: z.number().int().positive(),
  ids: z.array(z.number().int().positive()).max(200),
});
export type DestroyIdsBody = z.infer<typeof DestroyIdsBodySchema>;
export const DestroyResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });
