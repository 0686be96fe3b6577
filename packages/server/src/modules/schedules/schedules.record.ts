import { SECTION } from '@backhaul/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { factoringSchedules, scheduleLoads } from './schedules.table';

/**
 * A factoring schedule as the record engine sees it (the company's). Its writes are commands in
 * schedules.service (create, update, action, per-load amount, send): the platform locks the schedule,
 * runs the rule in one transaction and audits it as 'schedule'.
 */
export const scheduleRecord = defineRecord({
  table: factoringSchedules,
  section: SECTION.Schedules,
  form: z.object({}),
  row: z.unknown(),
  toRow: (record) => record,
  audit: async (record, { tx }) => ({
    ...record,
    load_ids: (
      await tx
        .select({ loadId: scheduleLoads.loadId })
        .from(scheduleLoads)
        .where(eq(scheduleLoads.scheduleId, record.id))
    )
      .map((r) => r.loadId)
      .sort((a, b) => a - b),
  }),
});
