import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A truck's trailing 90-day average gross per working day before the instant `at` (numeric cents):
 * the gross of its loads picked up in the 90 days before `at` ÷ the weekdays of those 90 days. The
 * work order's downtime cost and the Downtime report (module downtime) both price a day with it.
 */
export function truckDailyGrossSql(truckId: SQL, companyId: SQL, at: SQL): SQL {
  return sql`((select coalesce(sum(l.gross_cents), 0) from loads l
        where l.truck_id = ${truckId} and l.company_id = ${companyId}
          and l.pickup_at >= ${at} - interval '90 days' and l.pickup_at < ${at})::numeric
    / (select count(*) from generate_series(${at} - interval '90 days', ${at} - interval '1 day', interval '1 day') d
        where extract(isodow from d) < 6))`;
}

/** SQL the list, the detail and statistics share, over `work_orders w`. */
export const WO_SQL = {
  unit: sql`case w.unit_type
    when 'truck' then (select truck_number from trucks where id = w.truck_id)
    when 'trailer' then (select trailer_number from trailers where id = w.trailer_id)
    else w.customer_unit end`,
  customer: sql`(select name from customers where id = w.customer_id)`,
  technician: sql`(select name from users where id = w.technician_id)`,
  createdAt: sql`to_char(w.created_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  checkIn: sql`to_char(w.check_in at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  checkOut: sql`to_char(w.check_out at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  /** Days out of service: check-in to check-out (or now), whole days rounded up, 0 before check-in. */
  downtimeDays: sql`case when w.check_in is null then 0
    else greatest(1, ceil(extract(epoch from (coalesce(w.check_out, now()) - w.check_in)) / 86400))::int end`,
  /**
   * What a truck's downtime cost: its days × its average gross per working day before check-in
   * (`truckDailyGrossSql`, Downtime, beyond the spec). Null for other units.
   */
  downtimeCents: sql`case when w.unit_type = 'truck' and w.check_in is not null then round(
    (case when w.check_in is null then 0
      else greatest(1, ceil(extract(epoch from (coalesce(w.check_out, now()) - w.check_in)) / 86400)) end)
    * ${truckDailyGrossSql(sql`w.truck_id`, sql`w.company_id`, sql`w.check_in`)})::bigint end`,
};
