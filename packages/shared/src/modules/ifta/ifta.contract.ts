import { z } from 'zod';
import { CURRENCY_PREFIX, fixedNumFmt, formatFixed } from '../../formats/formats';
import { SelectOptionSchema } from '../../http/schemas';
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '../../schemas/dates';

/**
 * Accounting → Fuel → IFTA (beyond the spec, issues #15 and #30): the quarter's fuel-tax return per
 * jurisdiction from the road miles of the delivered loads and the empty miles between them, and the
 * taxable motor fuel bought per jurisdiction, with a rate table per quarter; and the audit file (the
 * individual vehicle distance records with the fuel receipts). The return's own precision: miles
 * whole, gallons with 3 decimals, rates in dollars per gallon with 4 decimals, money in dollars.
 */
/** The return's own precision (docs/spec-deviations.md), on screen, in the PDF and in the XLSX alike. */
export const IFTA_GALLONS_DECIMALS = 3;
export const IFTA_RATE_DECIMALS = 4;
/** Gallons as the return writes them: 1234.5 → "1,234.500". */
export const iftaGallons = (n: number): string => formatFixed(n, IFTA_GALLONS_DECIMALS);
/** A tax rate in dollars per gallon, as the return writes it: 0.285 → "$0.2850" (never ¢/gal). */
export const iftaRate = (n: number): string => formatFixed(n, IFTA_RATE_DECIMALS, CURRENCY_PREFIX);
/** Miles per gallon to 2 decimals: 6.5 → "6.50". */
export const iftaMpg = (n: number): string => formatFixed(n, 2);
/** The spreadsheet formats of the same figures. */
export const IFTA_GALLONS_NUM_FMT = fixedNumFmt(IFTA_GALLONS_DECIMALS);
export const IFTA_RATE_NUM_FMT = fixedNumFmt(IFTA_RATE_DECIMALS, CURRENCY_PREFIX);

export const IFTA_ROUTES = {
  report: '/ifta/report',
  export: '/ifta/report/export',
  auditExport: '/ifta/audit/export',
  rates: '/ifta/rates',
  trucks: '/ifta/trucks',
} as const;

export const IFTA_MSG = {
  quarter: 'Use a quarter YYYY-Qn, e.g. 2026-Q3.',
  future: 'The quarter has not started yet.',
  state: 'Use a two-letter state code.',
  rate: 'The rate is dollars per gallon with at most 4 decimals, from 0 to 10.',
  ratesSaved: 'The IFTA rates are saved.',
  stateTwice: 'The state appears more than once.',
} as const;

/** The notice of a quarter still under way: only what is delivered by today is in it. */
export const inProgressNotice = (today: string) => `In progress: loads delivered by ${today}.`;

