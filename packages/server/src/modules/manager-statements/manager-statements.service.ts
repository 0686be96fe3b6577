import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  MANAGER_STATEMENT_MSG as M,
  type ManagerStatement,
  type ManagerStatementRowFormSchema,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { inTransaction, isUniqueViolation } from '../../platform/record/record.service';
import { bonusOfMonth, lockMonthEntries } from '../bonus-charge';
import { firstDay, refuseFutureMonth, statementMonths } from '../dispatcher-statements';
import { monthEnd, salariedOn } from '../salaries';
import { managerStatements as t } from './manager-statements.table';

type Row = z.output<typeof ManagerStatementRowFormSchema>;

/** The statement's answer: names behind the ids, money in dollars. */
export const statementSelect = sql`select s.id, to_char(s.month, 'YYYY-MM') as month,
    to_char(s.created_at at time zone 'America/Chicago', 'YYYY-MM-DD') as created_date, c.name as created_by,
    s.department_id, d.name as department, s.employee_id, e.name as employee, s.salary_cents, s.base_rate_bp,
    s.bonus_cents, s.description, s.total_cents
  from ${t} s join ${users} e on e.id = s.employee_id left join ${users} c on c.id = s.created_by
    left join ${departments} d on d.id = s.department_id`;

type SelectedRow = {
  id: number;
  month: string;
  created_date: string;
  created_by: string | null;
  department_id: number | null;
  department: string | null;
  employee_id: number;
  employee: string;
  salary_cents: string;
  base_rate_bp: number | null;
  bonus_cents: string;
  description: string;
  total_cents: string;
};

const toStatement = (r: SelectedRow): ManagerStatement => ({
  id: r.id,
  month: r.month,
  created_date: r.created_date,
  created_by: r.created_by,
  department_id: r.department_id,
  department: r.department,
  employee_id: r.employee_id,
  employee: r.employee,
  salary: Number(r.salary_cents) / 100,
  base_rate: r.base_rate_bp === null ? null : r.base_rate_bp / 100,
  bonus: Number(r.bonus_cents) / 100,
  description: r.description,
  total: Number(r.total_cents) / 100,
});

export type StatementKind = 'manager' | 'employee';

export async function readStatements(
  db: DbOrTx,
  companyId: number,
  ids: number[],
  kind: StatementKind = 'manager',
): Promise<ManagerStatement[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<SelectedRow>(
    db,
    sql`${statementSelect} where s.company_id = ${companyId} and s.kind = ${kind} and s.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by s.id`,
  );
  return rows.map(toStatement);
}

export async function getStatement(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  kind: StatementKind = 'manager',
): Promise<ManagerStatement> {
  const [row] = await readStatements(db, user.companyId, [id], kind);
  if (!row) throw AppError.notFound();
  return row;
}

/** What the form chooses from: the staff with their month's bonus, the departments, the months. */
export async function formOptions(db: DbOrTx, user: AuthUser, month: string) {
  const staff = await db
    .select({ id: users.id, name: users.name, department_id: users.departmentId })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), eq(users.active, true), sql`${users.customerId} is null`))
    .orderBy(asc(users.name));
  const paid = new Set(
    (
      await db
        .select({ id: t.employeeId })
        .from(t)
        .where(and(eq(t.companyId, user.companyId), eq(t.month, firstDay(month))))
    ).map((r) => r.id),
  );
  const employees = [];
  for (const s of staff) {
    const bonus = await bonusOfMonth(db, { companyId: user.companyId, employeeId: s.id, month });
    employees.push({ ...s, bonus: bonus / 100, has_statement: paid.has(s.id) });
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

/**
 * Saves the rows in one transaction (all or none): bonus = the month's entries (locked while the
 * statement counts them), total = salary + bonus, in cents; one statement per person and month.
 */
export async function saveStatements(db: DbOrTx, user: AuthUser, rows: Row[]): Promise<ManagerStatement[]> {
  rows.forEach((r, i) => {
    refuseFutureMonth(r.month, `rows.${i}.month`, M.futureMonth);
  });
  const employeeIds = [...new Set(rows.map((r) => r.employee_id))];
  const staff = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), inArray(users.id, employeeIds)));
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const departmentIds = [...new Set(rows.map((r) => r.department_id))];
  const known = new Set(
    (
      await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.companyId, user.companyId), inArray(departments.id, departmentIds)))
    ).map((d) => d.id),
  );
  const errors: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    if (!names.has(r.employee_id)) errors[`rows.${i}.employee_id`] = [M.chooseEmployee];
    if (!known.has(r.department_id)) errors[`rows.${i}.department_id`] = [M.chooseDepartment];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  try {
    const ids = await inTransaction(db, async (tx) => {
      const saved: number[] = [];
      for (const [i, r] of rows.entries()) {
        const before = r.id
          ? (
              await tx
                .select()
                .from(t)
                .where(and(eq(t.id, r.id), eq(t.companyId, user.companyId), eq(t.kind, 'manager')))
                .for('update')
            )[0]
          : undefined;
        if (r.id && !before) throw AppError.notFound();
        const key = { companyId: user.companyId, employeeId: r.employee_id, month: r.month };
        // An edit that moves the statement releases the entries of its old person and month.
        if (before && (before.employeeId !== r.employee_id || String(before.month).slice(0, 7) !== r.month))
          await lockMonthEntries(tx, {
            companyId: user.companyId,
            employeeId: before.employeeId,
            month: String(before.month),
            locked: false,
          });
        const bonusCents = await lockMonthEntries(tx, { ...key, locked: true });
        const values = {
          employeeId: r.employee_id,
          departmentId: r.department_id,
          month: firstDay(r.month),
          salaryCents: r.salary,
          baseRateBp:
            r.base_rate_percent === null || r.base_rate_percent === undefined
              ? null
              : Math.round(r.base_rate_percent * 100),
          bonusCents,
          totalCents: r.salary + bonusCents,
          description: r.description ?? '',
        };
        const [after] = before
          ? await tx
              .update(t)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(t.id, before.id))
              .returning()
          : await tx
              .insert(t)
              .values({ ...values, companyId: user.companyId, createdBy: user.id })
              .onConflictDoNothing()
              .returning();
        if (!after)
          throw AppError.invalidField(`rows.${i}.employee_id`, M.already(names.get(r.employee_id) ?? '', r.month));
        await writeAudit(tx, {
          actor: user,
          entity: 'manager_statement',
          entityId: after.id,
          action: before ? 'update' : 'create',
          before: before ?? null,
          after,
        });
        saved.push(after.id);
      }
      return saved;
    });
    return readStatements(db, user.companyId, ids);
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.invalidField('rows', M.already('This person', rows[0]?.month ?? ''));
    throw err;
  }
}

