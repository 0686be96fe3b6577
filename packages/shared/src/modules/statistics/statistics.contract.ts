import { z } from 'zod';
import { dateSchema, monthSchema } from '../../schemas/dates';
import { SPEC } from '../../spec/constants';

/** 000 §9 "Chart": bar thickness 40, line tension 0.5, animation 400 ms. */
export const CHART = {
  barThickness: SPEC.charts.bar_thickness,
  lineTension: SPEC.charts.line_tension,
  animationMs: SPEC.charts.animation_ms,
} as const;

/** Default window (000 §3 "Date filter defaults"): type Delivery, date today, 4 weeks. */
export const STATISTICS_DEFAULT_WEEKS = 4;
/** A window up to this many days is drawn per day; a longer one per week (weeks start on Sunday). */
export const DAILY_MAX_DAYS = 31;
/** The spot rate is the rate per mile of the window's last days. */
export const SPOT_RATE_DAYS = 7;

const IsoDate = dateSchema();

/** The date the window filters on: PickUp (1) or Delivery (2), the address filter's types. */
export const DateTypeSchema = z
  .union([z.literal(1), z.literal(2), z.enum(['PickUp', 'Delivery', 'pickup', 'delivery'])])
  .transform((t) => (t === 1 || t === 'PickUp' || t === 'pickup' ? ('PickUp' as const) : ('Delivery' as const)));
export type DateType = 'PickUp' | 'Delivery';

/** 000 §7 "datePeriod {type, date}, weeks": the window of `weeks` weeks ending on `date`, or from–to. */
export const DatePeriodSchema = z.object({
  type: DateTypeSchema.default('Delivery'),
  date: IsoDate.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type DatePeriod = z.input<typeof DatePeriodSchema>;

export const WeeksSchema = z.coerce.number().int().min(1).max(53);

export const StatisticsWindowSchema = z.object({
  type: z.enum(['PickUp', 'Delivery']),
  from: z.string(),
  to: z.string(),
  grouping: z.enum(['day', 'week']),
});
export type StatisticsWindow = z.infer<typeof StatisticsWindowSchema>;

/** Chart data per label (a day, or a week's Sunday): gross in dollars, total miles, RPM, loads. */
export const GraphSeriesSchema = z.object({
  labels: z.array(z.string()),
  amount: z.array(z.number()),
  mileage: z.array(z.number()),
  rpm: z.array(z.number()),
  loads: z.array(z.number()),
});
export type GraphSeries = z.infer<typeof GraphSeriesSchema>;

/** One dispatcher's figures over the window (000 §3 graphDispatch). */
export const DispatcherFigureSchema = z.object({
  dispatcher_id: z.number().nullable(),
  dispatcher: z.string().nullable(),
  total_load: z.number(),
  amount: z.number(),
  mileage: z.number(),
  rpm: z.number(),
});

/** Figures over the whole window: loads, trucks, gross (dollars), total miles and rates per mile. */
export const StatisticsTotalsSchema = z.object({
  total_load: z.number(),
  total_truck: z.number(),
  amount: z.number(),
  mileage: z.number(),
  /** Gross ÷ total miles over the window. */
  rateAverage: z.number(),
  /** Gross ÷ total miles over the window's last SPOT_RATE_DAYS days. */
  spot_rate: z.number(),
});
export type StatisticsTotals = z.infer<typeof StatisticsTotalsSchema>;

/** POST /statistics/filter: the dispatch statistics charts for the list's filters (000 §3 graph data). */
export const StatisticsGraphResponseSchema = StatisticsTotalsSchema.extend({
  window: StatisticsWindowSchema,
  graph: GraphSeriesSchema,
  graphDispatch: z.array(DispatcherFigureSchema),
});
export type StatisticsGraph = z.infer<typeof StatisticsGraphResponseSchema>;

/** POST /statistics/rate-average and POST /trips/statistics: the window's figures. */
export const RateAverageResponseSchema = StatisticsTotalsSchema.extend({ window: StatisticsWindowSchema });
export type RateAverage = z.infer<typeof RateAverageResponseSchema>;

/** One dispatch statistics row (000 §3 "Dispatch statistics row"). */
export type DispatchStatisticsRow = {
  trip_id: number;
  load_id: number;
  broker_name: string | null;
  broker_number: string | null;
  carrier: string | null;
  truck: string | null;
  trailer: string | null;
  trailer_type: string | null;
  driver: string | null;
  dispatcher: string | null;
  routs: string | null;
  gross: number;
  rpm: number | null;
  mileage_total: number;
  mileage_empty: number;
  pick_up_datetime: string | null;
  delivery_datetime: string | null;
};

/** One customer report row: a customer's loads over the window. */
export type CustomerReportRow = {
  customer_id: number;
  customer: string | null;
  email: string | null;
  loads: number;
  gross: number;
  mileage_total: number;
  mileage_empty: number;
  rpm: number | null;
  empty_pct: number | null;
};

/** POST /customer-reports/send: the customer's loads over the window, as a spreadsheet to its e-mail. */
export const SendCustomerReportBodySchema = z.object({
  customer_id: z.number().int().positive(),
  datePeriod: DatePeriodSchema.optional(),
  weeks: WeeksSchema.optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  /** Another address than the customer's. */
  email: z.email('Enter a valid e-mail address.').optional(),
});
export type SendCustomerReportBody = z.input<typeof SendCustomerReportBodySchema>;

export const SendCustomerReportResponseSchema = z.object({
  message: z.string(),
  to: z.string(),
  loads: z.number(),
  mail_id: z.number(),
  status: z.string(),
});

const Month = monthSchema();

/** POST /safety/statistic: the months ending with `date` (default: this month in America/Chicago). */
export const SafetyStatisticBodySchema = z
  .object({ date: Month.optional(), months: z.coerce.number().int().min(1).max(36).default(12) })
  .default({ months: 12 });
export type SafetyStatisticBody = z.input<typeof SafetyStatisticBodySchema>;

/**
 * One month (000 §3 "Safety statistic"): active drivers (drove a load delivered that month),
 * company (customers with a load that month), customers left (had loads the month before, none
 * in this one) and new customers.
 */
export const SafetyMonthSchema = z.object({
  date: z.string(),
  name: z.string(),
  drivers: z.number(),
  company: z.number(),
  left: z.number(),
  joined: z.number(),
});
export type SafetyMonth = z.infer<typeof SafetyMonthSchema>;

export const SafetyStatisticResponseSchema = z.object({ month: z.array(SafetyMonthSchema), row: SafetyMonthSchema });
export type SafetyStatistic = z.infer<typeof SafetyStatisticResponseSchema>;

export const SafetyMonthParamsSchema = z.object({ date: Month });

/** A customer's recency, frequency and money in a month, and whether it is new, active or left. */
export const SafetyCustomerRowSchema = z.object({
  customer_id: z.number(),
  customer: z.string().nullable(),
  status: z.enum(['new', 'active', 'left']),
  drivers: z.number(),
  loads: z.number(),
  gross: z.number(),
  last_delivery: z.string().nullable(),
  /** Days from the last delivery (up to the month's end) to the month's end. */
  recency_days: z.number().nullable(),
});
export type SafetyCustomerRow = z.infer<typeof SafetyCustomerRowSchema>;

/** POST /safety/statistic/:date: the month's figures and its customers. */
export const SafetyMonthDetailSchema = z.object({ row: SafetyMonthSchema, rows: z.array(SafetyCustomerRowSchema) });
