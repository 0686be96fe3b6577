import { MSG } from '@backhaul/shared';
import {
  addDays,
  COMPANY_TIME_ZONE_DEFAULT,
  nowInCompanyTimeZone,
  startOfWeek,
} from '@backhaul/shared/formats/formats';
import { EXPENSE_MSG } from '@backhaul/shared/modules/driver-pay/company-expenses.contract';
import {
  ADDITION_CATEGORIES,
  type AdditionCategory,
  type AdditionForm,
  STATEMENT_MSG,
  type StatementCreate,
  type StatementCreateOptions,
  type StatementDetail,
  type StatementEdit,
  type StatementLine,
  type StatementPayForm,
  type StatementPeriod,
  type StatementRow,
  type StatementUpdate,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import { drivers } from '../drivers';
import { driverStatementLines, driverStatementPayments, driverStatements } from './driver-pay.table';
import { driverStatementsList } from './driver-statements.list';
import { candidates, findDriver, strip, type Window } from './statement-candidates';
import { isContractType, payContract, rateLabel } from './statement-pay';

const _TZ = COMPANY_TIME_ZONE_DEFAULT;
const CATEGORY_OPTIONS = Object.entries(ADDITION_CATEGORIES).map(([value, label]) => ({ value, label }));
const _CANDIDATE_LIMIT = 500;

/** Last week, Sunday to Saturday, in company time. */
export function lastWeek(today = nowInCompanyTimeZone().date) {
  const from = addDays(startOfWeek(today), -7);
  return { from, to: addDays(from, 6) };
}

async function driverOptionRows(db: DbOrTx, user: AuthUser) {
  const rows = await rowsOf<{ value: number; label: string; contract_type: string; email: string | null }>(
    db,
    sql`select d.id as value, d.name as label, d.email,
        coalesce((select c.contract_type from driver_contracts c where c.driver_id = d.id
          order by c.starts_on desc, c.id desc limit 1), d.payment_type) as contract_type
      from drivers d where d.company_id = ${user.companyId} and d.active order by d.name`,
  );
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}

/** GET /drivers-statements: drivers and the list's filter values. */
export async function statementIndex(db: DbOrTx, user: AuthUser) {
  return {
    drivers: await driverOptionRows(db, user),
    filter: { status: ['Open', 'Closed'], paid_status: ['Not paid', 'Partly paid', 'Paid'] },
  };
}

/** GET /drivers-statements/create. */
export async function createOptions(db: DbOrTx, user: AuthUser): Promise<StatementCreateOptions> {
  const week = lastWeek();
  return {
    drivers: await driverOptionRows(db, user),
    category: CATEGORY_OPTIONS,
    date_from: week.from,
    date_to: week.to,
  };
}

/** POST /drivers-statements/create: what a new statement for the driver and period may take (all selected). */
export async function previewStatement(db: DbOrTx, user: AuthUser, body: StatementPeriod): Promise<StatementEdit> {
  await findDriver(db, user, body.driver_id);
  const c = await candidates(db, user, {
    driverId: body.driver_id,
    from: body.date_from,
    to: body.date_to,
    statementId: null,
  });
  return {
    statement: null,
    trips: c.trips.map(strip),
    trips_selected: c.trips.map((t) => t.id),
    fuel: c.fuel.map(strip),
    fuel_selected: c.fuel.map((f) => f.id),
    addition: [],
    addition_selected: [],
    category: CATEGORY_OPTIONS,
    scheduled_payments: c.instalments.map(({ kind: _k, ...r }) => strip(r)),
    scheduled_payments_selected: c.instalments.map((i) => i.id),
  };
}

async function lockStatement(tx: DbOrTx, user: AuthUser, id: number) {
  const [s] = await tx
    .select()
    .from(driverStatements)
    .where(and(eq(driverStatements.id, id), eq(driverStatements.companyId, user.companyId)))
    .for('update');
  if (!s) throw AppError.notFound();
  return s;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

/** Writes the chosen trip, fuel and instalment lines; anything not offered for this statement is a 422. */
async function writeSelection(
  tx: DbOrTx,
  user: AuthUser,
  statementId: number,
  w: Window,
  chosen: Pick<StatementCreate, 'trips' | 'fuel' | 'scheduled_payments'>,
) {
  const c = await candidates(tx, user, w);
  const pick = <T extends { id: string | number }>(rows: T[], ids: (string | number)[], field: string) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const wanted = [...new Set(ids)];
    if (wanted.some((i) => !byId.has(i))) throw AppError.invalidField(field, STATEMENT_MSG.lineTaken);
    return wanted.map((i) => byId.get(i) as T);
  };
  const trips = pick(c.trips, chosen.trips, 'trips');
  const fuel = pick(c.fuel, chosen.fuel, 'fuel');
  const instalments = pick(c.instalments, chosen.scheduled_payments, 'scheduled_payments');
  // Lines of this statement no longer chosen go; chosen ones not yet on it are added.
  await tx.execute(
    sql`delete from driver_statement_lines where statement_id = ${statementId} and kind in ('trip', 'fuel', 'scheduled')`,
  );
  const rows = [
    ...trips.map((t) => ({
      statementId,
      kind: 'trip',
      loadId: t.load_id,
      lineDate: t.date,
      type: 'Trip',
      description: t.description,
      countAction: t.count_action,
      amountCents: t.cents,
    })),
    ...fuel.map((f) => ({
      statementId,
      kind: 'fuel',
      fuelId: f.fuel_id,
      lineDate: f.date,
      type: 'Fuel',
      description: f.description,
      countAction: f.count_action,
      amountCents: f.cents,
    })),
    ...instalments.map((i) => ({
      statementId,
      kind: 'scheduled',
      scheduledPaymentId: i.scheduled_payment_id,
      dueOn: i.date,
      lineDate: i.date,
      type: i.kind === 'credit' ? 'Scheduled credit' : 'Scheduled deduction',
      description: i.description,
      schedule: i.schedule,
      amountCents: i.cents,
    })),
  ];
  if (!rows.length) return c.contract;
  try {
    await tx.insert(driverStatementLines).values(rows);
  } catch (err) {
    // Another statement took a line between our read and our write: its unique index refused ours.
    if (isUniqueViolation(err)) throw AppError.invalidField('trips', STATEMENT_MSG.lineTaken);
    throw err;
  }
  return c.contract;
}

/** The statement's amount is the sum of its lines; its paid status follows its payments. */
async function settle(tx: DbOrTx, id: number) {
  await tx.execute(
    sql`update driver_statements set
        amount_cents = (select coalesce(sum(amount_cents), 0) from driver_statement_lines where statement_id = ${id}),
        paid_cents = (select coalesce(sum(amount_cents), 0) from driver_statement_payments where statement_id = ${id}),
        paid_date = (select max(paid_on) from driver_statement_payments where statement_id = ${id}),
        updated_at = now()
      where id = ${id}`,
  );
}

/** POST /drivers-statements: a statement for the driver and period with the chosen lines. */
export async function createStatement(db: Db, user: AuthUser, body: StatementCreate) {
  const id = await db.transaction(async (tx) => {
    const driver = await findDriver(tx, user, body.driver_id, true);
    const contract = await payContract(tx, driver.id, body.date_to);
    const [s] = await tx
      .insert(driverStatements)
      .values({
        companyId: user.companyId,
        driverId: driver.id,
        customerId: driver.customer_id,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        contractType: contract.type,
        rate: contract.rate,
        createdBy: user.id,
      })
      .returning();
    if (!s) throw new AppError('internal', 'Statement not created');
    await writeSelection(
      tx,
      user,
      s.id,
      { driverId: driver.id, from: body.date_from, to: body.date_to, statementId: s.id },
      body,
    );
    await takeQueuedExpenses(tx, s.id, driver.id);
    await settle(tx, s.id);
    const after = await statementDetail(tx, user, s.id);
    await writeAudit(tx, { actor: user, entity: 'driver_statement', entityId: s.id, action: 'create', after });
    return s.id;
  });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

/** PUT /drivers-statements/:id: the chosen lines, the additional payments kept, and Close. */
export async function updateStatement(db: Db, user: AuthUser, id: number, body: StatementUpdate) {
  await db.transaction(async (tx) => {
    const s = await lockStatement(tx, user, id);
    if (s.status === 'Closed') throw AppError.precondition(STATEMENT_MSG.closed);
    const before = await statementDetail(tx, user, id);
    await findDriver(tx, user, s.driverId, true);
    await writeSelection(tx, user, id, { driverId: s.driverId, from: s.dateFrom, to: s.dateTo, statementId: id }, body);
    const keep = new Set(body.addition);
    const dropped = before.lines.filter((l) => l.kind === 'addition' && !keep.has(l.id)).map((l) => l.id);
    if (dropped.length)
      await tx.execute(
        sql`delete from driver_statement_lines where statement_id = ${id} and kind = 'addition'
          and id in (${sql.join(
            dropped.map((d) => sql`${d}`),
            sql`, `,
          )})`,
      );
    if (body.status === 'Closed')
      await tx.update(driverStatements).set({ status: 'Closed' }).where(eq(driverStatements.id, id));
    await settle(tx, id);
    const after = await statementDetail(tx, user, id);
    await writeAudit(tx, { actor: user, entity: 'driver_statement', entityId: id, action: 'update', before, after });
  });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

const signed = (category: AdditionCategory, cents: number) => (category === 'deduction' ? -cents : cents);

/**
 * The driver's company expenses waiting for a statement (paid, on none yet) become additional
 * payments of this one: a deduction, or a credit for a reimbursement. The unique index on
 * expense_id keeps each on one statement even when two take it at once.
 */
async function takeQueuedExpenses(tx: DbOrTx, statementId: number, driverId: number) {
  await tx.execute(
    sql`insert into driver_statement_lines
        (statement_id, kind, expense_id, category, line_date, type, description, count_action, amount_cents)
      select ${statementId}, 'addition', e.id,
        case e.pay_as when 'reimbursement' then 'credit' else 'deduction' end,
        e.expense_date,
        case e.pay_as when 'reimbursement' then ${ADDITION_CATEGORIES.credit} else ${ADDITION_CATEGORIES.deduction} end,
        concat('Company expense #', e.id, ': ', e.category, case when e.description <> '' then concat(' — ', e.description) else '' end),
        '',
        case e.pay_as when 'reimbursement' then e.amount_cents else -e.amount_cents end
      from company_expenses e
      where e.driver_id = ${driverId} and e.status = 'Queued'
        and not exists (select 1 from driver_statement_lines dl where dl.expense_id = e.id)
      order by e.expense_date, e.id`,
  );
}

/**
 * POST /company-expenses/:id/pay: the expense waits for the driver's next statement as a deduction
 * or a reimbursement, and goes on the driver's open statement at once when there is one. A truck's
 * expense is charged to the truck's driver. Answers the statement that took it, or null.
 */
export async function payExpense(db: Db, user: AuthUser, id: number, payAs: 'deduction' | 'reimbursement') {
  return db.transaction(async (tx) => {
    const [e] = await rowsOf<{ driver_id: number | null; truck_driver: number | null; taken_by: number | null }>(
      tx,
      sql`select e.driver_id, (select driver_id from trucks where id = e.truck_id) as truck_driver,
          (select statement_id from driver_statement_lines where expense_id = e.id) as taken_by
        from company_expenses e where e.id = ${id} and e.company_id = ${user.companyId} for update`,
    );
    if (!e) throw AppError.notFound();
    if (e.taken_by) throw AppError.precondition(EXPENSE_MSG.onStatement(Number(e.taken_by)));
    const driverId = e.driver_id ?? e.truck_driver;
    if (!driverId) throw AppError.invalidField('driver_id', EXPENSE_MSG.noDriver);
    // Statements of this driver are made one at a time (findDriver locks the driver's row).
    await findDriver(tx, user, Number(driverId), true);
    await tx.execute(
      sql`update company_expenses set pay_as = ${payAs}, status = 'Queued', driver_id = ${driverId}, updated_at = now()
        where id = ${id}`,
    );
    const [open] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from driver_statements where company_id = ${user.companyId} and driver_id = ${driverId}
        and status = 'Open' order by date_to desc, id desc limit 1 for update`,
    );
    if (open) {
      await takeQueuedExpenses(tx, Number(open.id), Number(driverId));
      await settle(tx, Number(open.id));
    }
    await writeAudit(tx, {
      actor: user,
      entity: 'company_expense',
      entityId: id,
      action: 'update',
      after: { pay_as: payAs, driver_id: driverId, statement_id: open ? Number(open.id) : null },
    });
    return open ? Number(open.id) : null;
  });
}

/** POST /drivers-statements/setAddition: a credit or deduction on an open statement. */
export async function setAddition(db: Db, user: AuthUser, body: AdditionForm & { statement_id: number }) {
  const id = body.statement_id;
  await db.transaction(async (tx) => {
    const s = await lockStatement(tx, user, id);
    if (s.status === 'Closed') throw AppError.precondition(STATEMENT_MSG.closed);
    const [line] = await tx
      .insert(driverStatementLines)
      .values({
        statementId: id,
        kind: 'addition',
        category: body.category,
        lineDate: body.date,
        type: ADDITION_CATEGORIES[body.category],
        description: body.description,
        countAction: '',
        amountCents: signed(body.category, body.amount),
      })
      .returning();
    await settle(tx, id);
    await writeAudit(tx, {
      actor: user,
      entity: 'driver_statement_line',
      entityId: line?.id ?? id,
      action: 'create',
      after: line,
    });
  });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

/** POST /drivers-statements/updateAddition/:id (the line). */
export async function updateAddition(db: Db, user: AuthUser, lineId: number, body: AdditionForm) {
  const statementId = await db.transaction(async (tx) => {
    const [line] = await rowsOf<{ statement_id: number; expense_id: number | null }>(
      tx,
      sql`select dl.statement_id, dl.expense_id from driver_statement_lines dl join driver_statements s on s.id = dl.statement_id
        where dl.id = ${lineId} and dl.kind = 'addition' and s.company_id = ${user.companyId}`,
    );
    if (!line) throw AppError.notFound();
    if (line.expense_id) throw AppError.precondition(STATEMENT_MSG.expenseLine);
    const sid = Number(line.statement_id);
    const s = await lockStatement(tx, user, sid);
    if (s.status === 'Closed') throw AppError.precondition(STATEMENT_MSG.closed);
    const [before] = await tx.select().from(driverStatementLines).where(eq(driverStatementLines.id, lineId));
    const [after] = await tx
      .update(driverStatementLines)
      .set({
        category: body.category,
        lineDate: body.date,
        type: ADDITION_CATEGORIES[body.category],
        description: body.description,
        amountCents: signed(body.category, body.amount),
      })
      .where(eq(driverStatementLines.id, lineId))
      .returning();
    await settle(tx, sid);
    await writeAudit(tx, {
      actor: user,
      entity: 'driver_statement_line',
      entityId: lineId,
      action: 'update',
      before,
      after,
    });
    return sid;
  });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, statementId) };
}

/** POST /drivers-statements/setPay/:id: a payment of a closed statement, at most what it still owes. */
export async function setPay(db: Db, user: AuthUser, id: number, body: StatementPayForm) {
  await db.transaction(async (tx) => {
    const s = await lockStatement(tx, user, id);
    if (s.status !== 'Closed') throw AppError.precondition(STATEMENT_MSG.notClosed);
    if (s.paidCents + body.amount > s.amountCents) throw AppError.invalidField('amount', STATEMENT_MSG.overpaid);
    const [p] = await tx
      .insert(driverStatementPayments)
      .values({ statementId: id, amountCents: body.amount, paidOn: body.date, note: body.note, createdBy: user.id })
      .returning();
    await settle(tx, id);
    await writeAudit(tx, {
      actor: user,
      entity: 'driver_statement_payment',
      entityId: p?.id ?? id,
      action: 'create',
      after: p,
    });
  });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

/** DELETE /drivers-statements-payment/:id. */
export async function deletePayment(db: Db, user: AuthUser, paymentId: number) {
  const statementId = await db.transaction(async (tx) => {
    const [p] = await rowsOf<{ statement_id: number }>(
      tx,
      sql`select p.statement_id from driver_statement_payments p join driver_statements s on s.id = p.statement_id
        where p.id = ${paymentId} and s.company_id = ${user.companyId}`,
    );
    if (!p) throw AppError.notFound();
    const sid = Number(p.statement_id);
    await lockStatement(tx, user, sid);
    const [before] = await tx
      .delete(driverStatementPayments)
      .where(eq(driverStatementPayments.id, paymentId))
      .returning();
    await settle(tx, sid);
    await writeAudit(tx, {
      actor: user,
      entity: 'driver_statement_payment',
      entityId: paymentId,
      action: 'delete',
      before,
    });
    return sid;
  });
  return { message: MSG.recordDeleted, statement: await statementDetail(db, user, statementId) };
}

/** DELETE /drivers-statements/:id: an open statement only; its lines are free again. */
export async function deleteStatement(db: Db, user: AuthUser, id: number) {
  await db.transaction(async (tx) => {
    const s = await lockStatement(tx, user, id);
    if (s.status === 'Closed') throw AppError.precondition(STATEMENT_MSG.closedDelete);
    const before = await statementDetail(tx, user, id);
    await tx.delete(driverStatements).where(eq(driverStatements.id, id));
    await writeAudit(tx, { actor: user, entity: 'driver_statement', entityId: id, action: 'delete', before });
  });
  return { message: MSG.recordDeleted };
}

/** One statement: its list row, lines and payments. */
export async function statementDetail(db: DbOrTx, user: AuthUser, id: number): Promise<StatementDetail> {
  const compiled = compileList(driverStatementsList, user, { filters: { id: { op: 'eq', value: id } } });
  const [row] = (await selectPage(db, driverStatementsList, compiled, { limit: 1, offset: 0 })) as StatementRow[];
  const [s] = await db
    .select()
    .from(driverStatements)
    .where(and(eq(driverStatements.id, id), eq(driverStatements.companyId, user.companyId)));
  if (!row || !s) throw AppError.notFound();
  const [driver] = await db.select({ email: drivers.email }).from(drivers).where(eq(drivers.id, s.driverId));
  const lines = await rowsOf<{
    id: number;
    kind: StatementLine['kind'];
    date: string;
    type: string;
    description: string;
    count_action: string;
    schedule: string;
    amount_cents: string | number;
    category: AdditionCategory | null;
  }>(
    db,
    sql`select id, kind, line_date::text as date, type, description, count_action, schedule, amount_cents, category
      from driver_statement_lines where statement_id = ${id}
      order by case kind when 'trip' then 1 when 'fuel' then 2 when 'scheduled' then 3 else 4 end, line_date, id`,
  );
  const payments = await rowsOf<{
    id: number;
    amount_cents: string;
    date: string;
    note: string;
    created_by: string | null;
  }>(
    db,
    sql`select p.id, p.amount_cents, p.paid_on::text as date, p.note, u.name as created_by
      from driver_statement_payments p left join users u on u.id = p.created_by
      where p.statement_id = ${id} order by p.paid_on, p.id`,
  );
  return {
    ...row,
    driver_id: s.driverId,
    email: driver?.email ?? null,
    date_from: s.dateFrom,
    date_to: s.dateTo,
    rate: rateLabel({ type: isContractType(s.contractType) ? s.contractType : 'per_mile', rate: s.rate }),
    due: toDollars(s.amountCents - s.paidCents),
    lines: lines.map(({ amount_cents, ...l }) => ({ ...l, id: Number(l.id), amount: toDollars(amount_cents) })),
    payments: payments.map(({ amount_cents, ...p }) => ({ ...p, id: Number(p.id), amount: toDollars(amount_cents) })),
  };
}

/** GET /drivers-statements/:id/edit: the statement with every row its lists hold and the ids selected. */
export async function editStatement(db: DbOrTx, user: AuthUser, id: number): Promise<StatementEdit> {
  const statement = await statementDetail(db, user, id);
  const additions = statement.lines
    .filter((l) => l.kind === 'addition' && l.category)
    .map((l) => ({
      id: l.id,
      category: l.category as AdditionCategory,
      date: l.date,
      description: l.description,
      amount: l.amount,
    }));
  const common = {
    statement,
    addition: additions,
    addition_selected: additions.map((a) => a.id),
    category: CATEGORY_OPTIONS,
  };
  if (statement.status === 'Closed') {
    // A View: the statement's own lines only, nothing to choose from.
    return {
      ...common,
      trips: [],
      trips_selected: [],
      fuel: [],
      fuel_selected: [],
      scheduled_payments: [],
      scheduled_payments_selected: [],
    };
  }
  const c = await candidates(db, user, {
    driverId: statement.driver_id,
    from: statement.date_from,
    to: statement.date_to,
    statementId: id,
  });
  return {
    ...common,
    trips: c.trips.map(strip),
    trips_selected: c.trips.filter((t) => t.onIt).map((t) => t.id),
    fuel: c.fuel.map(strip),
    fuel_selected: c.fuel.filter((f) => f.onIt).map((f) => f.id),
    scheduled_payments: c.instalments.map(({ kind: _k, ...r }) => strip(r)),
    scheduled_payments_selected: c.instalments.filter((i) => i.onIt).map((i) => i.id),
  };
}