/** Deletes a statement and releases its month's entries; answers the spec's message with its values. */
export async function deleteStatement(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  kind: StatementKind = 'manager',
): Promise<string> {
  const statement = await getStatement(db, user, id, kind);
  await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.companyId, user.companyId)))
      .for('update');
    if (!before) throw AppError.notFound();
    await tx.delete(t).where(eq(t.id, id));
    await lockMonthEntries(tx, {
      companyId: user.companyId,
      employeeId: before.employeeId,
      month: String(before.month),
      locked: false,
    });
    await writeAudit(tx, { actor: user, entity: `${kind}_statement`, entityId: id, action: 'delete', before });
  });
  if (kind === 'employee') return MSG.deleteSuccess;
  return M.removed({
    total: formatMoney(statement.total),
    employee: statement.employee,
    department: statement.department ?? '—',
    month: statement.month,
  });
}

/** The preview of GET /info/statements/create: who has a salary at the month's end and no statement of it (nothing written). */
export async function employeesWithoutStatement(db: DbOrTx, user: AuthUser, month: string): Promise<number[]> {
  const ids = (await salariedOn(db, user.companyId, monthEnd(month))).map((s) => s.userId);
  if (!ids.length) return [];
  const [people, taken] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, user.companyId), inArray(users.id, ids))),
    db
      .select({ id: t.employeeId })
      .from(t)
      .where(and(eq(t.companyId, user.companyId), eq(t.month, firstDay(month)), inArray(t.employeeId, ids))),
  ]);
  const made = new Set(taken.map((r) => r.id));
  return people.map((p) => p.id).filter((id) => !made.has(id));
}

/**
 * Salary statements of a month (POST /info/statements/create): one for each employee with a salary
 * in effect at the month's end and no statement of that month yet — salary + the month's entries
 * (locked) = total. Repeating it makes nothing twice (the unique index of person and month).
 */
export async function createEmployeeStatements(db: DbOrTx, user: AuthUser, month: string): Promise<number[]> {
  const salaried = await salariedOn(db, user.companyId, monthEnd(month));
  return inTransaction(db, async (tx) => {
    const created: number[] = [];
    for (const s of salaried) {
      const [person] = await tx
        .select({ departmentId: users.departmentId })
        .from(users)
        .where(and(eq(users.id, s.userId), eq(users.companyId, user.companyId)));
      if (!person) continue;
      const [row] = await tx
        .insert(t)
        .values({
          companyId: user.companyId,
          kind: 'employee',
          employeeId: s.userId,
          departmentId: person.departmentId,
          month: firstDay(month),
          salaryCents: s.cents,
          bonusCents: 0,
          totalCents: s.cents,
          createdBy: user.id,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      const bonusCents = await lockMonthEntries(tx, {
        companyId: user.companyId,
        employeeId: s.userId,
        month,
        locked: true,
      });
      const [after] = await tx
        .update(t)
        .set({ bonusCents, totalCents: s.cents + bonusCents })
        .where(eq(t.id, row.id))
        .returning();
      await writeAudit(tx, { actor: user, entity: 'employee_statement', entityId: row.id, action: 'create', after });
      created.push(row.id);
    }
    return created;
  });
}
