import { z } from 'zod';
import { SelectOptionSchema } from '../../http/schemas';
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '../../schemas/dates';

/**
 * Accounting → Fuel → IFTA (beyond the spec, issue #15): the quarter's fuel-tax table per state from
 * the loads' state miles and the fuel bought per state, with a rate table per quarter. Miles whole,
 * gallons with 3 decimals, rates in dollars per gallon with 4 decimals, money in dollars (2 decimals).
 */
export const IFTA_ROUTES = {
  report: '/ifta/report',
  export: '/ifta/report/export',
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

/** The 48 contiguous states and DC: the jurisdictions the rates editor lists (USPS codes). */
// biome-ignore format: a run of codes reads better than 49 lines
export const IFTA_STATES = [
  'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA',
  'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;

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

export const IftaRowSchema = z.object({
  state: z.string(),
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

export const IftaReportSchema = z.object({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  truck_id: z.number().int().nullable(),
  rows: z.array(IftaRowSchema),
  totals: IftaRowSchema.omit({ state: true, tax_rate: true }),
  /** Every gallon bought in the quarter, with or without a state. */
  total_gallons: z.number(),
  /** Total miles ÷ total gallons, two decimals as the IFTA return rounds it (0 with no fuel). */
  fleet_mpg: z.number(),
  /** Legs (stop to stop) left out: a stop whose city has no coordinates. */
  skipped_legs: z.number().int(),
  /** States in the table without a rate for the quarter (their tax reads 0). */
  missing_rates: z.array(z.string()),
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
  rates: z.array(z.object({ state: z.string(), dollars_per_gallon: z.number() })),
});
export type IftaRates = z.infer<typeof IftaRatesSchema>;

export const IftaRatesSavedSchema = IftaRatesSchema.extend({ message: z.string() });

/** GET /ifta/trucks: the company's trucks for the report's truck filter. */
export const IftaTrucksSchema = z.object({ trucks: z.array(SelectOptionSchema) });
