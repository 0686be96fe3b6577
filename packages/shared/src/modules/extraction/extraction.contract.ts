import { z } from 'zod';

/** What extraction read for one field, with how sure the rules are (0 = not found, 0.9+ = exact label). */
export const ExtractedFieldSchema = z.object({
  value: z.union([z.string(), z.number(), z.null(), z.array(z.unknown())]),
  confidence: z.number().min(0).max(1),
});
export type ExtractedField = z.infer<typeof ExtractedFieldSchema>;

/** Below this a field is shown as "low confidence" for the user to check. */
export const LOW_CONFIDENCE = 0.75;

/** What POST /trips/extract reads: a PDF (its text, or OCR of pages without text) or a photo of a page. */
export const EXTRACTION_ACCEPT = '.pdf,.png,.jpg,.jpeg';

const STOP_FIELDS = ['facility', 'address', 'city', 'state', 'zip', 'date', 'time', 'at_end', 'reference'] as const;
export type ExtractedStopField = (typeof STOP_FIELDS)[number];

/** A reference number with its kind: PO, BOL, PU#, DEL#, Appt#, Pro, Ref, SO. */
export const ReferenceSchema = z.object({ label: z.string(), value: z.string() });
export type Reference = z.infer<typeof ReferenceSchema>;

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
  /** HH:mm, the window's end (its day is at_end's) */
  window_end: z.string().nullable(),
  /** "YYYY-MM-DD HH:mm" or "YYYY-MM-DD": the dialog's stop time */
  at: z.string(),
  /** "YYYY-MM-DD HH:mm" of the window's end, or "": the dialog's stop window end */
  at_end: z.string(),
  /** The stop's reference numbers as the stop form keeps them: "PU# 55190, PO 88213-A". */
  reference: z.string().nullable(),
  references: z.array(ReferenceSchema),
  confidence: z.record(z.enum(STOP_FIELDS), z.number()),
});
export type ExtractedStop = z.infer<typeof ExtractedStopSchema>;

/** A charge of the confirmation other than the line haul (fuel surcharge, detention, lumper, stop-off, …). */
export const AccessorialSchema = z.object({ name: z.string(), amount: z.number() });

/** The registry's broker the confirmation's MC (or else its name) points at. */
export const BrokerMatchSchema = z.object({
  broker_id: z.number().int(),
  name: z.string(),
  mc_number: z.string().nullable(),
  by: z.enum(['mc', 'name']),
});

/** A broker the registry does not have, offered for the new-broker form (its field names). */
export const NewBrokerOfferSchema = z.object({
  broker: z.string(),
  mc_number: z.string(),
  email_address: z.string(),
  local_phone: z.string(),
});
export type NewBrokerOffer = z.infer<typeof NewBrokerOfferSchema>;

/**
 * POST /trips/extract: a load pre-filled from a rate confirmation, for the user to review. `stops`
 * is pickups and deliveries in the document's order; `gross` is the line haul plus every accessorial
 * (or the document's total when the charges do not add up to more), `rate.total` the same figure.
 */
export const ExtractedLoadSchema = z.object({
  broker: z.object({
    name: z.string().nullable(),
    mc: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  broker_match: BrokerMatchSchema.nullable(),
  new_broker: NewBrokerOfferSchema.nullable(),
  broker_number: z.string().nullable(),
  reference_numbers: z.array(ReferenceSchema),
  pickups: z.array(ExtractedStopSchema),
  deliveries: z.array(ExtractedStopSchema),
  stops: z.array(ExtractedStopSchema),
  rate: z.object({
    total: z.number().nullable(),
    line_haul: z.number().nullable(),
    /** The total the document states, when it states one. */
    stated_total: z.number().nullable(),
  }),
  gross: z.number().nullable(),
  accessorials: z.array(AccessorialSchema),
  /** The load form's pass-through charges (inside the gross). */
  lumper: z.number(),
  fuel_surcharge: z.number(),
  /** Loaded miles as the document states them. */
  miles: z.number().int().nullable(),
  /** "53' Dry Van", "48' Flatbed", "Reefer". */
  equipment: z.string().nullable(),
  /** Pounds. */
  weight: z.number().nullable(),
  commodity: z.string().nullable(),
  /** One line for the trip's notes: load number, references, equipment, weight, commodity. */
  notes: z.string(),
  /** How the document was read: its text layer, or OCR of its pages (seconds per page). */
  read: z.object({
    method: z.enum(['text', 'ocr']),
    pages: z.number().int(),
    ocr_pages: z.number().int(),
    seconds: z.number(),
  }),
  ai_status: z.literal('extracted'),
  fields: z.record(z.string(), ExtractedFieldSchema),
});
export type ExtractedLoad = z.infer<typeof ExtractedLoadSchema>;
