// Driver statements (001 §3, §4, §7): the register's calls mapped onto the pay-statement engine.
import { MSG } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone, startOfWeek } from '@backhaul/shared/formats/formats';
import {
  ADDITION_CATEGORIES,
  type AdditionalCandidate,
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
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import type { Candidate, PayPeriod } from '../../platform/pay/define-statement';
import {
  type Chosen,
  createStatement as createPayStatement,
  deleteStatement as deletePayStatement,
  findStatement,
  offerLines,
  statementLines,
  updateStatement as updatePayStatement,
} from '../../platform/pay/statement.service';
import { addManualLine, statementOfLine, updateManualLine } from '../../platform/pay/statement-manual';
import {
  deleteStatementPayment,
  payStatement,
  statementPayments,
  writeOffBalance,
} from '../../platform/pay/statement-pay';
import { driverContracts, drivers } from '../drivers';
import { payRules } from '../settings';
import { advancesOf, finalStatementOffer } from './driver-balances';
import { driverStatementKind as kind } from './driver-statements.kind';
import { driverStatementsList } from './driver-statements.list';
import { escrowAccountOf, escrowBalance } from './escrow';
import { isContractType, type PayContract, rateLabel } from './statement-pay';

const CATEGORY_OPTIONS = Object.entries(ADDITION_CATEGORIES).map(([value, label]) => ({ value, label }));
/** The sources whose lines are the additional payments' choices (besides lines typed by hand). */
const ADDITIONAL_SOURCES = ['expense', 'advance', 'escrow', 'carried'] as const;
/** A source's body field in the engine (the kind's declaration). */
const fieldOf = (source: (typeof ADDITIONAL_SOURCES)[number]) =>
  source === 'expense' ? 'expenses' : source === 'advance' ? 'advances' : source;
const ADDITIONAL_FIELDS = new Set<string>(ADDITIONAL_SOURCES.map(fieldOf));

/** The engine names a refused additional payment by its source's field; the body chose it under `additional`. */
async function namingBodyFields<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'validation' || !err.fields) throw err;
    const fields: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(err.fields)) {
      const name = ADDITIONAL_FIELDS.has(k) ? 'additional' : k;
      fields[name] = [...(fields[name] ?? []), ...v];
    }
    throw AppError.validation(fields, err.message);
  }
}

/** Last week, Sunday to Saturday, in company time. */
export function lastWeek(today = nowInCompanyTimeZone(clock.now()).date) {
  const from = addDays(startOfWeek(today), -7);
  return { from, to: addDays(from, 6) };
}

async function driverOptionRows(db: DbOrTx, user: AuthUser) {
  const rows = await rowsOf<{ value: number; label: string; contract_type: string; email: string | null }>(
    db,
    sql`select d.id as value, d.name as label, d.email,
        coalesce((select c.contract_type from ${driverContracts} c where c.driver_id = d.id
          order by c.starts_on desc, c.id desc limit 1), d.payment_type) as contract_type
      from ${drivers} d where d.company_id = ${user.companyId} and d.active order by d.name`,
  );
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}

/** GET /drivers-statements: drivers and the list's filter values. */
export async function statementIndex(db: DbOrTx, user: AuthUser) {
  return {
    drivers: await driverOptionRows(db, user),
    filter: { status: ['Open', 'Closed'], paid_status: [...PAID_FILTER] },
  };
}
const PAID_FILTER = ['Not paid', 'Partly paid', 'Paid', 'Nothing due', 'Owed by driver', 'Carried', 'Written off'];

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

const label = (p: PayPeriod | null | undefined) => (p ? (p.from === p.to ? p.from : `${p.from} – ${p.to}`) : null);
const dollars = (c: Candidate) => toDollars(c.amountCents);

