import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { defineImport, importCell, parseImportDate, parseImportNumber } from '../../import/import.contract';
import { dateTimeSchema } from '../../schemas/dates';
import { parseDecimal } from '../../schemas/decimal';

/**
 * ELD data and odometers (issue 30): an ELD provider's jurisdiction-miles report, odometer readings
 * from fuel purchases, ELD exports, work-order check-ins and typed by hand, and each truck's odometer
 * between readings. Rules and sources: packages/server/src/modules/eld/README.md.
 */
export const ELD_BASE = '/eld';

/**
 * The most a truck can drive in a day: 11 hours of driving (49 CFR 395.3(a)(3)) at a 70 mph limit is
 * 770 miles, rounded up. Used for "absurd" ELD miles and for an odometer that jumps too far.
 */
export const MAX_MILES_PER_DAY = 800;

/** US states (and DC, where trucks drive though IFTA does not tax it) by USPS code. */
export const US_JURISDICTIONS = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;

/** The ten Canadian provinces by Canada Post code (the territories are not IFTA members). */
export const CANADIAN_JURISDICTIONS = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
} as const;

const JURISDICTIONS: Record<string, string> = { ...US_JURISDICTIONS, ...CANADIAN_JURISDICTIONS };
const BY_NAME = new Map(Object.entries(JURISDICTIONS).map(([code, name]) => [name.toLowerCase(), code]));
// Spellings ELD exports use besides the official names.
BY_NAME.set('newfoundland', 'NL').set('québec', 'QC').set('washington dc', 'DC').set('pei', 'PE');

/** A jurisdiction's code from its code or its name ("tx", "Texas", "Québec"), or null when it is neither. */
export function jurisdictionCode(text: string): string | null {
  const t = text.trim();
  const upper = t.toUpperCase();
  if (upper in JURISDICTIONS) return upper;
  return BY_NAME.get(t.toLowerCase().replace(/\s+/g, ' ').replace(/\./g, '')) ?? null;
}

export const ELD_MSG = {
  unknownUnit: 'No truck has this unit number.',
  jurisdiction: 'The jurisdiction is not a US state or a Canadian province.',
  milesNegative: 'The miles cannot be negative.',
  milesTooMany: `No truck drives more than ${MAX_MILES_PER_DAY} miles in a day.`,
  future: 'The date is after today.',
  twice: 'The unit, date and jurisdiction appear more than once in the file.',
  dateTime: 'The date/time is a date and time (YYYY-MM-DD HH:mm or MM/DD/YYYY HH:mm).',
  odometer: 'The odometer is a whole number from 0 to 10,000,000.',
  noTruck: 'Choose a truck of the fleet.',
  backwards: (odometer: number, on: string, source: string) =>
    `The odometer cannot go back: the truck read ${odometer.toLocaleString('en-US')} mi on ${on} (${source}).`,
  beyondLater: (odometer: number, on: string, source: string) =>
    `The odometer is above the ${odometer.toLocaleString('en-US')} mi the truck read later, on ${on} (${source}).`,
  tooFar: (miles: number, days: number) =>
    `The odometer jumps ${miles.toLocaleString('en-US')} mi in ${days} day${days === 1 ? '' : 's'}: more than ${MAX_MILES_PER_DAY} miles a day.`,
} as const;

/** Miles to the tenth, 0 to MAX_MILES_PER_DAY: what one truck can run in one jurisdiction in a day. */
const milesCell = z
  .string()
  .trim()
  .transform((text, ctx): number | null => {
    const n = text === '' ? null : parseImportNumber(text);
    const problem =
      text === ''
        ? 'The miles field is required.'
        : n === null
          ? 'The miles are a number.'
          : n < 0
            ? ELD_MSG.milesNegative
            : n > MAX_MILES_PER_DAY
              ? ELD_MSG.milesTooMany
              : null;
    if (problem || n === null) {
      ctx.addIssue({ code: 'custom', message: problem ?? '' });
      return null;
    }
    // Stored in tenths of a mile; a report with hundredths rounds half up.
    return Math.round(n * 10);
  });

const jurisdictionCell = z
  .string()
  .trim()
  .transform((text, ctx): string | null => {
    const code = text === '' ? null : jurisdictionCode(text);
    if (!code)
      ctx.addIssue({
        code: 'custom',
        message: text === '' ? 'The jurisdiction field is required.' : ELD_MSG.jurisdiction,
      });
    return code;
  });

/**
 * An ELD provider's jurisdiction-miles (IFTA) report: one row per unit, day and jurisdiction. Headings
 * of the common exports match (Samsara "Vehicle", Motive "Jurisdiction", Geotab "State/Province").
 */
export const ELD_MILES_IMPORT = defineImport({
  unit: {
    label: 'Unit',
    aliases: ['vehicle', 'vehicle name', 'truck', 'truck number', 'unit number', 'unit #', 'asset'],
    required: true,
    schema: importCell.text('unit', { max: 40, required: true }),
  },
  day: {
    label: 'Date',
    aliases: ['day', 'trip date'],
    required: true,
    schema: importCell.date('date', { required: true }),
  },
  jurisdiction: {
    label: 'Jurisdiction',
    aliases: ['state', 'state/province', 'province', 'state province', 'juris'],
    required: true,
    maxLength: 40,
    schema: jurisdictionCell,
  },
  miles: {
    label: 'Miles',
    aliases: ['distance', 'distance (mi)', 'total miles', 'miles driven'],
    required: true,
    schema: milesCell,
  },
});

