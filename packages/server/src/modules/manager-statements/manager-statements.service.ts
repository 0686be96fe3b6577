// Manager statements (/salary-statements) and the account's salary statements (/info/statements):
// the register's calls mapped onto the pay-statement engine (kind 'staff', staff-statements.kind.ts).
import { MSG } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT, formatMoney } from '@backhaul/shared/formats/formats';
import { toMilliPercent } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import {
  MANAGER_STATEMENT_MSG as M,
  type ManagerStatement,
  type ManagerStatementRowFormSchema,
  STAFF_SOURCES,
  type StaffEntryOption,
  type StaffVariant,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import type { Candidate } from '../../platform/pay/define-statement';
import { payStatementLines, payStatements } from '../../platform/pay/pay.table';
import {
  createStatement,
  deleteStatement as deletePayStatement,
  findStatement,
  offerLines,
  updateStatement,
} from '../../platform/pay/statement.service';
import { defineCommand, runCommand } from '../../platform/record/command';
import { monthSalary, salariedIn, staffLineOf } from '../salaries';
import { currentMonth, monthPeriod, statementMonths } from './staff-months';
import { staffStatementKind as kind, salaryKey } from './staff-statements.kind';

type Row = z.output<typeof ManagerStatementRowFormSchema>;

type HeaderRow = {
  id: number;
  variant: string;
  month: string;
  created_date: string;
  created_by: string | null;
  department_id: number | null;
  department: string | null;
  employee_id: number;
  employee: string;
  amount_cents: string;
  terms: { baseRateMilli?: number | null; description?: string } | null;
};

/** Statements with their lines as the contract answers them, in the caller's reach, of one variant. */
export async function readStatements(
  db: DbOrTx,
  user: AuthUser,
  ids: number[],
  variant: StaffVariant = 'manager',
): Promise<ManagerStatement[]> {
  if (!ids.length) return [];
  const heads = await rowsOf<HeaderRow>(
    db,
    sql`select ${payStatements.id} as id, ${payStatements.variant} as variant, to_char(${payStatements.periodFrom}, 'YYYY-MM') as month,
        to_char(${payStatements.createdAt} at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'YYYY-MM-DD') as created_date,
        c.name as created_by, ${payStatements.departmentId} as department_id, d.name as department,
        ${payStatements.payeeId} as employee_id, e.name as employee, ${payStatements.amountCents} as amount_cents, ${payStatements.terms} as terms
      from ${payStatements} join ${users} e on e.id = ${payStatements.payeeId} left join ${users} c on c.id = ${payStatements.createdBy}
        left join ${departments} d on d.id = ${payStatements.departmentId}
      where ${kind.record.scope(user)} and ${payStatements.variant} = ${variant} and ${payStatements.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by ${payStatements.id}`,
  );
  if (!heads.length) return [];
  const lines = await db
    .select()
    .from(payStatementLines)
    .where(
      inArray(
        payStatementLines.statementId,
        heads.map((h) => h.id),
      ),
    )
    .orderBy(asc(payStatementLines.lineDate), asc(payStatementLines.id));
  return heads.map((h) => {
    const own = lines.filter((l) => l.statementId === h.id);
    const salary = own.filter((l) => l.source === STAFF_SOURCES.salary).reduce((s, l) => s + l.amountCents, 0);
    const total = Number(h.amount_cents);
    const milli = h.terms?.baseRateMilli;
    return {
      id: h.id,
      month: h.month,
      created_date: h.created_date,
      created_by: h.created_by,
      department_id: h.department_id,
      department: h.department,
      employee_id: h.employee_id,
      employee: h.employee,
      salary: toDollars(salary),
      base_rate: milli === null || milli === undefined ? null : milli / 1000,
      bonus: toDollars(total - salary),
      description: h.terms?.description ?? '',
      total: toDollars(total),
      lines: own.map(staffLineOf),
      additional: own.filter((l) => l.source === STAFF_SOURCES.additional).map((l) => Number(l.sourceKey)),
    };
  });
}

export async function getStatement(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  variant: StaffVariant = 'manager',
): Promise<ManagerStatement> {
  const [row] = await readStatements(db, user, [id], variant);
  if (!row) throw AppError.notFound();
  return row;
}

const option = (c: Candidate): StaffEntryOption => ({
  id: Number(c.key),
  salary_month: String((c.data as { salary_month?: string } | undefined)?.salary_month ?? ''),
  type: c.type,
  description: c.description,
  amount: toDollars(c.amountCents),
  late: Boolean(c.earned),
});

/** What a person's statement of the month would take: its salary, entries and the Additional entries offered. */
async function offerFor(
  db: DbOrTx,
  user: AuthUser,
  person: { id: number; name: string; departmentId: number | null },
  month: string,
  statementId: number | null,
) {
  const offered = await offerLines(db, kind, user, {
    payee: person,
    period: monthPeriod(month),
    statementId,
    terms: {},
  });
  const entries = (offered.get(STAFF_SOURCES.entry) ?? []).filter((c) => c.preselected || c.onIt);
  const salary = (offered.get(STAFF_SOURCES.salary) ?? [])[0];
  return {
    salary: toDollars(salary?.amountCents ?? 0),
    bonus: toDollars(entries.reduce((s, c) => s + c.amountCents, 0)),
    entries: entries.map(option),
    additional: (offered.get(STAFF_SOURCES.additional) ?? []).map(option),
  };
}

const staffOf = (db: DbOrTx, user: AuthUser) =>
  db
    .select({ id: users.id, name: users.name, departmentId: users.departmentId })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), eq(users.active, true), isNull(users.customerId)))
    .orderBy(asc(users.name));

