import { z } from 'zod';

/** Error bodies as the spec's front end reads them (000 §8). */
export const MessageBodySchema = z.object({ message: z.string() });
export const MailErrorBodySchema = z.object({ error: z.object({ mail: z.string() }) });
export const ValidationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;