/** "2026-07-01 14:30", "2026-07-01T14:30:00", "7/1/2026 2:30 PM" or a date alone (midnight) → "YYYY-MM-DD HH:mm". */
export function parseImportDateTime(text: string): string | null {
  const m = /^(.+?)(?:[ T](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([AaPp][Mm])?)?$/.exec(text.trim());
  if (!m) return null;
  const day = parseImportDate(m[1] ?? '');
  if (!day) return null;
  let hours = m[2] === undefined ? 0 : Number(m[2]);
  const minutes = m[3] === undefined ? 0 : Number(m[3]);
  const half = m[4]?.toUpperCase();
  if (half && (hours < 1 || hours > 12)) return null;
  if (half === 'PM' && hours < 12) hours += 12;
  if (half === 'AM' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return `${day} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const ODOMETER_MAX = 10_000_000;
/** A whole number of miles on the truck's odometer. */
const odometerSchema = z.union([z.number(), z.string()], { error: ELD_MSG.odometer }).transform((v, ctx): number => {
  const n = typeof v === 'string' && v.trim() === '' ? null : parseDecimal(v, 0);
  if (typeof n !== 'number' || n < 0 || n > ODOMETER_MAX) {
    ctx.addIssue({ code: 'custom', message: ELD_MSG.odometer });
    return z.NEVER;
  }
  return n;
});

/** POST /eld/odometer-readings: a reading typed by hand (the truck card's odometer panel). */
export const OdometerReadingFormSchema = z.object({
  truck_id: field(z.coerce.number({ error: ELD_MSG.noTruck }).int().positive(ELD_MSG.noTruck), {
    label: 'Truck',
    kind: 'select',
    options: 'trucks',
  }),
  read_at: field(dateTimeSchema(), { label: 'Read at', placeholder: 'YYYY-MM-DD HH:mm' }),
  odometer: field(odometerSchema, { label: 'Odometer (mi)', kind: 'number', thousands: true }),
});
export type OdometerReadingForm = z.input<typeof OdometerReadingFormSchema>;

export const ODOMETER_ROUTES = recordRoutes('/eld/odometer-readings', {
  createForm: false,
  editForm: false,
  update: false,
});

/** Where a reading came from. */
export const ODOMETER_SOURCES = {
  fuel: 'Fuel purchase',
  eld: 'ELD',
  work_order: 'Work-order check-in',
  manual: 'Typed',
} as const;
export type OdometerSource = keyof typeof ODOMETER_SOURCES;
export const ODOMETER_STATUSES = { accepted: 'Accepted', flagged: 'Flagged' } as const;

/** ELD odometer readings: unit, date/time (company time), odometer. */
export const ODOMETER_IMPORT = defineImport({
  unit: {
    label: 'Unit',
    aliases: ['vehicle', 'vehicle name', 'truck', 'truck number', 'unit number', 'unit #', 'asset'],
    required: true,
    schema: importCell.text('unit', { max: 40, required: true }),
  },
  read_at: {
    label: 'Date/time',
    aliases: ['date', 'time', 'datetime', 'date time', 'timestamp', 'read at', 'reading time'],
    required: true,
    schema: z
      .string()
      .trim()
      .transform((text, ctx): string | null => {
        const value = parseImportDateTime(text);
        if (!value)
          ctx.addIssue({
            code: 'custom',
            message: text === '' ? 'The date/time field is required.' : ELD_MSG.dateTime,
          });
        return value;
      }),
  },
  odometer: {
    label: 'Odometer',
    aliases: ['odometer (mi)', 'odometer miles', 'odo', 'hubometer', 'end odometer'],
    required: true,
    schema: z
      .string()
      .trim()
      .transform((text, ctx): number | null => {
        const n = parseImportNumber(text);
        if (n === null || !Number.isInteger(n) || n < 0 || n > ODOMETER_MAX) {
          ctx.addIssue({ code: 'custom', message: ELD_MSG.odometer });
          return null;
        }
        return n;
      }),
  },
});

export const OdometerReadingSchema = z.object({
  id: z.number().int(),
  truck_id: z.number().int(),
  read_at: z.string(),
  odometer: z.number().int(),
  source: z.string(),
  source_id: z.number().int().nullable(),
  status: z.string(),
  flag_reason: z.string().nullable(),
});
export type OdometerReading = z.infer<typeof OdometerReadingSchema>;

/**
 * GET /eld/trucks/:id/odometer: the truck's odometer now — its last accepted reading plus the routed
 * miles of the loads it delivered since — with the reading's source and time, and its flagged readings.
 */
export const TruckOdometerSchema = z.object({
  truck_id: z.number().int(),
  odometer: z.number().int().nullable(),
  /** The reading it counts from (source, time, miles), or the truck form's odometer when it has none. */
  source: z.string().nullable(),
  read_at: z.string().nullable(),
  reading: z.number().int().nullable(),
  /** Routed miles (loaded and empty) of the loads delivered since the reading, and how many. */
  routed_miles: z.number().int(),
  loads: z.number().int(),
  /** Miles a day over the last 90 days of readings (0 when unknown). */
  miles_per_day: z.number(),
  flagged: z.array(OdometerReadingSchema),
  recent: z.array(OdometerReadingSchema),
});
export type TruckOdometer = z.infer<typeof TruckOdometerSchema>;

/** A row of POST /eld/miles/list. */
export type EldMilesRow = { id: number; truck: string; day: string; jurisdiction: string; miles: number };
