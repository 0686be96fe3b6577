import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { SERVICE_DUE_SOON_DAYS } from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Each assigned unit's service tasks and when they fall due on `today` (company time), one row per
 * unit and task. From the last checked-out work order of the task (else the assignment's start):
 * due by days on last date + interval_days, due by miles at last odometer + interval_miles, that
 * reached after (due miles − odometer) ÷ miles per day (a truck's loaded and empty miles of loads
 * picked up in the 90 days before today ÷ 90); `days_left` is whichever comes first. Columns: id,
 * unit_type, unit_id, unit, program, task_id, task, interval_miles, interval_days, last_done,
 * odometer, miles_per_day, due_miles, due_date, days_left, status, work_order_id (an open PM order).
 */
export function scheduleSql(companyId: number, today: string): SQL {
  return sql`(select s.*, (${today}::date + s.days_left) as due_date_value,
      to_char(${today}::date + s.days_left, 'YYYY-MM-DD') as due_date,
      case when s.days_left < 0 or s.odometer >= s.due_miles then 'overdue'
        when s.days_left <= ${SERVICE_DUE_SOON_DAYS} then 'due' else 'ok' end as status
    from (select b.*,
        least(b.days_by_date, case when b.due_miles is null or b.odometer is null then null
          when b.miles_per_day > 0 then floor((b.due_miles - b.odometer) / b.miles_per_day)::int
          when b.odometer >= b.due_miles then 0 end) as days_left
      from (select a.unit_type || ':' || a.unit_id || ':' || t.id as id, a.unit_type, a.unit_id,
          case a.unit_type when 'truck' then (select truck_number from trucks where id = a.unit_id)
            else (select trailer_number from trailers where id = a.unit_id) end as unit,
          p.name as program, t.id as task_id, t.name as task, t.interval_miles, t.interval_days,
          to_char(last.done_on, 'YYYY-MM-DD') as last_done, u.odometer, u.miles_per_day,
          coalesce(last.done_odometer, a.start_odometer) + t.interval_miles as due_miles,
          (coalesce(last.done_on, a.start_date) + t.interval_days) - ${today}::date as days_by_date,
          open.id as work_order_id
        from service_program_units a
          join service_programs p on p.id = a.program_id
          join service_tasks t on t.program_id = a.program_id and t.unit_kind = a.unit_type
          cross join lateral (select
              case a.unit_type when 'truck' then (select odometer from trucks where id = a.unit_id)
                else (select odometer from trailers where id = a.unit_id) end as odometer,
              case a.unit_type when 'truck' then (select coalesce(sum(l.mileage_loaded + l.mileage_empty), 0)::numeric / 90
                  from loads l where l.truck_id = a.unit_id and l.company_id = ${companyId}
                    and l.pickup_at >= (${today}::date - 90)::timestamp at time zone ${COMPANY_TIME_ZONE}
                    and l.pickup_at < ${today}::date::timestamp at time zone ${COMPANY_TIME_ZONE})
                else 0 end as miles_per_day) u
          left join lateral (select (w.check_out at time zone ${COMPANY_TIME_ZONE})::date as done_on, wt.odometer as done_odometer
              from work_order_service_tasks wt join work_orders w on w.id = wt.work_order_id
              where wt.task_id = t.id and w.unit_type = a.unit_type and coalesce(w.truck_id, w.trailer_id) = a.unit_id
                and w.check_out is not null and w.status <> 11
              order by w.check_out desc limit 1) last on true
          left join lateral (select w.id from work_order_service_tasks wt join work_orders w on w.id = wt.work_order_id
              where wt.task_id = t.id and w.unit_type = a.unit_type and coalesce(w.truck_id, w.trailer_id) = a.unit_id
                and w.check_out is null and w.status not in (9, 11)
              order by w.id desc limit 1) open on true
        where a.company_id = ${companyId}) b) s)`;
}
