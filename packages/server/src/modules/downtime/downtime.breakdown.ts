import { COMPANY_TIME_ZONE, toDollars } from '@backhaul/shared';
import {
  DOWNTIME_BASIS,
  type DowntimeBreakdown,
  type DowntimeUnitType,
} from '@backhaul/shared/modules/downtime/downtime.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { trailers } from '../trailers';
import { truckRoad } from '../truck-road';
import { trucks } from '../trucks';
import { downDaysSql, downtimeClock, downtimeCostSql, truckDailyGrossSql } from './downtime.basis';
import { shopVisits } from './shop-visits';

type Line = {
  kind: 'shop' | 'road';
  work_order_id: number | null;
  from: string;
  to: string | null;
  days: number;
  daily_cents: string | number | null;
  cost_cents: string | number | null;
};

/**
 * GET /downtime/unit/:type/:id/breakdown?month=: one row of the report line by line — each work
 * order's stay and each road day, with its days, the truck's gross per day and the cost — counted
 * and priced by the same basis (downtime.basis.ts), so the lines add up to the row.
 */
export async function downtimeBreakdown(
  db: DbOrTx,
  user: AuthUser,
  opts: { type: DowntimeUnitType; id: number; month: string },
): Promise<DowntimeBreakdown> {
  const { type, id, month } = opts;
  const table = type === 'truck' ? trucks : trailers;
  const name = type === 'truck' ? trucks.truckNumber : trailers.trailerNumber;
  const [unit] = await rowsOf<{ name: string | null }>(
    db,
    sql`select ${name} as name from ${table} where ${table.id} = ${id} and ${table.companyId} = ${user.companyId}`,
  );
  if (!unit) throw AppError.notFound();
  const truck = type === 'truck';
  const tz = COMPANY_TIME_ZONE;
  const shopDays = downDaysSql(sql`w.check_in`, sql`w.check_out`);
  const roadDay = sql`(r.date::timestamp at time zone ${tz})`;
  const road = truck
    ? sql`union all
      select 'road', null, to_char(r.date, 'YYYY-MM-DD'), null, 1,
          ${truckDailyGrossSql(sql`r.truck_id`, sql`r.company_id`, roadDay)},
          ${downtimeCostSql({ days: sql`1`, truckId: sql`r.truck_id`, companyId: sql`r.company_id`, at: roadDay })}
        from ${truckRoad} r
        where r.company_id = ${user.companyId} and r.truck_id = ${id} and to_char(r.date, 'YYYY-MM') = ${month}
          and r.out_of_service and not (r.dispatcher_approved and r.shop_approved)`
    : sql``;
  const lines = await rowsOf<Line>(
    db,
    sql`select * from (
      select 'shop' as kind, w.id as work_order_id,
          to_char(w.check_in at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "from",
          to_char(w.check_out at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "to",
          ${shopDays} as days,
          ${truck ? truckDailyGrossSql(sql`w.truck_id`, sql`w.company_id`, sql`w.check_in`) : sql`null::numeric`} as daily_cents,
          ${truck ? downtimeCostSql({ days: shopDays, truckId: sql`w.truck_id`, companyId: sql`w.company_id`, at: sql`w.check_in` }) : sql`null::bigint`} as cost_cents
        from ${shopVisits.sql(sql`${user.companyId}`)} w ${downtimeClock(clock.now())}
        where w.unit_type = ${type} and coalesce(w.truck_id, w.trailer_id) = ${id}
          and to_char(w.check_in at time zone ${tz}, 'YYYY-MM') = ${month}
      ${road}) x
    order by x."from", x.work_order_id`,
  );
  const out = lines.map((l) => ({
    kind: l.kind,
    work_order_id: l.work_order_id === null ? null : Number(l.work_order_id),
    from: l.from,
    to: l.to,
    days: Number(l.days),
    gross_per_day: truck ? toDollars(Math.round(Number(l.daily_cents ?? 0))) : null,
    cost: truck ? toDollars(Number(l.cost_cents ?? 0)) : null,
  }));
  const daysOf = (kind: Line['kind']) => out.filter((l) => l.kind === kind).reduce((n, l) => n + l.days, 0);
  const costCents = lines.reduce((n, l) => n + Number(l.cost_cents ?? 0), 0);
  return {
    unit_type: type,
    unit_id: id,
    unit: unit.name,
    month,
    shop_days: daysOf('shop'),
    road_days: daysOf('road'),
    days: daysOf('shop') + daysOf('road'),
    cost: truck ? toDollars(costCents) : null,
    basis: `${DOWNTIME_BASIS.days} ${truck ? DOWNTIME_BASIS.truck : DOWNTIME_BASIS.trailer}`,
    lines: out,
  };
}