/** The lists of a statement's form from what the engine offers, with the ids chosen. */
function formLists(offered: Map<string, Candidate[]>, pick: (c: Candidate) => boolean) {
  const of = (name: string) => offered.get(name) ?? [];
  const trips = of('load').map((c) => {
    const d = c.data as { load_id: number; trip_id: number };
    return {
      row: {
        id: d.load_id,
        trip_id: d.trip_id,
        load_id: d.load_id,
        date: c.date,
        description: c.description,
        count_action: c.countAction ?? '',
        gross: toDollars(c.grossCents ?? 0),
        amount: dollars(c),
        earned: label(c.earned),
      },
      chosen: pick(c),
    };
  });
  const additional: { row: AdditionalCandidate; chosen: boolean }[] = ADDITIONAL_SOURCES.flatMap((source) =>
    of(source).map((c) => ({
      row: {
        id: `${source}:${c.key}`,
        source,
        date: c.date,
        type: c.type,
        description: c.description,
        amount: dollars(c),
        earned: label(c.earned),
      },
      chosen: pick(c),
    })),
  );
  const fuel = of('fuel').map((c) => ({
    row: {
      id: Number(c.key),
      fuel_id: Number(c.key),
      date: c.date,
      description: c.description,
      count_action: c.countAction ?? '',
      amount: dollars(c),
      earned: label(c.earned),
    },
    chosen: pick(c),
  }));
  const instalments = of('instalment').map((c) => ({
    row: {
      id: c.key,
      scheduled_payment_id: (c.data as { scheduled_payment_id: number }).scheduled_payment_id,
      date: c.date,
      description: c.description,
      schedule: c.schedule ?? '',
      amount: dollars(c),
      earned: label(c.earned),
    },
    chosen: pick(c),
  }));
  const hours = of('hours').map((c) => ({
    row: {
      id: c.key,
      date: c.date,
      description: c.description,
      count_action: c.countAction ?? '',
      amount: dollars(c),
      earned: label(c.earned),
    },
    chosen: pick(c),
  }));
  const rows = <T>(list: { row: T }[]) => list.map((l) => l.row);
  const chosen = <T extends { id: unknown }>(list: { row: T; chosen: boolean }[]) =>
    list.filter((l) => l.chosen).map((l) => l.row.id) as T['id'][];
  return {
    trips: rows(trips),
    trips_selected: chosen(trips),
    fuel: rows(fuel),
    fuel_selected: chosen(fuel),
    scheduled_payments: rows(instalments),
    scheduled_payments_selected: chosen(instalments),
    hours: rows(hours),
    hours_selected: chosen(hours),
    additional: rows(additional),
    additional_selected: chosen(additional),
  };
}

/**
 * A company driver's week may not fall below the minimum-wage floor of Settings (FLSA, 29 U.S.C.
 * 206 and 29 CFR 531.35: deductions for the employer's benefit may not cut into it): a warning
 * before the accountant saves, with the figures.
 */
async function wageWarnings(
  db: DbOrTx,
  user: AuthUser,
  contract: PayContract,
  period: PayPeriod,
  chosen: Candidate[],
): Promise<string[]> {
  if (contract.driverType !== 'company') return [];
  const deductions = chosen.filter((c) => c.amountCents < 0);
  if (!deductions.length) return [];
  const { minWeeklyPayCents } = await payRules(db, user.companyId);
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1;
  const floor = Math.round((minWeeklyPayCents * days) / 7);
  const total = chosen.reduce((s, c) => s + c.amountCents, 0);
  if (total >= floor) return [];
  return [STATEMENT_MSG.belowMinimumWage(toDollars(total), toDollars(floor))];
}

async function driverPayee(db: DbOrTx, user: AuthUser, driverId: number) {
  return kind.payee({ tx: db, user }, driverId);
}

/** POST /drivers-statements/create: what a new statement for the driver and period may take, each source's defaults chosen. */
export async function previewStatement(db: DbOrTx, user: AuthUser, body: StatementPeriod): Promise<StatementEdit> {
  const payee = await driverPayee(db, user, body.driver_id);
  const period = { from: body.date_from, to: body.date_to };
  const terms = (await kind.terms?.({ tx: db, user }, payee, period)) ?? {};
  const offered = await offerLines(db, kind, user, { payee, period, statementId: null, terms });
  const chosen = [...offered.values()].flat().filter((c) => c.preselected);
  return {
    statement: null,
    ...formLists(offered, (c) => Boolean(c.preselected)),
    addition: [],
    addition_selected: [],
    category: CATEGORY_OPTIONS,
    warnings: await wageWarnings(db, user, terms as unknown as PayContract, period, chosen),
  };
}

/** The body's choices as the engine's keys per source field. */
function chosenOf(
  driverId: number,
  body: Pick<StatementCreate, 'trips' | 'fuel' | 'scheduled_payments'> & {
    hours?: string[] | undefined;
    additional?: string[] | undefined;
  },
): Chosen {
  const chosen: Chosen = {
    trips: body.trips.map((loadId) => `${loadId}:${driverId}`),
    fuel: body.fuel.map(String),
    scheduled_payments: body.scheduled_payments,
  };
  if (body.hours) chosen.hours = body.hours;
  if (body.additional) {
    for (const source of ADDITIONAL_SOURCES)
      chosen[fieldOf(source)] = body.additional
        .filter((k) => k.startsWith(`${source}:`))
        .map((k) => k.slice(source.length + 1));
  }
  return chosen;
}

