import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { SERVICE_DUE_SOON_DAYS } from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { type SQL, sql } from 'drizzle-orm';
import { odometerNowSql } from '../eld';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { workOrders } from '../work-orders';

/**
 * Each assigned unit's service tasks and when they fall due on `today` (company time), one row per
 * unit and task. From the last checked-out work order of the task (its check-in odometer, else the
 * odometer when it was made; else the assignment's start): due by days on last date + interval_days,
 * due by miles at last odometer + interval_miles. A truck's odometer is the eld module's (its last
 * accepted reading plus the routed miles delivered since, refreshed before the schedule is read:
 * `refreshOdometers`); miles since = odometer − last odometer, miles left = due miles − odometer, and
 * the miles come due after miles left ÷ the truck's miles a day (its readings' pace); `days_left` is
 * whichever comes first, and a unit past its miles is overdue. Columns: id, unit_type, unit_id,
 * unit, program, task_id, task, interval_miles, interval_days, last_done, odometer, last_odometer,
 * miles_since, miles_left, miles_per_day, due_miles, due_date, days_left, status, work_order_id (an
 * open PM order).
 */
export function scheduleSql(companyId: number, today: string): SQL {
  // Set-wise (hash joins over the company's rows), not a lookup per unit and task: the schedule
  // reads every assignment at once.
  const unitId = sql`coalesce(w.truck_id, w.trailer_id)`;
  return sql`(with done as (
      select distinct on (wt.task_id, w.unit_type, ${unitId}) wt.task_id, w.unit_type, ${unitId} as unit_id,
          (w.check_out at time zone ${COMPANY_TIME_ZONE})::date as done_on,
          coalesce(w.check_in_odometer, wt.odometer) as done_odometer
        from work_order_service_tasks wt join ${workOrders} w on w.id = wt.work_order_id
        where w.company_id = ${companyId} and w.check_out is not null and w.status <> 11
        order by wt.task_id, w.unit_type, ${unitId}, w.check_out desc
    ), open as (
      select wt.task_id, w.unit_type, ${unitId} as unit_id, max(w.id) as id
        from work_order_service_tasks wt join ${workOrders} w on w.id = wt.work_order_id
        where w.company_id = ${companyId} and w.check_out is null and w.status not in (9, 11)
        group by wt.task_id, w.unit_type, ${unitId}
    ), odo as (
      select * from ${odometerNowSql(companyId)} o
    )
    select s.*, (${today}::date + s.days_left) as due_date_value,
      to_char(${today}::date + s.days_left, 'YYYY-MM-DD') as due_date,
      case when s.days_left < 0 or s.odometer >= s.due_miles then 'overdue'
        when s.days_left <= ${SERVICE_DUE_SOON_DAYS} then 'due' else 'ok' end as status
    from (select b.*,
        least(b.days_by_date, case when b.due_miles is null or b.odometer is null then null
          when b.miles_per_day > 0 then floor((b.due_miles - b.odometer) / b.miles_per_day)::int
          when b.odometer >= b.due_miles then 0 end) as days_left
      -- A trailer's odometer is typed, not followed: its miles since service say nothing.
      from (select c.*, case when c.unit_type = 'truck' then c.odometer - c.last_odometer end as miles_since,
          c.due_miles - c.odometer as miles_left
      from (select a.unit_type || ':' || a.unit_id || ':' || t.id as id, a.unit_type, a.unit_id,
          coalesce(tr.truck_number, tl.trailer_number) as unit,
          p.name as program, t.id as task_id, t.name as task, t.interval_miles, t.interval_days,
          to_char(done.done_on, 'YYYY-MM-DD') as last_done,
          case when a.unit_type = 'truck' then coalesce(odo.odometer, tr.odometer) else tl.odometer end as odometer,
          coalesce(odo.miles_per_day, 0) as miles_per_day,
          coalesce(done.done_odometer, a.start_odometer) as last_odometer,
          coalesce(done.done_odometer, a.start_odometer) + t.interval_miles as due_miles,
          (coalesce(done.done_on, a.start_date) + t.interval_days) - ${today}::date as days_by_date,
          open.id as work_order_id
        from service_program_units a
          join service_programs p on p.id = a.program_id
          join service_tasks t on t.program_id = a.program_id and t.unit_kind = a.unit_type
          left join ${trucks} tr on a.unit_type = 'truck' and tr.id = a.unit_id
          left join ${trailers} tl on a.unit_type = 'trailer' and tl.id = a.unit_id
          left join odo on a.unit_type = 'truck' and odo.truck_id = a.unit_id
          left join done on done.task_id = t.id and done.unit_type = a.unit_type and done.unit_id = a.unit_id
          left join open on open.task_id = t.id and open.unit_type = a.unit_type and open.unit_id = a.unit_id
        where a.company_id = ${companyId}) c) b) s)`;
}
