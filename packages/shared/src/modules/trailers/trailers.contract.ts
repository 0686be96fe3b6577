import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { SelectOptionSchema } from '../../http/schemas';
import {
  optionalId,
  optionalMoney,
  optionalText,
  requiredText,
  UNIT_STATUS_OPTIONS,
  UNIT_STATUSES,
  unitIdentityFields,
  unitIdentityFormFields,
  unitServiceFields,
  unitServiceFormFields,
} from '../units/units.contract';

/** The trailer create and edit form (server and web validate with the same schema). */
export const TrailerFormSchema = z.object({
  trailer_number: field(requiredText(20, 'trailer number'), { label: 'Trailer number' }),
  trailer_type_id: field(optionalId, { label: 'Trailer type', kind: 'select', options: 'options.trailer_types' }),
  size: field(optionalText(20, 'size'), { label: 'Size', placeholder: '53 ft' }),
  make: field(optionalText(40, 'make'), { label: 'Make' }),
  ...unitIdentityFormFields,
  /** PM: miles, or engine hours for a reefer type. */
  ...unitServiceFormFields('PM'),
  gps: field(optionalText(60, 'GPS'), { label: 'GPS' }),
  status: field(z.enum(UNIT_STATUSES, { message: 'Choose active, left company or sold.' }), {
    label: 'Status',
    kind: 'select',
    options: UNIT_STATUS_OPTIONS,
  }),
  origin_value: field(optionalMoney('origin value'), { label: 'Origin value', kind: 'money' }),
});
export type TrailerFormOutput = z.output<typeof TrailerFormSchema>;

export type TrailerForm = {
  trailer_number: string;
  trailer_type_id: string | null;
  size: string;
  make: string;
  year: number | string;
  vin: string;
  plate: string;
  customer_id: string | null;
  alignment_date: string | null;
  annual_inspection_date: string | null;
  pm_miles: number | string;
  odometer: number | string;
  registration_expires_on: string | null;
  company_owner: string;
  gps: string;
  status: string;
  origin_value: number | string;
};
export const EMPTY_TRAILER_FORM: TrailerForm = {
  trailer_number: '',
  trailer_type_id: null,
  size: '53 ft',
  make: '',
  year: '',
  vin: '',
  plate: '',
  customer_id: null,
  alignment_date: null,
  annual_inspection_date: null,
  pm_miles: '',
  odometer: '',
  registration_expires_on: null,
  company_owner: '',
  gps: '',
  status: 'active',
  origin_value: '',
};

export const TrailerSchema = z.object({
  id: z.number().int(),
  trailer_number: z.string(),
  trailer_type_id: z.number().int().nullable(),
  trailer_type: z.string().nullable(),
  reefer: z.boolean(),
  size: z.string().nullable(),
  make: z.string().nullable(),
  ...unitIdentityFields,
  ...unitServiceFields,
  gps: z.string().nullable(),
  status: z.enum(UNIT_STATUSES),
  origin_value: z.number().nullable(),
  /** The truck hauling it, if any. */
  truck_number: z.string().nullable(),
});
export type Trailer = z.infer<typeof TrailerSchema>;

/** One row of POST /trailers/list (001 §3 trailer columns, plus registration expiry). */
export type TrailerListRow = {
  id: number;
  trailer_number: string;
  trailer_type: string | null;
  reefer: boolean;
  size: string | null;
  customer: string | null;
  alignment_date: string | null;
  annual_inspection_date: string | null;
  pm_date: number | null;
  odometer: number | null;
  company_owner: string | null;
  active: string;
  left_company: boolean;
  sold: boolean;
  gps: string | null;
  status: string | null;
  description: number;
  registration_expires_on: string | null;
  alignment_due: boolean;
  annual_inspection_due: boolean;
  pm_due: boolean;
};

export const TrailerOptionsSchema = z.object({
  customers: z.array(SelectOptionSchema),
  trailer_types: z.array(SelectOptionSchema.extend({ reefer: z.boolean() })),
  /** A new trailer starts with this type (system settings' default trailer type). */
  default_trailer_type_id: z.number().int().nullable(),
});
export type TrailerOptions = z.infer<typeof TrailerOptionsSchema>;

export const TrailerCreateQuerySchema = z.object({ customer_id: optionalId.optional() });
export const TrailerCreateResponseSchema = z.object({ options: TrailerOptionsSchema });
export const TrailerEditResponseSchema = z.object({ trailer: TrailerSchema, options: TrailerOptionsSchema });
export const TrailerSaveResponseSchema = z.object({ message: z.string(), trailer: TrailerSchema });

/** GET /trailers/getTrailerInfo: a trailer's type, size and reefer flag (the truck form shows them). */
export const TrailerInfoQuerySchema = z.object({
  id: optionalId.optional(),
  customer_id: optionalId.optional(),
});
export const TrailerInfoSchema = z.object({
  id: z.number().int(),
  trailer_number: z.string(),
  trailer_type: z.string().nullable(),
  reefer: z.boolean(),
  size: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  truck_number: z.string().nullable(),
});
export const TrailerInfoResponseSchema = z.object({
  trailer: TrailerInfoSchema.nullable(),
  trailers: z.array(TrailerInfoSchema),
});

/** GET /trailers/create, GET /trailers/:id/edit, POST /trailers, PUT and DELETE /trailers/:id (001 §7). */
export const TRAILER_ROUTES = recordRoutes('/trailers');
