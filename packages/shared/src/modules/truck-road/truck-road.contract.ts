import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { dateSchema } from '../../schemas/dates';
import { textField } from '../customers/contact-fields';
import { optionalId } from '../units/units.contract';

/** Trucks on the road (001 §3, §4, §5, §7): the day's roll-call of the fleet out on the road. */
export const TRUCK_ROAD_BASE = '/truck-road';
/** The register has no …/:id/edit: a row is edited from what the list answers. */
export const TRUCK_ROAD_ROUTES = recordRoutes(TRUCK_ROAD_BASE, { editForm: false });

/** drive_type_id: how the truck runs that day. */
export const DRIVE_TYPES = { 1: 'Solo', 2: 'Team' } as const;
export const ROAD_REASONS = [
  'Breakdown',
  'Tires',
  'Accident',
  'DOT inspection',
  'Weather',
  'Waiting for load',
] as const;
/** How long the signed report link in the mail stays valid. */
export const REPORT_LINK_DAYS = 7;

const driveType = z.coerce
  .number({ message: 'Choose solo or team.' })
  .int('Choose solo or team.')
  .refine((v) => v === 1 || v === 2, 'Choose solo or team.');

/** POST /truck-road (an id in the body updates) and PUT /truck-road/:id. */
export const TruckRoadFormSchema = z.object({
  id: z.number().int().positive().optional(),
  date: field(dateSchema(), { label: 'Date', kind: 'date' }),
  truck_id: field(
    z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number({ message: 'Choose a truck.' }).int().positive('Choose a truck.'),
    ),
    { label: 'Truck', kind: 'select', options: 'trucks' },
  ),
  driver_id: field(optionalId, { label: 'Driver', kind: 'select', options: 'drivers' }),
  drive_type_id: field(driveType, {
    label: 'Drive type',
    kind: 'select',
    options: Object.entries(DRIVE_TYPES).map(([value, label]) => ({ value, label })),
  }),
  location: field(textField(120, 'location'), { label: 'Location' }),
  out_of_service: field(z.boolean().default(false), { label: 'Out of service', kind: 'checkbox' }),
  reason: field(textField(240, 'reason'), { label: 'Reason', placeholder: 'Breakdown, tires…' }),
  note: field(textField(1000, 'note'), { label: 'Note', kind: 'textarea', span: 2 }),
});
export type TruckRoadForm = z.input<typeof TruckRoadFormSchema>;
export const EMPTY_TRUCK_ROAD: TruckRoadForm = {
  date: '',
  truck_id: '' as unknown as number,
  driver_id: null,
  drive_type_id: 1,
  location: '',
  out_of_service: false,
  reason: '',
  note: '',
};

export const TruckRoadRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  truck_id: z.number().int(),
  truck: z.string().nullable(),
  driver_id: z.number().int().nullable(),
  driver: z.string().nullable(),
  drive_type_id: z.number().int(),
  location: z.string().nullable(),
  out_of_service: z.boolean(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  dispatcher_approved: z.boolean(),
  shop_approved: z.boolean(),
});
export type TruckRoadRow = z.infer<typeof TruckRoadRowSchema>;
export const TruckRoadSavedSchema = z.object({ message: z.string(), row: TruckRoadRowSchema });

const Option = z.object({ id: z.number().int(), name: z.string() });
/** GET /truck-road/create: what the dialog chooses from. */
export const TruckRoadOptionsSchema = z.object({
  trucks: z.array(Option),
  drivers: z.array(Option),
  reasons: z.array(z.string()),
  date: z.string(),
});

/** A day (or a range) of the report; empty is today (001 §4). */
export const TruckRoadDayBodySchema = z.object({ date: dateSchema().optional() });
export const TruckRoadCountSchema = z.object({ message: z.string(), date: z.string(), count: z.number().int() });

/** POST /truck-road/approved: one approval flag of one row. */
export const TruckRoadApproveBodySchema = z.object({
  id: z.number().int().positive(),
  field: z.enum(['dispatcher_approved', 'shop_approved'], { message: 'Choose the dispatcher or shop approval.' }),
  approved: z.boolean(),
});

/** GET /truck-road/send: the recipients (system settings: trucks-on-the-road e-mails) and the day. */
export const TruckRoadRecipientsSchema = z.object({ date: z.string(), emails: z.array(z.string()) });
export const TruckRoadSendBodySchema = z.object({
  date: dateSchema().optional(),
  emails: z
    .array(z.email('Enter valid e-mail addresses.'))
    .min(1, 'Enter at least one e-mail address.')
    .max(50, 'At most 50 recipients.'),
});
export const TruckRoadSentSchema = z.object({ message: z.string(), sent: z.number().int(), link: z.string() });

/** GET /truck-road: the start of the screen (001 §3: filter, list, dates, date, emails). */
export const TruckRoadStartSchema = z.object({
  date: z.string(),
  dates: z.array(z.string()),
  emails: z.array(z.string()),
  reasons: z.array(z.string()),
});

/** The day's report opened through the signed link of its mail (no session): read-only. */
export const TruckRoadReportParamsSchema = z.object({
  company: z.coerce.number().int().positive(),
  date: dateSchema(),
});
export const TruckRoadReportSchema = z.object({
  company: z.string(),
  date: z.string(),
  rows: z.array(TruckRoadRowSchema),
  expires_at: z.string().nullable(),
});
export type TruckRoadReport = z.infer<typeof TruckRoadReportSchema>;
