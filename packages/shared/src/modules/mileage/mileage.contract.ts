import { z } from 'zod';
import { dateTimeSchema } from '../../schemas/dates';

const zip = z.string().trim().max(10).optional();
const text = z.string().trim().max(120).optional();

/** A place miles are measured from or to: a zip code, or a city and state (zip wins when known). */
export const MilesPlaceSchema = z.looseObject({ zip, city: text, state: text });
export type MilesPlace = z.infer<typeof MilesPlaceSchema>;

/** A stop of a load as the trip dialog sends it (extra keys such as address or at are ignored). */
export const MilesStopSchema = MilesPlaceSchema.extend({
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)], { message: 'A stop is a pickup (1) or a delivery (2).' })),
});
export type MilesStop = z.infer<typeof MilesStopSchema>;

/**
 * POST /trips/milesTrip: the load's stops in driving order, and optionally the truck's previous
 * delivery (empty miles run from there to the first pickup), given or looked up by truck.
 */
export const MilesTripBodySchema = z.object({
  previous_delivery: MilesPlaceSchema.nullable().optional(),
  /** Without previous_delivery: the truck whose last delivery before `before` starts the empty miles. */
  truck_id: z.coerce.number().int().positive().nullable().optional(),
  /** Company-time "YYYY-MM-DD HH:mm" (or a date): usually the load's first pickup; default now. */
  before: dateTimeSchema({ allowEmpty: true }).nullable().optional(),
  stops: z.array(MilesStopSchema).min(1, 'Add at least one stop.').max(50, 'At most 50 stops.'),
});
export type MilesTripBody = z.infer<typeof MilesTripBodySchema>;

/** Integer miles: loaded between the stops, empty from the previous delivery, and their sum. */
export const MileageSchema = z.object({
  loaded: z.number().int(),
  empty: z.number().int(),
  total: z.number().int(),
});
export type Mileage = z.infer<typeof MileageSchema>;

export const MilesTripResponseSchema = z.object({ mileage: MileageSchema });
