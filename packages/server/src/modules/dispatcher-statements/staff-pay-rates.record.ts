import { SECTION } from '@backhaul/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { defineRecord } from '../../platform/record/define-record';
import { createRecord, isUniqueViolation, updateRecord } from '../../platform/record/record.service';
import { staffPayRates } from './dispatcher-statements.table';
import { firstDay } from './staff-months';

/** What a month's rate save writes (not a body of any route: the statement forms save it). */
const StaffPayRateFormSchema = z.object({
  kind: z.string(),
  month: z.string(),
  rate_milli: z.number().int(),
});
type StaffPayRateForm = z.infer<typeof StaffPayRateFormSchema>;

/**
 * The rate a month's statements of a kind ('dispatcher', 'safety') were made at, in thousandths of a percent (3,125 = 3.125 %):
 * one row per company, kind and month, saved and audited by the record engine.
 */
export const staffPayRateRecord = defineRecord({
  table: staffPayRates,
  section: SECTION.DispatchersStatements,
  form: StaffPayRateFormSchema,
  row: z.object({ id: z.number(), kind: z.string(), month: z.string(), rate_milli: z.number() }),
  toRow: (r) => ({ id: r.id, kind: r.kind, month: r.month.slice(0, 7), rate_milli: r.rateMilli }),
  toValues: (form: StaffPayRateForm, { user }) => ({
    kind: form.kind,
    month: firstDay(form.month),
    rateMilli: form.rate_milli,
    updatedBy: user.id,
  }),
});

async function rateRow(db: DbOrTx, companyId: number, kind: string, month: string) {
  const [row] = await db
    .select({ id: staffPayRates.id, rateMilli: staffPayRates.rateMilli })
    .from(staffPayRates)
    .where(
      and(
        eq(staffPayRates.companyId, companyId),
        eq(staffPayRates.kind, kind),
        eq(staffPayRates.month, firstDay(month)),
      ),
    );
  return row;
}

/** The rate saved for a month of a kind, else the latest saved before it, else `fallback` (percent). */
export async function rateFor(db: DbOrTx, opts: { companyId: number; kind: string; month: string; fallback: number }) {
  const [row] = await db
    .select({ rateMilli: staffPayRates.rateMilli })
    .from(staffPayRates)
    .where(
      and(
        eq(staffPayRates.companyId, opts.companyId),
        eq(staffPayRates.kind, opts.kind),
        sql`${staffPayRates.month} <= ${firstDay(opts.month)}`,
      ),
    )
    .orderBy(desc(staffPayRates.month))
    .limit(1);
  return row ? row.rateMilli / 1000 : opts.fallback;
}

/**
 * Saves the month's rate of a kind (created, or updated when it changed). Two requests saving the
 * same month at once: the second finds the first's row on the unique index and updates it.
 */
export async function saveMonthRate(
  db: DbOrTx,
  user: AuthUser,
  opts: { kind: string; month: string; rateMilli: number },
): Promise<void> {
  const form: StaffPayRateForm = { kind: opts.kind, month: opts.month, rate_milli: opts.rateMilli };
  const update = async () => {
    const row = await rateRow(db, user.companyId, opts.kind, opts.month);
    if (!row) return false;
    if (row.rateMilli !== opts.rateMilli) await updateRecord(db, staffPayRateRecord, user, row.id, form);
    return true;
  };
  if (await update()) return;
  try {
    await createRecord(db, staffPayRateRecord, user, form);
  } catch (err) {
    if (!isUniqueViolation(err) || !(await update())) throw err;
  }
}
