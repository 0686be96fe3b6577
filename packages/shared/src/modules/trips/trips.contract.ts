import { z } from 'zod';
import { dateTimeSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';
import { percentSchema } from '../../schemas/percent';

/** Address filter and stop types (000 §5): PickUp 1, Delivery 2. */
export const STOP_TYPE = { PickUp: 1, Delivery: 2 } as const;
export const STOP_TYPE_LABEL: Record<number, string> = { 1: 'Pick up', 2: 'Delivery' };

/** The trips list: default window and page size (000 §3, §9). */
export const TRIPS_DEFAULT_WEEKS = 4;
export const TRIPS_PAGE_SIZE = 15;
export const AI_STATUSES = ['extracted', 'confirmed'] as const;

/** One row of the trips list: a load with its trip's people and unit (000 §3). */
export type TripListRow = {
  trip_id: number;
  load_id: number;
  routs: string | null;
  pick_up_datetime: string | null;
  delivery_datetime: string | null;
  customer: string | null;
  broker_name: string | null;
  broker_number: string | null;
  gross: number;
  dispatcher: string | null;
  bol: string | null;
  invoice: string;
  factoring: string;
  ppw_url: string;
  rpm: number | null;
  mileage_total: number;
  pick_up_mileage: number;
  mileage_empty: number;
  created_at: string;
  customer_invoice: number | null;
  dispatcher_statement: number | null;
  ai_status: string | null;
  truck: string | null;
  trailer: string | null;
  driver: string | null;
  trip_loads: number;
  trip_highlight: boolean;
};

/** Company-time date and time of a stop, "YYYY-MM-DD HH:mm" (the dialog's pickers). */
const stopTime = dateTimeSchema({ allowEmpty: true })
  .nullable()
  .default(null)
  .transform((v) => (v ? v : null));

export const StopFormSchema = z.object({
  type: z.union([z.literal(1), z.literal(2)], { message: 'A stop is a pickup (1) or a delivery (2).' }),
  city_id: z.number().int().positive().nullable().default(null),
  city: z.string().trim().min(1, 'The city field is required.').max(120),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The state is a two-letter code, e.g. TX.'),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'The zip code is five digits.')
    .default(''),
  address: z.string().trim().max(200).default(''),
  at: stopTime,
});
export type StopForm = z.input<typeof StopFormSchema>;
export type StopFormOutput = z.output<typeof StopFormSchema>;

const miles = z.coerce
  .number({ message: 'Enter a number of miles.' })
  .int('Miles are whole numbers.')
  .min(0, 'Miles cannot be negative.')
  .max(20000, 'That is too many miles for one load.');

export const TRIP_MSG = {
  passThrough: 'The lumper and the fuel surcharge are part of the gross: together they cannot exceed it.',
  team: 'A team’s second driver is another driver than the first.',
} as const;

export const LoadFormSchema = z
  .object({
    load_id: z.number().int().positive().nullable().default(null),
    broker_id: z.number().int().positive().nullable().default(null),
    broker_number: z.string().trim().max(60).default(''),
    bol: z.string().trim().max(60).default(''),
    /** Dollars, parsed to cents. */
    gross: moneySchema({ label: 'gross', max: 1_000_000 }),
    /** Pass-through charges inside the gross (a driver's percentage is paid on the rest). */
    lumper: moneySchema({ label: 'lumper', max: 1_000_000 }).default(0),
    fuel_surcharge: moneySchema({ label: 'fuel surcharge', max: 1_000_000 }).default(0),
    factoring: z.boolean().default(false),
    mileage_loaded: miles.default(0),
    mileage_empty: miles.default(0),
    ai_status: z.enum(AI_STATUSES).nullable().default(null),
    stops: z.array(StopFormSchema).max(20, 'At most 20 stops per load.'),
  })
  .superRefine((load, ctx) => {
    if (!load.stops.some((s) => s.type === 1))
      ctx.addIssue({ code: 'custom', path: ['stops'], message: 'Add at least one pickup.' });
    if (!load.stops.some((s) => s.type === 2))
      ctx.addIssue({ code: 'custom', path: ['stops'], message: 'Add at least one delivery.' });
    if (load.lumper + load.fuel_surcharge > load.gross)
      ctx.addIssue({ code: 'custom', path: ['lumper'], message: TRIP_MSG.passThrough });
  });
export type LoadForm = z.input<typeof LoadFormSchema>;
export type LoadFormOutput = z.output<typeof LoadFormSchema>;

const optionalId = z.number().int().positive().nullable().default(null);

/** The trip dialog (create and edit need CREATE_EDIT_TRIP 19). */
export const TripFormSchema = z
  .object({
    truck_id: optionalId,
    trailer_id: optionalId,
    driver_id: optionalId,
    /** A team trip's second driver, and the first driver's share of each load's pay (percent). */
    team_driver_id: optionalId,
    team_share: percentSchema({ label: 'first driver’s share' }).default(50),
    customer_id: z.number({ message: 'The customer field is required.' }).int().positive(),
    dispatcher_id: z.number({ message: 'The dispatcher field is required.' }).int().positive(),
    notes: z.string().trim().max(2000).default(''),
    loads: z.array(LoadFormSchema).min(1, 'Add at least one load.').max(20),
  })
  .superRefine((trip, ctx) => {
    if (trip.team_driver_id !== null && (trip.driver_id === null || trip.team_driver_id === trip.driver_id))
      ctx.addIssue({ code: 'custom', path: ['team_driver_id'], message: TRIP_MSG.team });
  });
export type TripForm = z.input<typeof TripFormSchema>;
export type TripFormOutput = z.output<typeof TripFormSchema>;

/** POST /trips/load: a load added to an existing trip. */
export const NewLoadBodySchema = LoadFormSchema.safeExtend({ trip_id: z.number().int().positive() });

export const StopSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  position: z.number().int(),
  city_id: z.number().int().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  address: z.string(),
  at: z.string().nullable(),
});