/** POST /drivers-statements: a statement for the driver and period with the chosen lines. */
export async function createStatement(db: DbOrTx, user: AuthUser, body: StatementCreate) {
  // Hours and additional payments the body leaves out are what their sources preselect.
  const preselected = [
    ...(body.hours === undefined ? ['hours'] : []),
    ...(body.additional === undefined ? ADDITIONAL_SOURCES.map(fieldOf) : []),
  ];
  const id = await namingBodyFields(() =>
    createPayStatement(db, kind, user, {
      payeeId: body.driver_id,
      period: { from: body.date_from, to: body.date_to },
      chosen: chosenOf(body.driver_id, body),
      preselected,
    }),
  );
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

/** Every source field of the kind: a final statement takes what each offers by default. */
const ALL_FIELDS = ['trips', 'hours', 'fuel', 'scheduled_payments', ...ADDITIONAL_SOURCES.map(fieldOf)];

/**
 * POST /drivers-statements/final/:id: the final statement of a lease that ended with escrow held —
 * from the day after the driver's last statement to the termination day, with every line its sources
 * preselect: what is still earned, the final deductions (advances outstanding, a carried balance) and
 * the escrow returned with its interest, due within 45 days of the termination (49 CFR 376.12(k)(6)).
 */
export async function createFinalStatement(db: DbOrTx, user: AuthUser, driverId: number) {
  const offer = await finalStatementOffer(db, user.companyId, driverId);
  if (!offer) throw AppError.invalidField('driver_id', STATEMENT_MSG.noFinal);
  const id = await namingBodyFields(() =>
    createPayStatement(db, kind, user, {
      payeeId: driverId,
      period: { from: offer.date_from, to: offer.date_to },
      chosen: {},
      preselected: ALL_FIELDS,
    }),
  );
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

/** PUT /drivers-statements/:id: the chosen lines, the additional payments kept, and Close. */
export async function updateStatement(db: DbOrTx, user: AuthUser, id: number, body: StatementUpdate) {
  const s = await findStatement(db, kind, user, id);
  await namingBodyFields(() =>
    updatePayStatement(db, kind, user, {
      id,
      chosen: chosenOf(s.payeeId, body),
      keepManual: body.addition,
      close: body.status === 'Closed',
    }),
  );
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

const signed = (category: AdditionCategory, cents: number) => (category === 'deduction' ? -cents : cents);
const manual = (body: AdditionForm) => ({
  category: body.category,
  date: body.date,
  type: ADDITION_CATEGORIES[body.category],
  description: body.description,
  amountCents: signed(body.category, body.amount),
});

/** POST /drivers-statements/setAddition: a credit or deduction on an open statement. */
export async function setAddition(db: DbOrTx, user: AuthUser, body: AdditionForm & { statement_id: number }) {
  await addManualLine(db, kind, user, { id: body.statement_id, ...manual(body) });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, body.statement_id) };
}

/** POST /drivers-statements/updateAddition/:id (the line). Lines of another source change at their source. */
export async function updateAddition(db: DbOrTx, user: AuthUser, lineId: number, body: AdditionForm) {
  const line = await statementOfLine(db, kind, user, lineId);
  if (line.source === 'expense') throw AppError.precondition(STATEMENT_MSG.expenseLine);
  await updateManualLine(db, kind, user, { lineId, ...manual(body) });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, line.statementId) };
}

/** POST /drivers-statements/setPay/:id: a payment of a closed statement, at most what it still owes. */
export async function setPay(db: DbOrTx, user: AuthUser, id: number, body: StatementPayForm) {
  await payStatement(db, kind, user, { id, amountCents: body.amount, date: body.date, note: body.note });
  return { message: MSG.savingSuccess, statement: await statementDetail(db, user, id) };
}

/** DELETE /drivers-statements-payment/:id. */
export async function deletePayment(db: DbOrTx, user: AuthUser, paymentId: number) {
  const statementId = await deleteStatementPayment(db, kind, user, paymentId);
  return { message: MSG.recordDeleted, statement: await statementDetail(db, user, statementId) };
}

/** POST /drivers-statements/writeOff/:id: what the driver owes is written off, with the reason (audited). */
export async function writeOff(db: DbOrTx, user: AuthUser, id: number, reason: string) {
  await writeOffBalance(db, kind, user, { id, reason });
  return { message: STATEMENT_MSG.writtenOff, statement: await statementDetail(db, user, id) };
}

/** DELETE /drivers-statements/:id: an open statement only; its lines are free again. */
export async function deleteStatement(db: DbOrTx, user: AuthUser, id: number) {
  await deletePayStatement(db, kind, user, id);
  return { message: MSG.recordDeleted };
}

const KIND_OF_SECTION: Record<string, StatementLine['kind']> = {
  trips: 'trip',
  fuel: 'fuel',
  schedulePayments: 'scheduled',
  additionalPayments: 'addition',
};

