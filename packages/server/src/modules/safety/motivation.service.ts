import { toDollars } from '@backhaul/shared';
import {
  MOTIVATION_RULES,
  type MotivationMonth,
  type MotivationRow,
} from '@backhaul/shared/modules/safety/safety.contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { motivationRules } from '../settings';
import { deliveredBy, loadStops, loads } from '../trips';
import { safetyTableScope } from './safety.list';
import { safetyScoreSql } from './safety-score';

const TZ = 'America/Chicago';

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * The programme's figures of one month per driver on safety (what it pays, from actions, exceptions
 * and loads): loads count once delivered (by the clock's now); a load is on time when it was
 * delivered by its appointment (the last delivery stop's window end, else its time); miles are the
 * loaded and empty miles of the loads the driver delivered (alone or in a team).
 */
export async function motivationMonth(db: Db, user: AuthUser, month: string): Promise<MotivationMonth> {
  const from = `${month}-01`;
  const to = `${nextMonth(month)}-01`;
  const { safeDrivingMinMiles } = await motivationRules(db, user.companyId);
  const inMonth = sql`l.delivery_at >= (${from}::date)::timestamp at time zone ${TZ}
          and l.delivery_at < (${to}::date)::timestamp at time zone ${TZ} and ${deliveredBy(clock.now())}`;
  const appointment = sql`(select coalesce(s.at_end, s.at) from ${loadStops} s where s.load_id = l.id and s.type = 2
          order by s.position desc limit 1)`;
  const found = await rowsOf<{
    driver_id: number;
    driver: string;
    customer: string | null;
    loads: number;
    on_time_loads: number;
    miles: number;
    actions: number;
    warnings: number;
    violations: number;
    accidents: number;
    exceptions: number;
    score: number;
  }>(
    db,
    sql`select ${drivers.id} as driver_id, ${drivers.name} as driver, c.name as customer,
        (select count(*)::int from ${loads} l where l.driver_id = ${drivers.id} and ${inMonth}) as loads,
        (select count(*)::int from ${loads} l where l.driver_id = ${drivers.id} and ${inMonth}
          and l.delivery_at <= coalesce(${appointment}, l.delivery_at)) as on_time_loads,
        (select coalesce(sum(l.mileage_loaded + l.mileage_empty), 0)::int from ${loads} l
          where (l.driver_id = ${drivers.id} or l.team_driver_id = ${drivers.id}) and ${inMonth}) as miles,
        count(a.id)::int as actions,
        count(a.id) filter (where a.kind = 'warning')::int as warnings,
        count(a.id) filter (where a.kind = 'violation')::int as violations,
        count(a.id) filter (where a.kind = 'accident')::int as accidents,
        (select count(*)::int from safety_exceptions e where e.driver_id = ${drivers.id}
          and e.date >= ${from}::date and e.date < ${to}::date) as exceptions,
        ${safetyScoreSql(sql`${drivers.id}`, sql`${from}::date`, sql`${to}::date`)} as score
      from ${drivers}
        left join ${customers} c on c.id = ${drivers.customerId}
        left join safety_actions a on a.driver_id = ${drivers.id} and a.status <> 0 and a.date >= ${from}::date and a.date < ${to}::date
      where ${safetyTableScope(user)} and ${drivers.active}
      group by ${drivers.id}, ${drivers.name}, c.name
      order by ${drivers.name}`,
  );
  const rows: MotivationRow[] = found.map((r) => {
    const clean = r.warnings + r.violations + r.accidents + r.exceptions === 0;
    const safe = clean && r.miles >= safeDrivingMinMiles ? MOTIVATION_RULES.safeDrivingBonusCents : 0;
    const onTime = r.on_time_loads * MOTIVATION_RULES.onTimePerLoadCents;
    return {
      ...r,
      safe_bonus: toDollars(safe),
      on_time_bonus: toDollars(onTime),
      total: toDollars(safe + onTime),
    };
  });
  const sum = (k: 'safe_bonus' | 'on_time_bonus' | 'total') =>
    toDollars(rows.reduce((s, r) => s + Math.round(r[k] * 100), 0));
  return {
    month,
    rows,
    totals: {
      safe_bonus: sum('safe_bonus'),
      on_time_bonus: sum('on_time_bonus'),
      total: sum('total'),
      drivers: rows.length,
    },
  };
}

/** POST /motivation/list: the last months' payouts (the month of today in Chicago last). */
export async function motivationMonths(db: Db, user: AuthUser, count: number) {
  let month = clock.today().slice(0, 7);
  const wanted: string[] = [];
  for (let i = 0; i < count; i++) {
    wanted.unshift(month);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 2, 1));
    month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  }
  const months = [];
  for (const m of wanted) {
    const figures = await motivationMonth(db, user, m);
    months.push({
      month: m,
      drivers: figures.totals.drivers,
      qualified: figures.rows.filter((r) => r.safe_bonus > 0).length,
      total: figures.totals.total,
    });
  }
  return { months };
}

export async function motivationHome(db: Db, user: AuthUser) {
  const { safeDrivingMinMiles } = await motivationRules(db, user.companyId);
  return {
    month: clock.today().slice(0, 7),
    rules: {
      safe_bonus: toDollars(MOTIVATION_RULES.safeDrivingBonusCents),
      on_time_per_load: toDollars(MOTIVATION_RULES.onTimePerLoadCents),
      safe_min_miles: safeDrivingMinMiles,
      weights: { ...MOTIVATION_RULES.scoreWeights },
    },
  };
}
