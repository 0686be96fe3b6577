import { z } from 'zod';
import { DatePeriodSchema, StatisticsWindowSchema, WeeksSchema } from '../statistics/statistics.contract';

const Ids = z.array(z.coerce.number().int().positive()).max(500);

/** POST /graph filters: the window (datePeriod, weeks, or from–to) and the spec's select* lists. */
export const GraphBodySchema = z
  .object({
    datePeriod: DatePeriodSchema.optional(),
    weeks: WeeksSchema.optional(),
    selectCustomer: Ids.optional(),
    selectDispatcher: Ids.optional(),
    selectTruck: Ids.optional(),
    selectDriver: Ids.optional(),
    selectBrocker: Ids.optional(),
  })
  .default({});
export type GraphBody = z.input<typeof GraphBodySchema>;

/** One day of the window (America/Chicago): gross in dollars and total miles. */
export const GraphPointSchema = z.object({ date: z.string(), amount: z.number(), mileage: z.number() });
export type GraphPoint = z.infer<typeof GraphPointSchema>;

/** POST /graph (000 §3 "Dashboard graph response"). */
export const GraphResponseSchema = z.object({
  /** Average gross per load, in dollars. */
  load: z.number(),
  rateAverage: z.number(),
  total_load: z.number(),
  amount: z.number(),
  total_truck: z.number(),
  graph: z.array(GraphPointSchema),
  spot_rate: z.number(),
  /** Total miles (loaded + empty) and the window, for the cards' captions. */
  mileage: z.number(),
  window: StatisticsWindowSchema,
});
export type GraphResponse = z.infer<typeof GraphResponseSchema>;
