import { z } from 'zod';

/**
 * The generic bodies every module shares; contracts import these instead of declaring their own.
 * (Error bodies are in ./errors.)
 */

/** `:id` of a route: a positive whole number (a path like /x/abc is a 422 naming `id`). */
export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** A select's option as the registries' forms answer it: `{ value, label }`. */
export const SelectOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export type SelectOption = z.infer<typeof SelectOptionSchema>;

/** An option as the older screens answer it: `{ id, name }` (customers, departments, managers). */
export const NamedOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedOption = z.infer<typeof NamedOptionSchema>;

/** POST …/deleteExceptions, …/deleteFail, …/destroyDescription, …/destroyInvoice: drafted ids. */
export const DraftedIdsBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one record.').max(500),
});
export type DraftedIdsBody = z.infer<typeof DraftedIdsBodySchema>;
export const DraftedIdsResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });
