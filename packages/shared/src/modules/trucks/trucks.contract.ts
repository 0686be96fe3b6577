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

export const TRUCK_STATUSES = ['on_road', 'in_shop', 'waiting', 'out_of_service'] as const;
export const TRUCK_STATUS_LABELS: Record<(typeof TRUCK_STATUSES)[number], string> = {
  on_road: 'On the road',
  in_shop: 'In the shop',
  waiting: 'Waiting',
  out_of_service: 'Out of service',
};
/** The truck create and edit form (server and web validate with the same schema). */
export const TruckFormSchema = z.object({
  truck_number: field(requiredText(20, 'truck number'), { label: 'Truck number' }),
  make: field(optionalText(40, 'make'), { label: 'Make' }),
  model: field(optionalText(40, 'model'), { label: 'Model' }),
  ...unitIdentityFormFields,
  driver_id: field(optionalId, { label: 'Driver', kind: 'select', options: 'options.drivers' }),
  trailer_id: field(optionalId, { label: 'Trailer', kind: 'select', options: 'options.trailers' }),
  eld: field(optionalText(60, 'ELD'), { label: 'ELD', options: 'options.elds' }),
  ...unitServiceFormFields('PM miles'),
  status: field(z.enum(UNIT_STATUSES, { message: 'Choose active, left company or sold.' }), {
    label: 'Status',
    kind: 'select',
    options: UNIT_STATUS_OPTIONS,
  }),
  truck_status: field(
    z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.enum(TRUCK_STATUSES, { message: 'Choose a truck status.' }).nullable(),
    ),
    {
      label: 'Truck status',
      kind: 'select',
      options: TRUCK_STATUSES.map((v) => ({ value: v, label: TRUCK_STATUS_LABELS[v] })),
    },
  ),
  origin_value: field(optionalMoney('origin value'), { label: 'Origin value', kind: 'money' }),
});
export type TruckFormOutput = z.output<typeof TruckFormSchema>;

/** What the web form holds: text inputs as strings, selects as string | null, numbers as number | ''. */
export type TruckForm = {
  truck_number: string;
  make: string;
  model: string;
  year: number | string;
  vin: string;
  plate: string;
  customer_id: string | null;
  driver_id: string | null;
  trailer_id: string | null;
  eld: string;
  alignment_date: string | null;
  annual_inspection_date: string | null;
  pm_miles: number | string;
  odometer: number | string;
  registration_expires_on: string | null;
  company_owner: string;
  status: string;
  truck_status: string | null;
  origin_value: number | string;
};
export const EMPTY_TRUCK_FORM: TruckForm = {
  truck_number: '',
  make: '',
  model: '',
  year: '',
  vin: '',
  plate: '',
  customer_id: null,
  driver_id: null,
  trailer_id: null,
  eld: '',
  alignment_date: null,
  annual_inspection_date: null,
  pm_miles: '',
  odometer: '',
  registration_expires_on: null,
  company_owner: '',
  status: 'active',
  truck_status: null,
  origin_value: '',
};

export const TruckSchema = z.object({
  id: z.number().int(),
  truck_number: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  ...unitIdentityFields,
  driver_id: z.number().int().nullable(),
  driver: z.string().nullable(),
  trailer_id: z.number().int().nullable(),
  trailer_number: z.string().nullable(),
  trailer_type: z.string().nullable(),
  eld: z.string().nullable(),
  ...unitServiceFields,
  status: z.enum(UNIT_STATUSES),
  truck_status: z.enum(TRUCK_STATUSES).nullable(),
  origin_value: z.number().nullable(),
});
export type Truck = z.infer<typeof TruckSchema>;

/** One row of POST /trucks/list (001 §3 truck columns, plus registration expiry). */
export type TruckListRow = {
  id: number;
  truck_number: string;
  trailer_number: string | null;
  trailer_type: string | null;
  driver: string | null;
  customer: string | null;
  eld: string | null;
  alignment_date: string | null;
  annual_inspection_date: string | null;
  pm_date: number | null;
  odometer: number | null;
  company_owner: string | null;
  active: string;
  left_company: boolean;
  sold: boolean;
  truck_status: string | null;
  registration_expires_on: string | null;
  alignment_due: boolean;
  annual_inspection_due: boolean;
  pm_due: boolean;
};

export const TruckOptionsSchema = z.object({
  customers: z.array(SelectOptionSchema),
  drivers: z.array(SelectOptionSchema),
  trailers: z.array(SelectOptionSchema),
  elds: z.array(z.string()),
});
export type TruckOptions = z.infer<typeof TruckOptionsSchema>;

/** GET /trucks/create (optional customer_id narrows drivers and trailers). */
export const TruckCreateQuerySchema = z.object({ customer_id: optionalId.optional() });
export const TruckCreateResponseSchema = z.object({ options: TruckOptionsSchema });
export const TruckEditResponseSchema = z.object({ truck: TruckSchema, options: TruckOptionsSchema });
export const TruckSaveResponseSchema = z.object({ message: z.string(), truck: TruckSchema });

/** POST /trucks/getDriverTrailers: a customer's drivers and trailers for the truck form. */
export const DriverTrailersBodySchema = z.object({ customer_id: optionalId.optional() });
export const DriverTrailersResponseSchema = z.object({
  drivers: z.array(SelectOptionSchema),
  trailers: z.array(SelectOptionSchema),
});

/** GET /trucks/create, GET /trucks/:id/edit, POST /trucks, PUT and DELETE /trucks/:id (001 §7). */
export const TRUCK_ROUTES = recordRoutes('/trucks');