/**
 * What the form chooses from: the staff, each with the month's computed salary (the default), the
 * entries a new statement takes and the Additional entries it may pay; the departments, the months.
 * `editing` is a statement being edited: its person's offer counts what is on it.
 */
export async function formOptions(
  db: DbOrTx,
  user: AuthUser,
  month: string,
  editing?: { id: number; employeeId: number },
) {
  const staff = await staffOf(db, user);
  const paid = new Set(
    (
      await db
        .select({ id: payStatements.payeeId })
        .from(payStatements)
        .where(
          and(
            eq(payStatements.companyId, user.companyId),
            eq(payStatements.kind, kind.kind),
            eq(payStatements.periodFrom, `${month}-01`),
          ),
        )
    ).map((r) => r.id),
  );
  const employees = [];
  for (const s of staff) {
    const mine = editing?.employeeId === s.id ? editing.id : null;
    employees.push({
      id: s.id,
      name: s.name,
      department_id: s.departmentId,
      has_statement: paid.has(s.id),
      ...(await offerFor(db, user, s, month, mine)),
    });
  }
  return {
    employees,
    departments: await db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.companyId, user.companyId))
      .orderBy(asc(departments.name)),
    month: statementMonths(),
  };
}

/** An engine refusal of row `i`, named on the row's field (an overlapping month is the person's). */
function onRow(i: number, err: unknown): unknown {
  if (!(err instanceof AppError) || err.kind !== 'validation' || !err.fields) return err;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(err.fields)) {
    const name = field === 'month' && !messages.includes(M.futureMonth) ? 'employee_id' : field;
    fields[`rows.${i}.${name}`] = messages;
  }
  return AppError.validation(fields);
}

/** One row of the form: a new statement, or an edit of one (a changed person or month makes it anew). */
async function saveRow(tx: DbOrTx, user: AuthUser, r: Row): Promise<number> {
  const salary = await monthSalary(tx, { companyId: user.companyId, userId: r.employee_id, month: r.month });
  const key = salaryKey(r.employee_id, r.month);
  const terms = {
    // The base rate in thousandths of a percent (1.875 % → 1,875).
    baseRateMilli:
      r.base_rate_percent === null || r.base_rate_percent === undefined ? null : toMilliPercent(r.base_rate_percent),
    description: r.description ?? '',
  };
  const amounts = { [STAFF_SOURCES.salary]: { [key]: r.salary ?? salary.cents } };
  const chosen = { salary: [key], additional: r.additional ?? [] };
  if (r.id) {
    const before = await findStatement(tx, kind, user, r.id);
    if (before.variant !== 'manager') throw AppError.notFound();
    if (before.payeeId === r.employee_id && before.periodFrom.startsWith(r.month)) {
      const on = await tx
        .select({ key: payStatementLines.sourceKey })
        .from(payStatementLines)
        .where(and(eq(payStatementLines.statementId, r.id), eq(payStatementLines.source, STAFF_SOURCES.entry)));
      await updateStatement(tx, kind, user, {
        id: r.id,
        chosen: { ...chosen, entries: on.map((l) => l.key as string) },
        preselected: ['entries'],
        amounts,
        terms,
        departmentId: r.department_id,
      });
      return r.id;
    }
    await deletePayStatement(tx, kind, user, r.id);
  }
  return createStatement(tx, kind, user, {
    payeeId: r.employee_id,
    period: monthPeriod(r.month),
    variant: 'manager',
    departmentId: r.department_id,
    terms,
    chosen,
    preselected: ['entries'],
    amounts,
  });
}

