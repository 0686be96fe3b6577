// Driver statements: the trips, fuel rows and scheduled-payment instalments a statement may take (free or already on it).
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { ADDITION_CATEGORIES, STATEMENT_MSG } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { instalmentsBetween, type Series, scheduleLabel } from './instalments';
import { type PayContract, payContract, tripPay } from './statement-pay';

const TZ = COMPANY_TIME_ZONE_DEFAULT;
const _CATEGORY_OPTIONS = Object.entries(ADDITION_CATEGORIES).map(([value, label]) => ({ value, label }));
const CANDIDATE_LIMIT = 500;

/** The driver in the caller's company; `lock` serialises statements made at once for one driver. */
export async function findDriver(db: DbOrTx, user: AuthUser, driverId: number, lock = false) {
  const [d] = await rowsOf<{ id: number; name: string; email: string | null; customer_id: number | null }>(
    db,
    sql`select id, name, email, customer_id from drivers where id = ${driverId} and company_id = ${user.companyId}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!d) throw AppError.invalidField('driver_id', STATEMENT_MSG.noDriver);
  return { ...d, id: Number(d.id) };
}

export type Window = { driverId: number; from: string; to: string; statementId: number | null };

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

export async function candidates(db: DbOrTx, user: AuthUser, w: Window) {
  const contract = await payContract(db, w.driverId, w.to);
  const [trips, fuel, instalments] = await Promise.all([
    tripCandidates(db, user, w, contract),
    fuelCandidates(db, user, w),
    instalmentCandidates(db, user, w),
  ]);
  return { contract, trips, fuel, instalments };
}

export const strip = <T extends { cents: number; onIt: boolean }>({ cents: _c, onIt: _o, ...rest }: T) => rest;
