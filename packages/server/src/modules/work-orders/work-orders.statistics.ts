import { COMPANY_TIME_ZONE, toDollars } from '@backhaul/shared';
import { addDays } from '@backhaul/shared/formats/formats';
import {
  WORK_ORDER_STATUS,
  type WoStatistics,
  type WoStatisticsBody,
  WoStatisticsBodySchema,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { WO_SQL } from './work-orders.sql';

type Raw = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);

/** The company day an order was opened: what every figure here groups by. */
const DAY = sql`(w.created_at at time zone ${COMPANY_TIME_ZONE})::date`;
const HOURS = sql`(select coalesce(sum(hundredth_hours), 0) from work_order_labour where work_order_id = w.id)`;

const FIGURES = sql`count(w.id)::int as count,
  count(w.id) filter (where w.status = 9)::int as closed,
  count(w.id) filter (where w.status = 11)::int as canceled,
  coalesce(sum(${HOURS}), 0)::bigint as hours,
  coalesce(sum(w.labour_cents) filter (where w.status <> 11), 0)::bigint as labour,
  coalesce(sum(w.parts_cents) filter (where w.status <> 11), 0)::bigint as parts,
  coalesce(sum(w.total_cents) filter (where w.status <> 11), 0)::bigint as total`;

const figuresOf = (r: Raw | undefined) => ({
  count: n(r?.count),
  closed: n(r?.closed),
  canceled: n(r?.canceled),
  hours: n(r?.hours) / 100,
  labour: toDollars(n(r?.labour)),
  parts: toDollars(n(r?.parts)),
  total: toDollars(n(r?.total)),
});

/** The window the body asks for, with the defaults: this month by day, the last 12 months by month. */
export function statisticsWindow(body: z.output<typeof WoStatisticsBodySchema>) {
  const today = clock.today();
  const to = body.to ?? (body.from && body.group === 'day' ? addDays(body.from, 30) : today);
  const from = body.from ?? (body.group === 'day' ? `${to.slice(0, 7)}-01` : `${addDays(to, -330).slice(0, 7)}-01`);
  return { group: body.group, from, to };
}

/**
 * Work-order statistics of a window (canceled orders counted, never in money): per day or month,
 * and by type, status and Shop manager, in one pass each over the company's orders of the window.
 */
export async function workOrderStatistics(
  db: DbOrTx,
  user: AuthUser,
  body: WoStatisticsBody | undefined,
): Promise<WoStatistics> {
  const window = statisticsWindow(WoStatisticsBodySchema.parse(body ?? {}));
  const { group, from, to } = window;
  const inWindow = sql`w.company_id = ${user.companyId} and ${DAY} between ${from}::date and ${to}::date`;
  const unit = group === 'day' ? sql.raw(`'day'`) : sql.raw(`'month'`);
  const label = group === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const grouped = (key: SQL, extra: SQL = sql``) =>
    sql`select ${key} as key ${extra}, ${FIGURES} from work_orders w where ${inWindow} group by 1 order by 1`;
  const [rows, [totals], byType, byStatus, byTech] = await Promise.all([
    rowsOf<Raw>(
      db,
      sql`select to_char(p, ${label}) as period, f.* from generate_series(date_trunc(${unit}, ${from}::timestamp), ${to}::timestamp, ${`1 ${group}`}::interval) p
        left join lateral (select ${FIGURES} from work_orders w where ${inWindow} and date_trunc(${unit}, ${DAY}::timestamp) = p) f on true
        order by p`,
    ),
    rowsOf<Raw>(db, sql`select ${FIGURES} from work_orders w where ${inWindow}`),
    rowsOf<Raw>(db, grouped(sql`w.wo_type`)),
    rowsOf<Raw>(db, grouped(sql`w.status`)),
    rowsOf<Raw>(db, grouped(sql`coalesce(${WO_SQL.technician}, 'Not assigned')`)),
  ]);
  return {
    ...window,
    rows: rows.map((r) => ({ period: String(r.period), ...figuresOf(r) })),
    totals: figuresOf(totals),
    by_type: byType.map((r) => ({ name: String(r.key), count: n(r.count), total: toDollars(n(r.total)) })),
    by_status: byStatus.map((r) => ({
      status: n(r.key),
      name: WORK_ORDER_STATUS[n(r.key) as keyof typeof WORK_ORDER_STATUS] ?? String(r.key),
      count: n(r.count),
      total: toDollars(n(r.total)),
    })),
    by_technician: byTech.map((r) => ({
      name: String(r.key),
      count: n(r.count),
      hours: n(r.hours) / 100,
      total: toDollars(n(r.total)),
    })),
  };
}

/** show/:date: the orders opened that day (or month), with the same figures. */
export async function workOrderStatisticsDay(db: DbOrTx, user: AuthUser, date: string, group: 'day' | 'month' = 'day') {
  const period =
    group === 'month' ? sql`to_char(${DAY}, 'YYYY-MM') = ${date.slice(0, 7)}` : sql`${DAY} = ${date}::date`;
  const where = sql`w.company_id = ${user.companyId} and ${period}`;
  const [rows, [totals]] = await Promise.all([
    rowsOf<Raw>(
      db,
      sql`select w.id, w.wo_type, w.unit_type, ${WO_SQL.unit} as unit, w.status, ${WO_SQL.technician} as technician, w.total_cents
        from work_orders w where ${where} order by w.id`,
    ),
    rowsOf<Raw>(db, sql`select ${FIGURES} from work_orders w where ${where}`),
  ]);
  return {
    date: group === 'month' ? date.slice(0, 7) : date,
    rows: rows.map((r) => ({
      id: n(r.id),
      wo_type: String(r.wo_type),
      unit_type: String(r.unit_type),
      unit: (r.unit as string | null) ?? null,
      status: n(r.status),
      technician: (r.technician as string | null) ?? null,
      total: toDollars(n(r.total_cents)),
    })),
    totals: figuresOf(totals),
  };
}
