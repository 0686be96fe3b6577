import {
  type DestroyType,
  type Instalment,
  SCHEDULED_MSG,
  type ScheduledDay,
} from '@backhaul/shared/modules/driver-pay/scheduled-payments.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { SQL_NOW } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { deleteRecord, findRecord } from '../../platform/record/record.service';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { scheduledPayments } from './driver-pay.table';
import { payeeOptions } from './fuel.service';
import { instalmentNumber, instalmentsBetween, type Series, scheduleLabel } from './instalments';
import { scheduledPaymentRecord, takenOf, toScheduledRow } from './scheduled-payments.record';
import { instalmentLines } from './statement-lines';

/** GET /scheduled-payments/create: drivers (a customer's only, when one is named) and customers. */
export async function scheduledOptions(db: DbOrTx, user: AuthUser, customerId: number | null) {
  const options = await payeeOptions(db, user);
  if (customerId === null) return { drivers: options.drivers, customers: options.customers, customer_id: null };
  if (!options.customers.some((c) => c.value === customerId)) throw AppError.notFound();
  const own = await rowsOf<{ id: number }>(
    db,
    sql`select id from ${drivers} where company_id = ${user.companyId} and customer_id = ${customerId}`,
  );
  const ids = new Set(own.map((d) => Number(d.id)));
  return {
    drivers: options.drivers.filter((d) => ids.has(d.value)),
    customers: options.customers,
    customer_id: customerId,
  };
}

type SeriesRaw = {
  id: number;
  driver: string | null;
  customer: string | null;
  payment_type: Instalment['payment_type'];
  frequency: string;
  description: string;
  amount_cents: string | number;
  start_date: string;
  count: number | null;
};

/** Every instalment due from `from` to `to`, without skipped ones, with the statement that took it. */
async function instalments(
  db: DbOrTx,
  user: AuthUser,
  range: { from: string; to: string; seriesId?: number; driverId?: number | undefined },
): Promise<Instalment[]> {
  const series = await rowsOf<SeriesRaw>(
    db,
    sql`select sp.id, d.name as driver, c.name as customer, sp.payment_type, sp.frequency, sp.description,
        sp.amount_cents, sp.start_date::text as start_date, sp.count
      from scheduled_payments sp
      left join ${drivers} d on d.id = sp.driver_id
      left join ${customers} c on c.id = sp.customer_id
      where sp.company_id = ${user.companyId} and sp.start_date <= ${range.to}
        ${range.seriesId ? sql`and sp.id = ${range.seriesId}` : sql``}
        ${range.driverId ? sql`and sp.driver_id = ${range.driverId}` : sql``}
      order by d.name, sp.id`,
  );
  if (!series.length) return [];
  const ids = sql.join(
    series.map((s) => sql`${s.id}`),
    sql`, `,
  );
  const marks = await rowsOf<{ payment_id: number; due_on: string; statement_id: number | null }>(
    db,
    sql`select scheduled_payment_id as payment_id, due_on::text as due_on, statement_id from ${instalmentLines} dl
        where scheduled_payment_id in (${ids}) and due_on between ${range.from} and ${range.to}
      union all
      select payment_id, due_on::text, null from scheduled_payment_skips
        where payment_id in (${ids}) and due_on between ${range.from} and ${range.to}`,
  );
  const mark = new Map(marks.map((m) => [`${m.payment_id}:${m.due_on}`, m.statement_id]));
  return series.flatMap((s) => {
    const def: Series = { frequency: s.frequency, startDate: s.start_date, count: s.count };
    const sign = s.payment_type === 'credit' ? 1 : -1;
    return instalmentsBetween(def, range.from, range.to).flatMap(({ date, n }) => {
      const key = `${s.id}:${date}`;
      const by = mark.get(key);
      if (by === null) return []; // skipped
      return [
        {
          key,
          scheduled_payment_id: Number(s.id),
          date,
          n,
          schedule: scheduleLabel(def, n),
          driver: s.driver,
          customer: s.customer,
          payment_type: s.payment_type,
          description: s.description,
          amount: toDollars(sign * Number(s.amount_cents)),
          statement_id: by === undefined ? null : Number(by),
        },
      ];
    });
  });
}

const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const cents = (dollars: number) => Math.round(dollars * 100);

