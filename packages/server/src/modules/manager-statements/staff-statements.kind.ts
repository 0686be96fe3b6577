// Staff statements (manager statements and the account's salary statements) on the pay-statement
// engine (platform/pay): one kind 'staff' with variants 'manager' and 'employee', paid for a month
// by salary, the month's bonus-or-charge entries and the Additional entries the accountant chooses.
// The rules and their sources: README.md.
import { ACTION, can, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import { salaryMonthLabel } from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import {
  MANAGER_STATEMENT_MSG as M,
  STAFF_SOURCES,
  STAFF_STATEMENT_KIND,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import type { Candidate, PaySource, SourceContext } from '../../platform/pay/define-statement';
import { defineStatementKind } from '../../platform/pay/define-statement';
import { payStatements } from '../../platform/pay/pay.table';
import { bonusCharges, type EntryRow, entriesFor } from '../bonus-charge';
import { type MonthSalary, monthSalary } from '../salaries';

/** The source key of a person's month's salary: unique per company, kind and source. */
export const salaryKey = (payeeId: number, month: string) => `${payeeId}:${month}`;

const monthOf = (ctx: Pick<SourceContext, 'period'>) => ctx.period.from.slice(0, 7);

/** "Salary 2026-03", and its parts when a raise, a hire or a termination falls inside the month. */
export function salaryDescription(month: string, s: MonthSalary): string {
  const whole = s.parts.length === 1 && s.parts[0]?.days === s.daysInMonth;
  if (whole || !s.parts.length) return `Salary ${month}`;
  const parts = s.parts.map((p) => `${formatMoney(toDollars(p.monthlyCents))} × ${p.days}/${s.daysInMonth}`);
  return `Salary ${month}: ${parts.join(' + ')}`;
}

/** The month's salary, prorated by calendar days (a form may type over it: the engine's `amounts`). */
const SALARY: PaySource = {
  name: STAFF_SOURCES.salary,
  // The recurring pay of the month: after the engine's trips and fuel, before the entries.
  section: 'schedulePayments',
  field: 'salary',
  candidates: async (ctx) => {
    const month = monthOf(ctx);
    const salary = await monthSalary(ctx.tx, { companyId: ctx.user.companyId, userId: ctx.payee.id, month });
    return [
      {
        key: salaryKey(ctx.payee.id, month),
        date: ctx.period.to,
        type: 'Salary',
        description: salaryDescription(month, salary),
        amountCents: salary.cents,
        data: { computed_cents: salary.cents, days_in_month: salary.daysInMonth, parts: salary.parts },
      },
    ];
  },
};

const entryLine = (e: EntryRow, date: string, description: string): Candidate => ({
  key: String(e.id),
  date,
  type: e.type,
  description,
  category: e.cents < 0 ? 'deduction' : 'credit',
  amountCents: e.cents,
  data: { salary_month: salaryMonthLabel(e.salary_month, e.additional) },
});

/**
 * Bonus-or-charge entries of the statement's month, and of earlier months left off their month's
 * statement (the engine marks them with the month they came from), chosen by default.
 */
const ENTRIES: PaySource = {
  name: STAFF_SOURCES.entry,
  section: 'additionalPayments',
  field: 'entries',
  lock: { table: bonusCharges, id: Number },
  candidates: async (ctx) => {
    const rows = await entriesFor(ctx.tx, {
      companyId: ctx.user.companyId,
      employeeId: ctx.payee.id,
      additional: false,
      since: ctx.since,
      to: ctx.period.to,
      unclaimed: (key) => ctx.unclaimed(STAFF_SOURCES.entry, key),
    });
    return rows.map((e) => entryLine(e, e.salary_month, e.description || e.type));
  },
};

/**
 * "Additional {year}" entries (the 13th month, spec-registries-shop-safety.md §5): tied to no
 * month's statement, offered on every statement of the person until one pays them, never chosen
 * by default; the line is dated on the statement that pays it.
 */
const ADDITIONAL: PaySource = {
  name: STAFF_SOURCES.additional,
  section: 'additionalPayments',
  field: 'additional',
  preselect: false,
  lock: { table: bonusCharges, id: Number },
  candidates: async (ctx) => {
    const rows = await entriesFor(ctx.tx, {
      companyId: ctx.user.companyId,
      employeeId: ctx.payee.id,
      additional: true,
      since: ctx.since,
      to: ctx.period.to,
      unclaimed: (key) => ctx.unclaimed(STAFF_SOURCES.additional, key),
    });
    return rows.map((e) => {
      const label = salaryMonthLabel(e.salary_month, true);
      return entryLine(e, ctx.period.to, `${label}: ${e.description || e.type}`);
    });
  },
};

/**
 * Who reaches a staff statement: manager statements for who holds the section (a dispatcher user,
 * role 2, its own only); salary statements for who may make them (Statements create), else one's own.
 */
export function staffRowScope(user: AuthUser) {
  const makesSalaryStatements = Boolean(
    user.grants && can(user.grants, { section: SALARY_SECTIONS.statements, action: ACTION.CREATE }),
  );
  return or(
    and(eq(payStatements.variant, 'manager'), user.role === 2 ? eq(payStatements.payeeId, user.id) : undefined),
    and(eq(payStatements.variant, 'employee'), makesSalaryStatements ? undefined : eq(payStatements.payeeId, user.id)),
  );
}

export const staffStatementKind = defineStatementKind({
  kind: STAFF_STATEMENT_KIND,
  section: SECTION.ManagerStatements,
  payeeField: 'employee_id',
  periodField: 'month',
  payee: async ({ tx, user }, id) => {
    const [person] = await tx
      .select({ id: users.id, name: users.name, departmentId: users.departmentId })
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, user.companyId), isNull(users.customerId)));
    if (!person) throw AppError.invalidField('employee_id', M.chooseEmployee);
    return person;
  },
  sources: [SALARY, ENTRIES, ADDITIONAL],
  rowScope: staffRowScope,
  messages: {
    lineTaken: M.lineTaken,
    closed: M.closed,
    closedDelete: M.closedDelete,
    notClosed: M.notClosed,
    overpaid: M.overpaid,
    nothingDue: M.nothingDue,
    futurePeriod: M.futureMonth,
    overlap: (p) => M.already(p.payee, p.from.slice(0, 7)),
    owed: M.owed,
    writeOffReason: M.writeOffReason,
    notOwed: M.notOwed,
  },
});
