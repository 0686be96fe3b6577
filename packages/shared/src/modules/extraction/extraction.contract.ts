import { z } from 'zod';

/** What extraction read for one field, with how sure the rules are (0 = not found, 0.9+ = exact label). */
export const ExtractedFieldSchema = z.object({
  value: z.union([z.string(), z.number(), z.null(), z.array(z.unknown())]),
  confidence: z.number().min(0).max(1),
});
export type ExtractedField = z.infer<typeof ExtractedFieldSchema>;

/** Below this a field is shown as "low confidence" for the user to check. */
export const LOW_CONFIDENCE = 0.75;

const STOP_FIELDS = ['facility', 'address', 'city', 'state', 'zip', 'date', 'time'] as const;
export type ExtractedStopField = (typeof STOP_FIELDS)[number];

export const ExtractedStopSchema = z.object({
  /** 1 pickup, 2 delivery (the trips dialog's stop types). */
  type: z.union([z.literal(1), z.literal(2)]),
  facility: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  /** YYYY-MM-DD */
  date: z.string().nullable(),
  /** HH:mm, the appointment or the window's start */
  time: z.string().nullable(),
  /** "08:00-14:00", "FCFS" or "FCFS 08:00-16:00" */
  window: z.string().nullable(),
  /** "YYYY-MM-DD HH:mm" or "YYYY-MM-DD": the dialog's stop time */
  at: z.string(),
  confidence: z.record(z.enum(STOP_FIELDS), z.number()),
});
export type ExtractedStop = z.infer<typeof ExtractedStopSchema>;

/**
 * POST /trips/extract: a load pre-filled from a rate confirmation, for the user to review. `stops`
 * is pickups and deliveries in the document's order; `gross` is rate.total (the dialog's field).
 */
export const ExtractedLoadSchema = z.object({
  broker: z.object({
    name: z.string().nullable(),
    mc: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  broker_number: z.string().nullable(),
  reference_numbers: z.array(z.object({ label: z.string(), value: z.string() })),
  pickups: z.array(ExtractedStopSchema),
  deliveries: z.array(ExtractedStopSchema),
  stops: z.array(ExtractedStopSchema),
  rate: z.object({ total: z.number().nullable(), line_haul: z.number().nullable() }),
  gross: z.number().nullable(),
  accessorials: z.array(z.object({ name: z.string(), amount: z.number() })),
  ai_status: z.literal('extracted'),
  fields: z.record(z.string(), ExtractedFieldSchema),
});
export type ExtractedLoad = z.infer<typeof ExtractedLoadSchema>;
