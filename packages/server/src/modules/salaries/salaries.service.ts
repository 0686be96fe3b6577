import { ACTION, can, MSG } from '@backhaul/shared';
import {
  STAFF_SOURCES,
  STAFF_STATEMENT_KIND,
  type StaffLine,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import * as C from '@backhaul/shared/modules/salaries/salaries.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, asc, between, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { payStatementLines, payStatements } from '../../platform/pay/pay.table';
import { defineRecord } from '../../platform/record/define-record';
import { employmentOf } from '../employees';
import { salaryPayments as t } from './salaries.table';
import { monthEnd, prorateMonth } from './salary-month';

/** Another user's pay needs the account users section (91) besides pay history. */
export function mayReadPayOf(user: AuthUser, userId: number): boolean {
  if (userId === user.id) return true;
  return Boolean(
    user.grants &&
      can(user.grants, { section: C.SALARY_SECTIONS.payHistory, action: ACTION.VIEW }) &&
      can(user.grants, { section: C.SALARY_SECTIONS.accountUsers, action: ACTION.VIEW }),
  );
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

/** A staff statement's line as the contract answers it (pay history, the statement's edit form). */
export function staffLineOf(l: {
  id: number;
  source: string;
  sourceKey: string | null;
  type: string;
  description: string;
  amountCents: number;
  earnedFrom: string | null;
  data: unknown;
}): StaffLine {
  const entry = l.source === STAFF_SOURCES.entry || l.source === STAFF_SOURCES.additional;
  const data = (l.data ?? {}) as { salary_month?: string };
  return {
    id: l.id,
    source: l.source,
    entry_id: entry && l.sourceKey ? Number(l.sourceKey) : null,
    type: l.type,
    description: l.description,
    amount: toDollars(l.amountCents),
    earned: l.earnedFrom
      ? l.earnedFrom.slice(0, 7)
      : l.source === STAFF_SOURCES.additional
        ? (data.salary_month ?? null)
        : null,
  };
}

/**
 * The pay of a year (the date's) as the person's staff statements pay it: each month's statement
 * with its salary line, the other lines (entries, late ones marked with their month, and the
 * Additional entries paid on it) and its total; a month without a statement pays nothing yet. And
 * the salary entries.
 */
export async function payHistory(
  db: DbOrTx,
  user: AuthUser,
  body: { user_id?: number | undefined; date?: string | undefined },
) {
  const userId = body.user_id ?? user.id;
  if (!mayReadPayOf(user, userId) || !(await sameCompanyUser(db, user, userId))) throw AppError.notFound();
  const year = (body.date ?? clock.today()).slice(0, 4);
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  const statements = await db
    .select({ id: payStatements.id, from: payStatements.periodFrom, amountCents: payStatements.amountCents })
    .from(payStatements)
    .where(
      and(
        eq(payStatements.companyId, user.companyId),
        eq(payStatements.kind, STAFF_STATEMENT_KIND),
        eq(payStatements.payeeId, userId),
        between(payStatements.periodFrom, `${year}-01-01`, `${year}-12-31`),
      ),
    );
  const lines = statements.length
    ? await db
        .select()
        .from(payStatementLines)
        .where(
          inArray(
            payStatementLines.statementId,
            statements.map((s) => s.id),
          ),
        )
        .orderBy(asc(payStatementLines.lineDate), asc(payStatementLines.id))
    : [];
  const rows = months.map((month) => {
    const s = statements.find((x) => x.from.startsWith(month));
    const own = s ? lines.filter((l) => l.statementId === s.id) : [];
    const sum = (pick: (source: string) => boolean) =>
      own.filter((l) => pick(l.source)).reduce((total, l) => total + l.amountCents, 0);
    const salary = sum((source) => source === STAFF_SOURCES.salary);
    const total = s?.amountCents ?? 0;
    return {
      month,
      salary: toDollars(salary),
      bonus: toDollars(total - salary),
      total: toDollars(total),
      statement_id: s?.id ?? null,
      additional: toDollars(sum((source) => source === STAFF_SOURCES.additional)),
      lines: own.map(staffLineOf),
    };
  });
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

/** A person's salary of a month (README.md): the pay history's entries prorated by calendar days to the employment. */
export async function monthSalary(db: DbOrTx, o: { companyId: number; userId: number; month: string }) {
  const [entries, employment] = await Promise.all([
    db
      .select({ date: t.date, cents: t.amountCents })
      .from(t)
      .where(and(eq(t.companyId, o.companyId), eq(t.userId, o.userId), lte(t.date, monthEnd(o.month))))
      .orderBy(asc(t.date), asc(t.id)),
    employmentOf(db, o),
  ]);
  return prorateMonth({
    month: o.month,
    entries: entries.map((e) => ({ date: String(e.date), cents: e.cents })),
    hiredOn: employment?.hiredOn,
    terminatedOn: employment?.terminatedOn,
  });
}

/**
 * Who has a salary in a month (what salary statements are made for): a salary entry from on or
 * before its end, and an active user or one whose employment ended in the month or after it.
 * Each with the month's prorated salary; a person who worked no day of it is left out.
 */
export async function salariedIn(db: DbOrTx, companyId: number, month: string) {
  const people = await db
    .selectDistinct({ userId: t.userId, active: users.active })
    .from(t)
    .innerJoin(users, and(eq(users.id, t.userId), eq(users.companyId, companyId)))
    .where(and(eq(t.companyId, companyId), lte(t.date, monthEnd(month))))
    .orderBy(t.userId);
  const paid = [];
  for (const p of people) {
    const employment = await employmentOf(db, { companyId, userId: p.userId });
    if (!p.active && !(employment?.terminatedOn && employment.terminatedOn >= `${month}-01`)) continue;
    const salary = await monthSalary(db, { companyId, userId: p.userId, month });
    if (salary.cents > 0) paid.push({ userId: p.userId, salary });
  }
  return paid;
}