export const LoadDetailSchema = z.object({
  load_id: z.number().int(),
  trip_id: z.number().int(),
  position: z.number().int(),
  broker_id: z.number().int().nullable(),
  broker_name: z.string().nullable(),
  broker_number: z.string(),
  bol: z.string(),
  gross: z.number(),
  lumper: z.number(),
  fuel_surcharge: z.number(),
  factoring: z.boolean(),
  mileage_loaded: z.number().int(),
  mileage_empty: z.number().int(),
  rpm: z.number().nullable(),
  ppw: z.number().int(),
  ppw_created_by: z.number().int().nullable(),
  ppw_date: z.string().nullable(),
  billing: z.boolean(),
  customer_invoice_id: z.number().int().nullable(),
  ai_status: z.string().nullable(),
  routs: z.string().nullable(),
  locations_pickup: z.array(StopSchema),
  locations_delivery: z.array(StopSchema),
});
export type LoadDetail = z.infer<typeof LoadDetailSchema>;

/** What a load's paperwork file is (000 §3 "PPW file: type"): billing and driver pay look for the POD. */
export const PPW_TYPES = {
  bol: 'Bill of lading',
  pod: 'Proof of delivery',
  lumper: 'Lumper receipt',
  rate_confirmation: 'Rate confirmation',
  other: 'Other',
} as const;
export type PpwType = keyof typeof PPW_TYPES;
export const isPpwType = (v: string): v is PpwType => v in PPW_TYPES;

const FileRowSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int().nullable(),
  category: z.string().nullable(),
  /** The paperwork's type (bol, pod, lumper, rate_confirmation, other), or null when none was given. */
  type: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['new', 'edit', 'seen']),
});

export const TripNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  status: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});

