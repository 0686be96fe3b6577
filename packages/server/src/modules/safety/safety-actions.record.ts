import { SECTION } from '@backhaul/shared';
import {
  type SafetyAction,
  SafetyActionBodySchema,
  SafetyActionSchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { safetyActions } from './safety.table';

const TZ = 'America/Chicago';

export const actionColumns = sql`a.id, a.driver_id, to_char(a.date, 'YYYY-MM-DD') as date, a.kind, a.note, a.status,
  to_char(a.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as "dateTime", u.name as created_by`;

export async function readAction(db: DbOrTx, id: number): Promise<SafetyAction> {
  const [row] = await rowsOf<SafetyAction>(
    db,
    sql`select ${actionColumns} from safety_actions a left join users u on u.id = a.created_by where a.id = ${id}`,
  );
  if (!row) throw AppError.notFound();
  return row;
}

/** The driver and the date come from the call's path; kind and note from its body. */
const SafetyActionFormSchema = SafetyActionBodySchema.pick({ kind: true, note: true }).extend({
  driver_id: z.number().int(),
  date: z.string(),
});

/**
 * A driver's action on a date (001 §6): shown while status is 1; a deleted one (status 0) is out
 * of reach. An action is edited only under the driver and date it was made for (else 404).
 */
export const safetyActionRecord = defineRecord({
  table: safetyActions,
  section: SECTION.Safety,
  scope: { row: () => sql`${safetyActions.status} <> 0` },
  form: SafetyActionFormSchema,
  row: SafetyActionSchema,
  toRow: (a, { tx }) => readAction(tx, a.id),
  toValues: (form, { user, before }) =>
    before
      ? { kind: form.kind, note: form.note }
      : { driverId: form.driver_id, date: form.date, kind: form.kind, note: form.note, createdBy: user.id },
  hooks: {
    beforeSave: ({ before, form }) => {
      if (before && (before.driverId !== form.driver_id || before.date !== form.date)) throw AppError.notFound();
    },
  },
});
