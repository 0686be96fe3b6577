import { z } from 'zod';

/** Error bodies as the spec's front end reads them (000 §8). */
export const MessageBodySchema = z.object({ message: z.string() });
export const MailErrorBodySchema = z.object({ error: z.object({ mail: z.string() }) });
export const ValidationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;

/**
 * A delete refused because other rows point at the record (412): the spec's message with what
 * holds it, counted ('Deletion error: 12 invoices, 3 trips'), the same counts to read, and whether
 * the record can be made inactive instead (it has an active flag and is active).
 */
export const HeldRecordBodySchema = MailErrorBodySchema.extend({
  held_by: z.array(z.object({ what: z.string(), count: z.number().int().positive() })).min(1),
  can_deactivate: z.boolean(),
});