export const TripDetailSchema = z.object({
  trip_id: z.number().int(),
  truck_id: z.number().int().nullable(),
  trailer_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  team_driver_id: z.number().int().nullable(),
  team_share: z.number(),
  customer_id: z.number().int().nullable(),
  dispatcher_id: z.number().int().nullable(),
  truck: z.string().nullable(),
  trailer: z.string().nullable(),
  driver: z.string().nullable(),
  customer: z.string().nullable(),
  dispatcher: z.string().nullable(),
  notes: z.string(),
  created_at: z.string(),
  loads: z.array(LoadDetailSchema),
  files: z.array(FileRowSchema),
  notes_rows: z.array(TripNoteSchema),
  connections: z.array(z.object({ trip_id: z.number().int(), routs: z.string().nullable() })),
});
export type TripDetail = z.infer<typeof TripDetailSchema>;
export const TripResponseSchema = z.object({ trip: TripDetailSchema });
export const TripSaveResponseSchema = z.object({ message: z.string(), trip: TripDetailSchema });
export const LoadSaveResponseSchema = z.object({
  message: z.string(),
  load_id: z.number().int(),
  trip_id: z.number().int(),
});

export const TripNoteBodySchema = z.object({ text: z.string().trim().min(1, 'Write a note.').max(2000) });

/** POST /trips/connection: connect (or disconnect) two trips. */
export const ConnectionBodySchema = z.object({
  trip_id: z.number().int().positive(),
  connected_trip_id: z.number().int().positive(),
  connect: z.boolean().default(true),
});

const option = z.object({ value: z.number().int(), label: z.string() });
export type SelectOption = z.infer<typeof option>;
/** POST /trips/filters: options of the dialog selects and the list filters. */
export const TripFiltersResponseSchema = z.object({
  filters: z.object({
    /** A truck brings its trailer and driver into a new trip. */
    trucks: z.array(option.extend({ trailer_id: z.number().int().nullable(), driver_id: z.number().int().nullable() })),
    trailers: z.array(option),
    trailer_types: z.array(option),
    drivers: z.array(option),
    customers: z.array(option),
    dispatchers: z.array(option),
    brokers: z.array(option),
    /** A new trip starts with these (system settings' dispatcher defaults, within the caller's scope). */
    defaults: z.object({ dispatcher_id: z.number().int().nullable() }),
  }),
});
export type TripFilters = z.infer<typeof TripFiltersResponseSchema>['filters'];

/** POST /location: a location from a zip or a city and state (the cities table). */
export const LocationBodySchema = z
  .object({
    zip: z
      .string()
      .trim()
      .regex(/^(\d{5})?$/, 'The zip code is five digits.')
      .default(''),
    city: z.string().trim().max(120).default(''),
    state: z.string().trim().toUpperCase().max(2).default(''),
  })
  .refine((v) => v.zip || (v.city && v.state), { message: 'Enter a zip code, or a city and a state.', path: ['zip'] });
