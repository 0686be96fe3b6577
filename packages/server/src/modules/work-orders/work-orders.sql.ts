import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { customers } from '../customers';
import { downDaysSql, downtimeCostSql } from '../downtime';
import { trailers } from '../trailers';
import { trucks } from '../trucks';

/** SQL the list, the detail and statistics share, over `work_orders w`. */
export const WO_SQL = {
  unit: sql`case w.unit_type
    when 'truck' then (select truck_number from ${trucks} where id = w.truck_id)
    when 'trailer' then (select trailer_number from ${trailers} where id = w.trailer_id)
    else w.customer_unit end`,
  customer: sql`(select name from ${customers} where id = w.customer_id)`,
  technician: sql`(select name from users where id = w.technician_id)`,
  createdAt: sql`to_char(w.created_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  checkIn: sql`to_char(w.check_in at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  checkOut: sql`to_char(w.check_out at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  /**
   * Calendar days out of service: check-in to check-out (or now), whole days rounded up, 0 before
   * check-in (the downtime module's basis; the query joins `downtimeClock(now)`).
   */
  downtimeDays: downDaysSql(sql`w.check_in`, sql`w.check_out`),
  /**
   * What a truck's downtime cost: its days × its trailing 90-day gross per calendar day before
   * check-in (the downtime module's basis, as on the truck's card and the Downtime report). Null for
   * other units.
   */
  downtimeCents: sql`case when w.unit_type = 'truck' and w.check_in is not null then ${downtimeCostSql({
    days: downDaysSql(sql`w.check_in`, sql`w.check_out`),
    truckId: sql`w.truck_id`,
    companyId: sql`w.company_id`,
    at: sql`w.check_in`,
  })} end`,
};
