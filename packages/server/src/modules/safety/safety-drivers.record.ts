import { SECTION } from '@backhaul/shared';
import { SafetySaveBodySchema } from '@backhaul/shared/modules/safety/safety.contract';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { safetyDrivers } from './safety.table';

type SafetyDriverRow = typeof safetyDrivers.$inferSelect;

/** What the audit and the safety logs compare of a driver's safety row. */
export const safetyDriverView = (r: SafetyDriverRow) => ({
  status: r.status,
  hours: r.hoursTenths / 10,
  eld_count: r.eldCount,
  employee_id: r.employeeId,
});

/**
 * A driver's row of the safety table (made with the defaults the first time it is written); its
 * changes are audited under the driver's id ('safety_driver'), which the safety logs filter on.
 */
export const safetyDriverRecord = defineRecord({
  table: safetyDrivers,
  section: SECTION.Safety,
  form: SafetySaveBodySchema,
  row: z.object({
    status: z.string(),
    hours: z.number(),
    eld_count: z.number().int(),
    employee_id: z.number().int().nullable(),
  }),
  toRow: safetyDriverView,
});