export const LocationSchema = z.object({
  state_id: z.string(),
  city_id: z.number().int(),
  zip_code: z.string(),
  city: z.string(),
  state: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;
export const LocationResponseSchema = z.object({ location: LocationSchema });
export const StatesResponseSchema = z.object({ states: z.array(z.object({ value: z.string(), label: z.string() })) });

/** POST /filterLoads: the connection picker's lookup by load or trip id, broker number or BOL. */
export const LoadLookupBodySchema = z.object({
  search: z.string().trim().max(60).default(''),
  limit: z.number().int().min(1).max(50).default(20),
});
export const LoadLookupResponseSchema = z.object({
  loads: z.array(
    z.object({
      load_id: z.number().int(),
      trip_id: z.number().int(),
      broker_number: z.string().nullable(),
      bol: z.string().nullable(),
      routs: z.string().nullable(),
    }),
  ),
});

/** PPW: files of a load (000 §3 "The PPW files list is load_files"). */
export const PpwFileSchema = FileRowSchema;
export const PpwListResponseSchema = z.object({
  load_files: z.array(PpwFileSchema),
  load: z.object({
    load_id: z.number().int(),
    ppw: z.number().int(),
    ppw_created_by: z.number().int().nullable(),
    ppw_date: z.string().nullable(),
  }),
});
export const PpwUploadResponseSchema = z.object({
  message: z.string(),
  file: PpwFileSchema,
  load: PpwListResponseSchema.shape.load,
});
/** POST /loads/sendPPW/:id and /loads/ppwSelected/:id: who gets the mail (default: the broker's e-mail). */
export const SendPpwBodySchema = z.object({
  email: z.email('Enter a valid e-mail address.').or(z.literal('')).default(''),
  files: z.array(z.number().int().positive()).max(50).optional(),
});
export type SendPpwBody = z.input<typeof SendPpwBodySchema>;
export const SendPpwResponseSchema = z.object({
  message: z.string(),
  data: z.object({ mail_id: z.number().int(), status: z.string(), to: z.string(), files: z.number().int() }),
});

/** Spec list filter values (000 §3), accepted on POST /trips beside the engine's own request. */
export const SpecTripFiltersSchema = z.object({
  selectTruck: z.array(z.number().int()).optional(),
  selectTrailer: z.array(z.number().int()).optional(),
  selectTrailerType: z.array(z.number().int()).optional(),
  selectDriver: z.array(z.number().int()).optional(),
  selectCustomer: z.array(z.number().int()).optional(),
  selectBrocker: z.array(z.number().int()).optional(),
  selectBrockerNum: z.union([z.string(), z.array(z.string())]).optional(),
  selectId: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  selectDispatcher: z.array(z.number().int()).optional(),
  dateDelivery: z.unknown().optional(),
  datePU: z.unknown().optional(),
  selectBilling: z.union([z.literal(1), z.literal(0), z.literal(-1)]).optional(),
  selectBol: z.string().optional(),
  selectInvoiced: z.union([z.literal(1), z.literal(0), z.literal(-1)]).optional(),
  weeks: z.number().int().min(1).max(520).optional(),
  limit: z.number().int().optional(),
  pageNum: z.number().int().optional(),
});
export type SpecTripFilters = z.infer<typeof SpecTripFiltersSchema>;
export const SPEC_FILTER_KEYS = Object.keys(SpecTripFiltersSchema.shape);

/** Export by fileType (000 §9): 4 loads, 5 trips, anything else the trips file route. */
export const exportUrlForFileType = (fileType: number) =>
  fileType === 4 ? '/loads/export' : fileType === 5 ? '/trips/export' : '/trips/files';

/** A load's billing and its customer invoice, for the trip's detail view. */
export const LoadMoneySchema = z.object({
  load_id: z.number().int(),
  billing: z.boolean(),
  ppw: z.boolean(),
  invoice: z
    .object({
      id: z.number().int(),
      status: z.string(),
      from: z.string(),
      to: z.string(),
      total: z.number(),
      paid: z.number(),
      due: z.number(),
      sent_at: z.string().nullable(),
    })
    .nullable(),
});
export const TripPaymentSchema = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  paid_on: z.string(),
  amount: z.number(),
  method: z.string(),
});
/** One change to the trip, one of its loads, notes or connections (the audit table). */
export const TripHistorySchema = z.object({
  at: z.string(),
  user: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  /** The fields an update changed (empty for a create or a delete). */
  fields: z.array(z.string()),
});
/** GET /trips/:id/detail: the trip with its money and its change history (the detail view). */
export const TripDetailViewResponseSchema = z.object({
  trip: TripDetailSchema,
  money: z.array(LoadMoneySchema),
  payments: z.array(TripPaymentSchema),
  history: z.array(TripHistorySchema),
});
export type TripDetailView = z.infer<typeof TripDetailViewResponseSchema>;