/**
 * POST /salary-statements: saves the rows all or none (one command). A row's salary is the month's
 * computed salary unless typed over; its entries are the month's (and earlier ones left off), its
 * Additional entries those chosen; one statement per person and month.
 */
export async function saveStatements(db: DbOrTx, user: AuthUser, rows: Row[]): Promise<ManagerStatement[]> {
  const errors: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    if (r.month > currentMonth()) errors[`rows.${i}.month`] = [M.futureMonth];
  });
  const known = new Set(
    (
      await db
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.companyId, user.companyId),
            inArray(departments.id, [...new Set(rows.map((r) => r.department_id))]),
          ),
        )
    ).map((d) => d.id),
  );
  rows.forEach((r, i) => {
    if (!known.has(r.department_id)) errors[`rows.${i}.department_id`] = [M.chooseDepartment];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const ids = await runCommand(
    db,
    defineCommand({
      action: 'save',
      run: async ({ tx }) => {
        const saved: number[] = [];
        for (const [i, r] of rows.entries()) {
          try {
            saved.push(await saveRow(tx, user, r));
          } catch (err) {
            throw onRow(i, err);
          }
        }
        return saved;
      },
    }),
    user,
    rows,
  );
  return readStatements(db, user, ids);
}

/** Deletes a statement (its lines go, so its entries are free again); answers the spec's message with its values. */
export async function deleteStatement(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  variant: StaffVariant = 'manager',
): Promise<string> {
  const statement = await getStatement(db, user, id, variant);
  await deletePayStatement(db, kind, user, id);
  if (variant === 'employee') return MSG.deleteSuccess;
  return M.removed({
    total: formatMoney(statement.total),
    employee: statement.employee,
    department: statement.department ?? '—',
    month: statement.month,
  });
}

/** Who has a salary in the month and no statement of it yet (either screen's), with the salary. */
async function salariedWithoutStatement(db: DbOrTx, user: AuthUser, month: string) {
  const salaried = await salariedIn(db, user.companyId, month);
  if (!salaried.length) return [];
  const taken = await db
    .select({ id: payStatements.payeeId })
    .from(payStatements)
    .where(
      and(
        eq(payStatements.companyId, user.companyId),
        eq(payStatements.kind, kind.kind),
        eq(payStatements.periodFrom, `${month}-01`),
        inArray(
          payStatements.payeeId,
          salaried.map((s) => s.userId),
        ),
      ),
    );
  const made = new Set(taken.map((r) => r.id));
  return salaried.filter((s) => !made.has(s.userId));
}

/** The preview of GET /info/statements/create: who the month's statements would be made for (nothing written). */
export async function employeesWithoutStatement(db: DbOrTx, user: AuthUser, month: string): Promise<number[]> {
  return (await salariedWithoutStatement(db, user, month)).map((s) => s.userId);
}

/**
 * Salary statements of a month (POST /info/statements/create): one for each person with a salary in
 * the month and no statement of it yet — the prorated salary and the entries a statement takes by
 * default. One command: all or none; a person a parallel request paid meanwhile is skipped.
 */
export async function createEmployeeStatements(db: DbOrTx, user: AuthUser, month: string): Promise<number[]> {
  const people = await salariedWithoutStatement(db, user, month);
  return runCommand(
    db,
    defineCommand({
      action: 'create-month',
      run: async ({ tx }) => {
        const created: number[] = [];
        for (const p of people) {
          try {
            created.push(
              await createStatement(tx, kind, user, {
                payeeId: p.userId,
                period: monthPeriod(month),
                variant: 'employee',
                chosen: { salary: [salaryKey(p.userId, month)] },
                preselected: ['entries'],
              }),
            );
          } catch (err) {
            // The month is this person's already (a request that ran at the same time made it).
            if (err instanceof AppError && err.kind === 'validation' && err.fields?.[kind.periodField]) continue;
            throw err;
          }
        }
        return created;
      },
    }),
    user,
    { month },
  );
}
