import { MSG } from '@backhaul/shared';
import {
  addDays,
  COMPANY_TIME_ZONE_DEFAULT,
  formatMoney,
  formatNumber,
  nowInCompanyTimeZone,
  startOfWeek,
} from '@backhaul/shared/formats/formats';
import {
  ADDITION_CATEGORIES,
  type AdditionCategory,
  type AdditionForm,
  STATEMENT_CONTRACT_TYPES,
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
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import type { Mailer } from '../../platform/mail/mailer';
import { createPdf } from '../../platform/pdf/pdf.document';
import { driverContracts, driverStatementMail, drivers } from '../drivers';
import { driverStatementLines, driverStatementPayments, driverStatements } from './driver-pay.table';
import { driverStatementsList } from './driver-statements.list';
import { instalmentsBetween, type Series, scheduleLabel } from './instalments';

const TZ = COMPANY_TIME_ZONE_DEFAULT;
const CATEGORY_OPTIONS = Object.entries(ADDITION_CATEGORIES).map(([value, label]) => ({ value, label }));
const CANDIDATE_LIMIT = 500;

/** The pay contract a statement pays trips by: cents per mile or per load, or basis points of gross. */
export type PayContract = { type: keyof typeof STATEMENT_CONTRACT_TYPES; rate: number };

/** A load's pay and how it was counted, in cents (percent rounds half up to the cent). */
export function tripPay(contract: PayContract, load: { grossCents: number; loaded: number; empty: number }) {
  switch (contract.type) {
    case 'per_mile': {
      const miles = load.loaded + load.empty;
      return {
        cents: miles * contract.rate,
        countAction: `${formatNumber(miles)} mi × ${formatMoney(contract.rate / 100)}`,
      };
    }
    case 'percent':
      return {
        cents: Math.round((load.grossCents * contract.rate) / 10_000),
        countAction: `${contract.rate / 100}% of ${formatMoney(load.grossCents / 100)}`,
      };
    case 'flat':
      return { cents: contract.rate, countAction: `1 load × ${formatMoney(contract.rate / 100)}` };
    default:
      return { cents: 0, countAction: 'Hourly: not paid per load' };
  }
}

export const rateLabel = (c: PayContract) =>
  c.type === 'percent'
    ? `${c.rate / 100}% of gross`
    : c.type === 'per_mile'
      ? `${formatMoney(c.rate / 100)} per mile`
      : c.type === 'flat'
        ? `${formatMoney(c.rate / 100)} per load`
        : 'Hourly';

const isContractType = (t: string): t is PayContract['type'] => t in STATEMENT_CONTRACT_TYPES;

/** The driver's contract on `asOf` (the newest that started by then and has not ended), else the driver's own rate. */
async function payContract(db: DbOrTx, driverId: number, asOf: string): Promise<PayContract> {
  const [c] = await db
    .select({ type: driverContracts.contractType, rate: driverContracts.rate })
    .from(driverContracts)
    .where(
      and(
        eq(driverContracts.driverId, driverId),
        sql`${driverContracts.startsOn} <= ${asOf}`,
        sql`(${driverContracts.endsOn} is null or ${driverContracts.endsOn} >= ${asOf})`,
      ),
    )
    .orderBy(sql`${driverContracts.startsOn} desc, ${driverContracts.id} desc`)
    .limit(1);
  if (c && isContractType(c.type)) return { type: c.type, rate: c.rate };
  const [d] = await db
    .select({ type: drivers.paymentType, rate: drivers.amountCents })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return { type: d && isContractType(d.type) ? d.type : 'per_mile', rate: d?.rate ?? 0 };
}

/** The driver in the caller's company; `lock` serialises statements made at once for one driver. */
async function findDriver(db: DbOrTx, user: AuthUser, driverId: number, lock = false) {
  const [d] = await rowsOf<{ id: number; name: string; email: string | null; customer_id: number | null }>(
    db,
    sql`select id, name, email, customer_id from drivers where id = ${driverId} and company_id = ${user.companyId}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!d) throw AppError.invalidField('driver_id', STATEMENT_MSG.noDriver);
  return { ...d, id: Number(d.id) };
}

type Window = { driverId: number; from: string; to: string; statementId: number | null };

/** Lines may be taken when they are on no statement, or on this one. */
const freeFor = (statementId: number | null, column: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from driver_statement_lines dl where ${column}${
    statementId ? sql` and dl.statement_id <> ${statementId}` : sql``
  })`;

type LoadRaw = {
  load_id: number;
  trip_id: number;
  date: string;
  pickup: string | null;
  delivery: string | null;
  gross_cents: string | number;
  mileage_loaded: number;
  mileage_empty: number;
  on_it: boolean;
};

async function tripCandidates(db: DbOrTx, user: AuthUser, w: Window, contract: PayContract) {
  const raw = await rowsOf<LoadRaw>(
    db,
    sql`select loads.id as load_id, loads.trip_id,
        to_char(loads.delivery_at at time zone ${TZ}, 'YYYY-MM-DD') as date,
        concat_ws(', ', loads.pickup_city, loads.pickup_state) as pickup,
        concat_ws(', ', loads.delivery_city, loads.delivery_state) as delivery,
        loads.gross_cents, loads.mileage_loaded, loads.mileage_empty,
        ${w.statementId ? sql`exists (select 1 from driver_statement_lines dl where dl.load_id = loads.id and dl.statement_id = ${w.statementId})` : sql`false`} as on_it
      from loads
      where loads.company_id = ${user.companyId} and loads.driver_id = ${w.driverId}
        and loads.delivery_at is not null
        and (loads.delivery_at at time zone ${TZ})::date between ${w.from} and ${w.to}
        and ${freeFor(w.statementId, sql`dl.load_id = loads.id`)}
      order by loads.delivery_at, loads.id limit ${CANDIDATE_LIMIT}`,
  );
  return raw.map((r) => {
    const grossCents = Number(r.gross_cents);
    const pay = tripPay(contract, { grossCents, loaded: Number(r.mileage_loaded), empty: Number(r.mileage_empty) });
    return {
      id: Number(r.load_id),
      trip_id: Number(r.trip_id),
      load_id: Number(r.load_id),
      date: r.date,
      description: `Load #${r.load_id}: ${r.pickup || '?'} → ${r.delivery || '?'}`,
      count_action: pay.countAction,
      gross: toDollars(grossCents),
      amount: toDollars(pay.cents),
      cents: pay.cents,
      onIt: Boolean(r.on_it),
    };
  });
}

type FuelRaw = {
  id: number;
  date: string;
  location: string | null;
  city: string | null;
  state: string | null;
  gallons_milli: number;
  amount_cents: string | number;
  on_it: boolean;
};

async function fuelCandidates(db: DbOrTx, user: AuthUser, w: Window) {
  const raw = await rowsOf<FuelRaw>(
    db,
    sql`select f.id, f.fuel_date::text as date, f.location, f.city, f.state, f.gallons_milli, f.amount_cents,
        ${w.statementId ? sql`exists (select 1 from driver_statement_lines dl where dl.fuel_id = f.id and dl.statement_id = ${w.statementId})` : sql`false`} as on_it
      from fuel_rows f
      where f.company_id = ${user.companyId} and f.driver_id = ${w.driverId} and f.status = 'Active'
        and f.fuel_date between ${w.from} and ${w.to}
        and ${freeFor(w.statementId, sql`dl.fuel_id = f.id`)}
      order by f.fuel_date, f.id limit ${CANDIDATE_LIMIT}`,
  );
  return raw.map((r) => {
    const cents = -Number(r.amount_cents);
    const place = [r.location, [r.city, r.state].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
    return {
      id: Number(r.id),
      fuel_id: Number(r.id),
      date: r.date,
      description: `Fuel${place ? `: ${place}` : ''}`,
      count_action: `${(Number(r.gallons_milli) / 1000).toFixed(3)} gal`,
      amount: toDollars(cents),
      cents,
      onIt: Boolean(r.on_it),
    };
  });
}

type SeriesRaw = {
  id: number;
  payment_type: string;
  frequency: string;
  description: string;
  amount_cents: string | number;
  start_date: string;
  count: number | null;
};

async function instalmentCandidates(db: DbOrTx, user: AuthUser, w: Window) {
  const series = await rowsOf<SeriesRaw>(
    db,
    sql`select id, payment_type, frequency, description, amount_cents, start_date::text as start_date, count
      from scheduled_payments where company_id = ${user.companyId} and driver_id = ${w.driverId}
        and start_date <= ${w.to} order by id`,
  );
  if (!series.length) return [];
  const taken = await rowsOf<{ scheduled_payment_id: number; due_on: string; statement_id: number }>(
    db,
    sql`select dl.scheduled_payment_id, dl.due_on::text as due_on, dl.statement_id from driver_statement_lines dl
      join scheduled_payments sp on sp.id = dl.scheduled_payment_id
      where sp.company_id = ${user.companyId} and sp.driver_id = ${w.driverId} and dl.due_on between ${w.from} and ${w.to}
      union all
      select s.payment_id, s.due_on::text, 0 from scheduled_payment_skips s
      join scheduled_payments sp on sp.id = s.payment_id
      where sp.company_id = ${user.companyId} and sp.driver_id = ${w.driverId} and s.due_on between ${w.from} and ${w.to}`,
  );
  const takenBy = new Map(taken.map((t) => [`${t.scheduled_payment_id}:${t.due_on}`, Number(t.statement_id)]));
  return series.flatMap((s) => {
    const sign = s.payment_type === 'credit' ? 1 : -1;
    const cents = sign * Number(s.amount_cents);
    const def: Series = { frequency: s.frequency, startDate: s.start_date, count: s.count };
    return instalmentsBetween(def, w.from, w.to).flatMap(({ date, n }) => {
      const key = `${s.id}:${date}`;
      const by = takenBy.get(key);
      if (by !== undefined && by !== w.statementId) return [];
      return [
        {
          id: key,
          scheduled_payment_id: Number(s.id),
          date,
          description: s.description,
          schedule: scheduleLabel(def, n),
          amount: toDollars(cents),
          cents,
          onIt: by !== undefined,
          kind: s.payment_type,
        },
      ];
    });
  });
}

async function candidates(db: DbOrTx, user: AuthUser, w: Window) {
  const contract = await payContract(db, w.driverId, w.to);
  const [trips, fuel, instalments] = await Promise.all([
    tripCandidates(db, user, w, contract),
    fuelCandidates(db, user, w),
    instalmentCandidates(db, user, w),
  ]);
  return { contract, trips, fuel, instalments };
}

const strip = <T extends { cents: number; onIt: boolean }>({ cents: _c, onIt: _o, ...rest }: T) => rest;

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
    const [line] = await rowsOf<{ statement_id: number }>(
      tx,
      sql`select dl.statement_id from driver_statement_lines dl join driver_statements s on s.id = dl.statement_id
        where dl.id = ${lineId} and dl.kind = 'addition' and s.company_id = ${user.companyId}`,
    );
    if (!line) throw AppError.notFound();
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

async function companyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'Backhaul';
}

/** The statement as a PDF through the platform pdf. */
export async function statementPdf(db: DbOrTx, user: AuthUser, id: number) {
  const s = await statementDetail(db, user, id);
  const company = await companyName(db, user.companyId);
  const pdf = createPdf({ company: { name: company }, title: `Driver statement #${s.id}`, subtitle: s.driver });
  pdf.keyValues([
    ['Driver', s.driver],
    ['Period', `${s.date_from} – ${s.date_to}`],
    [
      'Contract',
      `${STATEMENT_CONTRACT_TYPES[s.contract_type as keyof typeof STATEMENT_CONTRACT_TYPES] ?? s.contract_type}, ${s.rate}`,
    ],
    ['Status', `${s.status}, ${s.paid_status}`],
  ]);
  pdf.table({
    columns: [
      { id: 'date', title: 'Date', width: 1.1 },
      { id: 'type', title: 'Type', width: 1.4 },
      { id: 'description', title: 'Description', width: 3.6 },
      { id: 'count_action', title: 'Count', width: 1.8 },
      { id: 'schedule', title: 'Schedule', width: 1.4 },
      { id: 'amount', title: 'Amount', width: 1.3, kind: 'money' },
    ],
    rows: s.lines,
    totals: { amount: s.amount },
  });
  pdf.keyValues([
    ['Statement amount', formatMoney(s.amount)],
    ['Paid', formatMoney(s.paid_amount)],
    ['Due', formatMoney(s.due)],
  ]);
  return { name: `driver-statement-${s.id}.pdf`, data: await pdf.toBuffer(), statement: s, company };
}

/** POST /drivers-statements/getEmail: each chosen statement's driver and e-mail address. */
export async function statementEmails(db: DbOrTx, user: AuthUser, ids: number[]) {
  const rows = await rowsOf<{ id: number; driver: string; email: string | null }>(
    db,
    sql`select s.id, d.name as driver, d.email from driver_statements s join drivers d on d.id = s.driver_id
      where s.company_id = ${user.companyId} and s.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by s.id`,
  );
  if (rows.length !== new Set(ids).size) throw AppError.notFound();
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

/** POST /drivers-statements/send: each statement's PDF to its driver, or to the typed address. */
export async function sendStatements(
  db: Db,
  mailer: Mailer,
  user: AuthUser,
  body: { rows: number[]; email?: string | undefined },
) {
  const { rows } = await statementEmails(db, user, body.rows);
  const missing = rows.filter((r) => !body.email && !r.email);
  if (missing.length) throw AppError.invalidField('email', STATEMENT_MSG.noEmail);
  let sent = 0;
  for (const r of rows) {
    const pdf = await statementPdf(db, user, r.id);
    const s = pdf.statement;
    const mail = driverStatementMail({
      company: pdf.company,
      driver: s.driver,
      period: `${s.date_from} to ${s.date_to}`,
      amount: s.amount,
    });
    const result = await mailer.send({
      ...mail,
      to: body.email ?? (r.email as string),
      attachments: [{ filename: pdf.name, content: pdf.data, contentType: 'application/pdf' }],
      companyId: user.companyId,
      createdBy: user.id,
    });
    if (result.status === 'failed')
      throw AppError.precondition(`The statement was not sent: ${result.error ?? 'mail error'}`);
    await db.transaction(async (tx) => {
      await tx.update(driverStatements).set({ sentAt: new Date() }).where(eq(driverStatements.id, r.id));
      await writeAudit(tx, {
        actor: user,
        entity: 'driver_statement',
        entityId: r.id,
        action: 'send',
        after: { to: body.email ?? r.email },
      });
    });
    sent++;
  }
  return { message: MSG.messageSent, sent };
}
