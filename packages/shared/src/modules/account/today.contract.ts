import { z } from 'zod';

/**
 * GET /account/today (beyond the spec): the panel at the top of /account, fitted to what the
 * caller's grants open — a dispatcher's loads picking up and delivering today and those late, an
 * accountant's invoices past due and payments received today, a safety user's documents expiring
 * within 30 days, the shop's units arriving today and work orders open. Each line names the record
 * it opens.
 */
export const TODAY_URL = '/account/today';
export const TODAY_LINE_KINDS = ['load', 'invoice', 'driver', 'truck', 'trailer', 'work-order'] as const;
export const TODAY_LINES_PER_SECTION = 8;
/** A load whose delivery time passed this many days ago or less, with no paperwork yet, is late. */
export const TODAY_LATE_WINDOW_DAYS = 14;

export const TodayLineSchema = z.object({
  kind: z.enum(TODAY_LINE_KINDS),
  id: z.number().int(),
  /** A load's trip (its detail view opens on the trip). */
  trip_id: z.number().int().nullable(),
  label: z.string(),
  detail: z.string(),
  tone: z.enum(['red', 'yellow', 'default']),
});
export type TodayLine = z.infer<typeof TodayLineSchema>;
export const TodaySectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Every matching record; `lines` shows the first TODAY_LINES_PER_SECTION. */
  count: z.number().int(),
  /** A money total where the section has one (payments received today), in dollars. */
  amount: z.number().nullable(),
  empty: z.string(),
  lines: z.array(TodayLineSchema),
});
export type TodaySection = z.infer<typeof TodaySectionSchema>;
export const TodayPanelSchema = z.object({ date: z.string(), sections: z.array(TodaySectionSchema) });
export type TodayPanel = z.infer<typeof TodayPanelSchema>;