/** One statement: its list row, lines, payments, the escrow fund after it and the advances outstanding. */
export async function statementDetail(db: DbOrTx, user: AuthUser, id: number): Promise<StatementDetail> {
  const compiled = compileList(driverStatementsList, user, { filters: { id: { op: 'eq', value: id } } });
  const [row] = (await selectPage(db, driverStatementsList, compiled, { limit: 1, offset: 0 })) as StatementRow[];
  const s = await findStatement(db, kind, user, id);
  if (!row) throw AppError.notFound();
  const [driver] = await rowsOf<{ email: string | null }>(
    db,
    sql`select email from ${drivers} where id = ${s.payeeId}`,
  );
  const lines = await statementLines(db, id);
  const payments = await statementPayments(db, id);
  const terms = s.terms as unknown as PayContract;
  const account = await escrowAccountOf(db, user.companyId, s.payeeId);
  const advances = await advancesOf(db, user.companyId, s.payeeId);
  // The statement that returns the escrow is the lease's final one: its return line knows the due day.
  const returned = lines.find(
    (l) => l.source === 'escrow' && (l.data as { entry?: string } | null)?.entry === 'return',
  );
  const ending = returned?.data as { ended_on?: string; due_by?: string } | undefined;
  return {
    ...row,
    driver_id: s.payeeId,
    email: driver?.email ?? null,
    date_from: s.periodFrom,
    date_to: s.periodTo,
    rate: rateLabel({ type: isContractType(terms.type) ? terms.type : 'per_mile', rateMilli: terms.rateMilli ?? 0 }),
    due: toDollars(s.amountCents - s.paidCents),
    settlement_note: s.settlementNote,
    escrow: account
      ? {
          balance: toDollars(
            await escrowBalance(db, { companyId: user.companyId, driverId: s.payeeId, asOf: s.periodTo }),
          ),
          target: toDollars(account.target_cents),
          deposit: toDollars(account.deposit_cents),
        }
      : null,
    advances_outstanding: toDollars(advances.outstanding),
    final: ending?.ended_on && ending.due_by ? { ended_on: ending.ended_on, due_by: ending.due_by } : null,
    lines: lines.map((l) => ({
      id: l.id,
      kind: KIND_OF_SECTION[l.section] ?? 'addition',
      source: l.source,
      date: l.lineDate,
      earned: label(l.earnedFrom && l.earnedTo ? { from: l.earnedFrom, to: l.earnedTo } : null),
      type: l.type,
      description: l.description,
      count_action: l.countAction,
      schedule: l.schedule,
      amount: toDollars(l.amountCents),
      category: l.category === 'credit' || l.category === 'deduction' ? l.category : null,
    })),
    payments: payments.map(({ amount_cents, ...p }) => ({ ...p, id: Number(p.id), amount: toDollars(amount_cents) })),
  };
}

/** GET /drivers-statements/:id/edit: the statement with every row its lists hold and the ids selected. */
export async function editStatement(db: DbOrTx, user: AuthUser, id: number): Promise<StatementEdit> {
  const statement = await statementDetail(db, user, id);
  const additions = statement.lines
    .filter((l) => l.source === 'addition' && l.category)
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
    const empty = new Map<string, Candidate[]>();
    return { ...common, ...formLists(empty, () => false), warnings: [] };
  }
  const s = await findStatement(db, kind, user, id);
  const payee = await driverPayee(db, user, s.payeeId);
  const period = { from: s.periodFrom, to: s.periodTo };
  const terms = s.terms as Record<string, unknown>;
  const offered = await offerLines(db, kind, user, { payee, period, statementId: id, terms });
  const chosen = [...offered.values()].flat().filter((c) => c.onIt);
  const manualLines = statement.lines
    .filter((l) => l.source === 'addition')
    .map((l) => ({ amountCents: Math.round(l.amount * 100) }) as Candidate);
  return {
    ...common,
    ...formLists(offered, (c) => Boolean(c.onIt)),
    warnings: await wageWarnings(db, user, terms as unknown as PayContract, period, [...chosen, ...manualLines]),
  };
}

/**
 * POST /company-expenses/:id/pay: the expense waits for the driver's next statement as a deduction
 * or a reimbursement (any date), and goes on the driver's open statement at once when there is
 * one. A truck's expense is charged to the truck's driver. Answers the statement that took it, or null.
 */
export async function queueExpenseOnOpenStatement(db: DbOrTx, user: AuthUser, expenseId: number, driverId: number) {
  const [open] = await rowsOf<{ id: number }>(
    db,
    sql`select id from pay_statements where company_id = ${user.companyId} and kind = 'driver'
      and payee_id = ${driverId} and status = 'Open' order by period_to desc, id desc limit 1`,
  );
  if (!open) return null;
  const id = Number(open.id);
  const lines = await statementLines(db, id);
  const expenses = lines.filter((l) => l.source === 'expense').map((l) => l.sourceKey as string);
  await updatePayStatement(db, kind, user, { id, chosen: { expenses: [...expenses, String(expenseId)] } });
  return id;
}
