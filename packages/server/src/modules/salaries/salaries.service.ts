import { ACTION, can, MSG } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import * as C from '@backhaul/shared/modules/salaries/salaries.contract';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { bonusOfMonth } from '../bonus-charge';
import { salaryPayments as t } from './salaries.table';

/** The last day of a month 'YYYY-MM'. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The monthly salary (cents) in effect on a date: the latest payment entry from on or before it. */
export async function salaryOn(db: DbOrTx, o: { companyId: number; userId: number; date: string }) {
  const [row] = await db
    .select({ cents: t.amountCents })
    .from(t)
    .where(and(eq(t.companyId, o.companyId), eq(t.userId, o.userId), lte(t.date, o.date)))
    .orderBy(desc(t.date), desc(t.id))
    .limit(1);
  return row ? row.cents : null;
}

/** Another user's pay needs the account users section (91) besides pay history. */
export function mayReadPayOf(user: AuthUser, userId: number): boolean {
  if (userId === user.id) return true;
  return Boolean(user.grants && can(user.grants, { section: C.SALARY_SECTIONS.accountUsers, action: ACTION.VIEW }));
}

const sameCompanyUser = async (db: DbOrTx, user: AuthUser, userId: number) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, user.companyId)));
  return Boolean(row);
};

/** A salary payment entry as a record: company scope, audit, the spec's deletion message. */
export const salaryPaymentRecord = defineRecord({
  entity: 'salary_payment',
  table: t,
  section: C.SALARY_SECTIONS.payHistory,
  form: C.SalaryPaymentFormSchema,
  row: C.SalaryPaymentSchema,
  toRow: (r) => ({ id: r.id, user_id: r.userId, date: String(r.date), amount: r.amountCents / 100, note: r.note }),
  toValues: (form, ctx) => ({
    userId: form.user_id,
    date: form.date,
    amountCents: form.amount,
    note: form.note ?? '',
    ...(ctx.before ? {} : { createdBy: ctx.user.id }),
  }),
  messages: { created: MSG.savingSuccess, updated: MSG.dataUpdated, deleted: MSG.salaryPaymentDeleted },
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      if (!(await sameCompanyUser(tx, user, form.user_id)))
        throw AppError.invalidField('user_id', C.SALARY_MSG.chooseEmployee);
    },
  },
});

/** The pay of a year (the date's): each month's salary at its end and bonus, and the salary entries. */
export async function payHistory(
  db: DbOrTx,
  user: AuthUser,
  body: { user_id?: number | undefined; date?: string | undefined },
) {
  const userId = body.user_id ?? user.id;
  if (!mayReadPayOf(user, userId) || !(await sameCompanyUser(db, user, userId))) throw AppError.notFound();
  const year = (body.date ?? nowInCompanyTimeZone().date).slice(0, 4);
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  const rows = [];
  for (const month of months) {
    const salary = (await salaryOn(db, { companyId: user.companyId, userId, date: monthEnd(month) })) ?? 0;
    const bonus = await bonusOfMonth(db, { companyId: user.companyId, employeeId: userId, month });
    rows.push({ month, salary: salary / 100, bonus: bonus / 100, total: (salary + bonus) / 100 });
  }
  const entries = await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, user.companyId), eq(t.userId, userId)))
    .orderBy(asc(t.date), asc(t.id));
  return {
    user_id: userId,
    months: [...months].reverse(),
    rows: rows.reverse(),
    salary_payment: entries.map((r) => ({
      id: r.id,
      user_id: r.userId,
      date: String(r.date),
      amount: r.amountCents / 100,
      note: r.note,
    })),
  };
}

/** The users with a salary in effect at a month's end (what salary statements are made for). */
export async function salariedOn(db: DbOrTx, companyId: number, date: string) {
  return db
    .selectDistinctOn([t.userId], { userId: t.userId, cents: t.amountCents })
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        lte(t.date, date),
        sql`exists (select 1 from ${users} u where u.id = ${t.userId} and u.active)`,
      ),
    )
    .orderBy(t.userId, desc(t.date), desc(t.id));
}
