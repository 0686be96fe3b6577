import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';
import { trailers } from '../trailers';
import { truckRoad } from '../truck-road';
import { trucks } from '../trucks';
import { downDaysSql, downtimeClock, downtimeCostSql } from './downtime.basis';
import { shopVisits } from './shop-visits';

/**
 * One row per unit and month of a company: the days out of service in the shop (a work order's
 * calendar days from check-in to check-out or `now`, counted in the month it was checked in) and on
 * the road (a trucks-on-the-road day out of service, unless dispatch and the shop both approved it
 * back), each priced at the truck's trailing 90-day gross per calendar day before it began
 * (downtime.basis.ts). Columns: unit_type, unit_id, month (YYYY-MM), shop_days, road_days, days,
 * cost_cents (null for a trailer).
 */
export function downtimeRowsSql(companyId: number, now: Date, where: SQL = sql`true`): SQL {
  const roadDay = sql`(r.date::timestamp at time zone ${COMPANY_TIME_ZONE})`;
  const shopDays = downDaysSql(sql`w.check_in`, sql`w.check_out`);
  return sql`(select unit_type, unit_id, month, sum(shop_days)::int as shop_days, sum(road_days)::int as road_days,
      sum(shop_days + road_days)::int as days,
      case when unit_type = 'truck' then sum(cost_cents)::bigint end as cost_cents
    from (
      select w.unit_type, coalesce(w.truck_id, w.trailer_id) as unit_id,
          to_char(w.check_in at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM') as month,
          ${shopDays} as shop_days, 0 as road_days,
          case when w.unit_type = 'truck'
            then ${downtimeCostSql({ days: shopDays, truckId: sql`w.truck_id`, companyId: sql`w.company_id`, at: sql`w.check_in` })}
            else 0 end as cost_cents
        from ${shopVisits.sql(sql`${companyId}`)} w ${downtimeClock(now)}
      union all
      select 'truck', r.truck_id, to_char(r.date, 'YYYY-MM'), 0, 1,
          ${downtimeCostSql({ days: sql`1`, truckId: sql`r.truck_id`, companyId: sql`r.company_id`, at: roadDay })}
        from ${truckRoad} r
        where r.company_id = ${companyId} and r.out_of_service and not (r.dispatcher_approved and r.shop_approved)
    ) x
    where ${where}
    group by unit_type, unit_id, month)`;
}

export const DOWNTIME_UNIT_NAME = sql`case d.unit_type
  when 'truck' then (select truck_number from ${trucks} where id = d.unit_id)
  else (select trailer_number from ${trailers} where id = d.unit_id) end`;
