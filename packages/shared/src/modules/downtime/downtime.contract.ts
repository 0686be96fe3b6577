import { z } from 'zod';

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