/** The 48 contiguous states (USPS codes): IFTA members. */
// biome-ignore format: a run of codes reads better than 48 lines
export const IFTA_STATES = [
  'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA',
  'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;
/** The 10 Canadian provinces: IFTA members (the territories are not). */
export const IFTA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK'] as const;
/** Every IFTA jurisdiction: the rates editor's list. DC, Alaska and Hawaii are not members: never taxed. */
export const IFTA_JURISDICTIONS: readonly string[] = [...IFTA_STATES, ...IFTA_PROVINCES];
/** Jurisdictions whose rate matrix carries a surcharge line of its own. */
export const IFTA_SURCHARGE_JURISDICTIONS = ['IN', 'KY'] as const;
const MEMBERS = new Set(IFTA_JURISDICTIONS);
export const isIftaJurisdiction = (code: string) => MEMBERS.has(code);

const QUARTER = /^(\d{4})-Q([1-4])$/;

export const quarterSchema = z
  .string()
  .trim()
  .refine((v) => {
    const m = QUARTER.exec(v);
    return !!m && Number(m[1]) >= DATE_MIN_YEAR && Number(m[1]) <= DATE_MAX_YEAR;
  }, IFTA_MSG.quarter);

/** The quarter's first and last day (YYYY-MM-DD). */
export function quarterRange(quarter: string): { from: string; to: string } {
  const m = QUARTER.exec(quarter);
  if (!m) throw new RangeError(`Not a quarter: ${quarter}`);
  const year = Number(m[1]);
  const q = Number(m[2]);
  const first = (q - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${pad(last)}` };
}

/** The quarter a YYYY-MM-DD date falls in. */
export const quarterOf = (date: string): string =>
  `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarter before: 2026-Q1 → 2025-Q4. */
export function previousQuarter(quarter: string): string {
  const m = QUARTER.exec(quarter);
  if (!m) throw new RangeError(`Not a quarter: ${quarter}`);
  const q = Number(m[2]);
  return q === 1 ? `${Number(m[1]) - 1}-Q4` : `${m[1]}-Q${q - 1}`;
}

export const IftaReportBodySchema = z.object({
  quarter: quarterSchema,
  truck_id: z.number().int().positive().nullable().optional(),
});
export type IftaReportBody = z.infer<typeof IftaReportBodySchema>;

export const IFTA_FILE_TYPES = ['xlsx', 'pdf'] as const;
export const IftaExportBodySchema = IftaReportBodySchema.extend({ fileType: z.enum(IFTA_FILE_TYPES) });
export type IftaExportBody = z.infer<typeof IftaExportBodySchema>;
/** The export's answer: a download link of the stored file (only its creator may fetch it). */
export const IftaExportLinkSchema = z.object({ link: z.string() });

export const IFTA_LINES = ['tax', 'surcharge'] as const;

export const IftaRowSchema = z.object({
  /** The jurisdiction (USPS or Canada Post code). */
  state: z.string(),
  /**
   * `tax`: the jurisdiction's line; `surcharge`: its surcharge line (Indiana, Kentucky), on the
   * same taxable gallons with no tax-paid credit and no miles of its own.
   */
  line: z.enum(IFTA_LINES),
  /** False for DC, Alaska, Hawaii and places outside IFTA: their miles are listed, never taxed. */
  ifta: z.boolean(),
  total_miles: z.number().int(),
  taxable_miles: z.number().int(),
  taxable_gallons: z.number(),
  tax_paid_gallons: z.number(),
  net_taxable_gallons: z.number(),
  /** Dollars per gallon. */
  tax_rate: z.number(),
  /** Dollars: tax owed, or a credit when negative. */
  tax_due: z.number(),
});
export type IftaRow = z.infer<typeof IftaRowSchema>;

export const MILES_SOURCES = ['routed', 'eld'] as const;

/** One truck's miles in the quarter and where they came from (the carrier's reconciliation). */
export const IftaTruckSchema = z.object({
  truck_id: z.number().int(),
  truck_number: z.string(),
  loaded_miles: z.number().int(),
  empty_miles: z.number().int(),
  /** Routed miles: loaded + empty. */
  routed_miles: z.number().int(),
  /** The ELD's jurisdiction miles for the quarter, where the truck has them. */
  eld_miles: z.number().int().nullable(),
  /** Which miles the return uses for this truck: the ELD's where it has them. */
  source: z.enum(MILES_SOURCES),
  /** ELD − routed miles (null without ELD miles). */
  difference: z.number().int().nullable(),
});

export const IftaReportSchema = z.object({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  truck_id: z.number().int().nullable(),
  /** Jurisdictions A–Z; a surcharge line follows its jurisdiction's line. */
  rows: z.array(IftaRowSchema),
  /** Miles and gallons over the jurisdictions' lines; tax over every line (surcharges included). */
  totals: IftaRowSchema.omit({ state: true, tax_rate: true, line: true, ifta: true }),
  /** Every gallon of taxable motor fuel (diesel, gasoline) bought in the quarter, with or without a state. */
  total_gallons: z.number(),
  /** Total miles ÷ total gallons, two decimals as the IFTA return rounds it (0 with no fuel). */
  fleet_mpg: z.number(),
  /** Legs (stop to stop, or empty) left out: a stop whose city has no coordinates. */
  skipped_legs: z.number().int(),
  /** Jurisdictions in the table without a rate for the quarter (their tax reads 0). */
  missing_rates: z.array(z.string()),
  /** The quarter is still under way: only loads delivered by `delivered_by` are in it. */
  in_progress: z.boolean(),
  /** The last day the report counts: today in a quarter under way, else the quarter's last day. */
  delivered_by: z.string(),
  /** What the reader must know first (the quarter in progress), or null. */
  notice: z.string().nullable(),
  /** Loaded miles (stop to stop) and empty miles (previous delivery to the next pickup). */
  loaded_miles: z.number().int(),
  empty_miles: z.number().int(),
  /** A truck's first load with no delivery before it and no home terminal: its empty leg is unknown. */
  empty_legs_without_start: z.number().int(),
  /** Reefer fuel, reported apart: not motor fuel, not in MPG. */
  reefer: z.object({
    gallons: z.number(),
    rows: z.array(z.object({ state: z.string(), gallons: z.number() })),
  }),
  /** Gallons of other products, never counted: DEF and other items. */
  excluded_gallons: z.object({ def: z.number(), other: z.number() }),
  trucks: z.array(IftaTruckSchema),
  /** The road router that measured the miles (`offline@<network version>` or `osrm`). */
  provider: z.string(),
});
export type IftaReport = z.infer<typeof IftaReportSchema>;

/** Dollars per gallon with up to 4 decimals → rate × 10,000. */
const rateSchema = z.union([z.number(), z.string()]).transform((v, ctx): number => {
  const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v.trim());
  if (!Number.isFinite(n) || n < 0 || n > 10 || Math.abs(n * 10_000 - Math.round(n * 10_000)) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: IFTA_MSG.rate });
    return z.NEVER;
  }
  return Math.round(n * 10_000);
});

export const IftaRatesQuerySchema = z.object({ quarter: quarterSchema });

export const IftaRatesBodySchema = z.object({
  quarter: quarterSchema,
  rates: z
    .array(
      z.object({
        state: z
          .string()
          .trim()
          .transform((s) => s.toUpperCase())
          .refine((s) => /^[A-Z]{2}$/.test(s), IFTA_MSG.state),
        /** Answered as rate × 10,000 (rate_e4). Not `rate`: a field so named would read as money. */
        dollars_per_gallon: rateSchema,
        /** The surcharge line's rate (Indiana, Kentucky); absent keeps the saved one, 0 when none. */
        surcharge_per_gallon: rateSchema.optional(),
      }),
    )
    .max(100)
    .superRefine((rates, ctx) => {
      const seen = new Set<string>();
      rates.forEach((r, i) => {
        if (seen.has(r.state)) ctx.addIssue({ code: 'custom', message: IFTA_MSG.stateTwice, path: [i, 'state'] });
        seen.add(r.state);
      });
    }),
});
export type IftaRatesBody = z.input<typeof IftaRatesBodySchema>;

export const IftaRatesSchema = z.object({
  quarter: z.string(),
  rates: z.array(z.object({ state: z.string(), dollars_per_gallon: z.number(), surcharge_per_gallon: z.number() })),
});
export type IftaRates = z.infer<typeof IftaRatesSchema>;

export const IftaRatesSavedSchema = IftaRatesSchema.extend({ message: z.string() });

/** GET /ifta/trucks: the company's trucks for the report's truck filter. */
export const IftaTrucksSchema = z.object({ trucks: z.array(SelectOptionSchema) });