/** POST /scheduled-payments/date/:date: the month's calendar (per day: count and totals) and the date's instalments. */
export async function scheduledDay(
  db: DbOrTx,
  user: AuthUser,
  date: string,
  driverId: number | undefined,
): Promise<ScheduledDay> {
  const month = date.slice(0, 7);
  const all = await instalments(db, user, { from: `${month}-01`, to: monthEnd(month), driverId });
  const days = new Map<string, { count: number; deductions: number; credits: number }>();
  for (const i of all) {
    const d = days.get(i.date) ?? { count: 0, deductions: 0, credits: 0 };
    d.count += 1;
    if (i.amount < 0) d.deductions += cents(-i.amount);
    else d.credits += cents(i.amount);
    days.set(i.date, d);
  }
  const rows = all.filter((i) => i.date === date);
  return {
    date,
    month,
    days: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([d, v]) => ({
        date: d,
        count: v.count,
        deductions: toDollars(v.deductions),
        credits: toDollars(v.credits),
      })),
    rows,
    total: toDollars(rows.reduce((s, r) => s + cents(r.amount), 0)),
  };
}

/** GET /scheduled-payments/:id/edit/:date: the series, its instalment of that date, and the options. */
export async function editScheduled(db: DbOrTx, user: AuthUser, id: number, date: string) {
  const s = await findRecord(db, scheduledPaymentRecord, user, id);
  const [instalment] = await instalments(db, user, { from: date, to: date, seriesId: id });
  if (!instalment) throw AppError.invalidField('date', SCHEDULED_MSG.notDue);
  return { ...(await scheduledOptions(db, user, null)), item: await toScheduledRow(db, s), instalment };
}

/** The instalment of `date` leaves the series (not when a statement took it). */
const skipInstalment = defineCommand<{ id: number; date: string }, void>({
  action: 'skip',
  run: async ({ tx, input: { id, date }, lock, audit }) => {
    const s = await lock(scheduledPaymentRecord, id);
    const series = { frequency: s.frequency, startDate: s.startDate, count: s.count };
    if (instalmentNumber(series, date) === null) throw AppError.invalidField('date', SCHEDULED_MSG.notDue);
    const by = (await takenOf(tx, s)).byDate.get(date);
    if (by !== undefined) throw AppError.precondition(SCHEDULED_MSG.onStatement(by));
    await tx.execute(
      sql`insert into scheduled_payment_skips (payment_id, due_on) values (${id}, ${date}) on conflict do nothing`,
    );
    await audit({ entity: scheduledPaymentRecord.entity, entityId: id, action: 'update', after: { skipped: date } });
  },
});

/**
 * The whole series: when statements took some of it, it ends after the last one taken instead, so no
 * statement loses a line (answers that instalment's number); else it goes (null).
 */
const endSeries = defineCommand<number, number | null>({
  action: 'end',
  run: async ({ tx, user, input: id, lock, audit }) => {
    const s = await lock(scheduledPaymentRecord, id);
    const taken = await takenOf(tx, s);
    if (!taken.count) {
      await deleteRecord(tx, scheduledPaymentRecord, user, id);
      return null;
    }
    const before = await toScheduledRow(tx, s);
    await tx.execute(
      sql`update ${scheduledPayments} set count = ${taken.lastN}, updated_at = ${SQL_NOW} where id = ${id}`,
    );
    await audit({
      entity: scheduledPaymentRecord.entity,
      entityId: id,
      action: 'update',
      before,
      after: { ...before, count: taken.lastN },
    });
    return taken.lastN;
  },
});

/**
 * POST /scheduled-payments/destroy/:id. `one`: the instalment of `date` leaves the series (not
 * when a statement took it). `all`: the series goes; when statements took some of it, it ends
 * after the last one taken instead, so no statement loses a line.
 */
export async function destroyScheduled(
  db: Db,
  user: AuthUser,
  id: number,
  body: { payment_type: DestroyType; date?: string | undefined },
) {
  if (body.payment_type === 'one') {
    const date = body.date;
    if (!date) throw AppError.invalidField('date', SCHEDULED_MSG.notDue);
    await runCommand(db, skipInstalment, user, { id, date });
    return { message: SCHEDULED_MSG.deletedOne };
  }
  const ended = await runCommand(db, endSeries, user, id);
  return { message: ended === null ? SCHEDULED_MSG.deletedAll : SCHEDULED_MSG.ended(ended) };
}
