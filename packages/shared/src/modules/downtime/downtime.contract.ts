import { z } from 'zod';
import { monthSchema } from '../../schemas/dates';

/**
 * Downtime (section 70, beyond the spec): each unit's days out of service per month, in the shop
 * (work orders, check-in to check-out) and on the road (trucks on the road days out of service
 * not approved back), and for a truck what they cost (days × its trailing 90-day gross per working day).
 */
export const DOWNTIME_BASE = '/downtime';
export const DOWNTIME_UNIT_TYPES = { truck: 'Truck', trailer: 'Trailer' } as const;
export type DowntimeUnitType = keyof typeof DOWNTIME_UNIT_TYPES;

/** A row of POST /downtime/list: one unit, one month. */
export type DowntimeRow = {
  id: string;
  month: string;
  unit_type: DowntimeUnitType;
  unit: string | null;
  unit_id: number;
  shop_days: number;
  road_days: number;
  days: number;
  cost: number | null;
};

export const DowntimeUnitParamsSchema = z.object({
  type: z.enum(['truck', 'trailer'], { message: 'Choose truck or trailer.' }),
  id: z.coerce.number().int().positive(),
});

const figure = z.object({ days: z.number().int(), cost: z.number().nullable() });
/** GET /downtime/unit/:type/:id: this month, the last 12 months (this one included) and each month of them. */
export const UnitDowntimeSchema = z.object({
  this_month: figure,
  last_12_months: figure,
  months: z.array(figure.extend({ month: z.string(), shop_days: z.number().int(), road_days: z.number().int() })),
});
export type UnitDowntime = z.infer<typeof UnitDowntimeSchema>;

/** GET /downtime/unit/:type/:id/breakdown?month=YYYY-MM: what one row of the report is made of (default: this month). */
export const DowntimeBreakdownQuerySchema = z.object({ month: monthSchema().optional() });

export const DowntimeBreakdownLineSchema = z.object({
  /** shop: a work order's stay, counted in the month of its check-in; road: a day out of service on the road. */
  kind: z.enum(['shop', 'road']),
  work_order_id: z.number().int().nullable(),
  /** Company time: the check-in "YYYY-MM-DD HH:mm", or the road day "YYYY-MM-DD". */
  from: z.string(),
  /** The check-out (null while still in the shop, and for a road day). */
  to: z.string().nullable(),
  days: z.number().int(),
  /** A truck's gross of the 90 days before it went down ÷ 90 (rounded to the cent); null for a trailer. */
  gross_per_day: z.number().nullable(),
  cost: z.number().nullable(),
});
export type DowntimeBreakdownLine = z.infer<typeof DowntimeBreakdownLineSchema>;

export const DowntimeBreakdownSchema = z.object({
  unit_type: z.enum(['truck', 'trailer']),
  unit_id: z.number().int(),
  unit: z.string().nullable(),
  month: z.string(),
  shop_days: z.number().int(),
  road_days: z.number().int(),
  days: z.number().int(),
  cost: z.number().nullable(),
  /** How the days are counted and priced, in words. */
  basis: z.string(),
  lines: z.array(DowntimeBreakdownLineSchema),
});
export type DowntimeBreakdown = z.infer<typeof DowntimeBreakdownSchema>;

export const DOWNTIME_BASIS = {
  days: 'Calendar days out of service: a shop stay from check-in to check-out (or now), whole 24-hour days rounded up, at least one, counted in the month of its check-in; a road day out of service not approved back by dispatch and the shop counts one.',
  truck: "Each day is priced at the truck's gross delivered in the 90 days before it went down ÷ 90.",
  trailer: 'Trailers earn no gross of their own: their days are not priced.',
} as const;
