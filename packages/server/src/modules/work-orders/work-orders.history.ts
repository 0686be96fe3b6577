import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { WO_CLOSED } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { workOrderDescriptions, workOrderLabour, workOrders } from './work-orders.table';

export type DoneUnit = { unitType: 'truck' | 'trailer'; unitId: number; day: string };

/**
 * The demo's maintenance history (the service schedule's seeder): one closed work order per unit,
 * checked in and out on its day, with one labour line at the task's rate and the task as its
 * complaint. Only this module writes work orders; answers each order's id with its unit.
 */
export async function seedDoneWorkOrders(
  db: DbOrTx,
  opts: {
    companyId: number;
    woType: 'Preventive maintenance' | 'Inspection';
    task: string;
    rateCents: number;
    units: DoneUnit[];
  },
): Promise<{ id: number; unit_type: string; unit_id: number }[]> {
  if (opts.units.length === 0) return [];
  const list = (values: Array<string | number>) => `{${values.join(',')}}`;
  const { companyId, woType, task, rateCents } = opts;
  return rowsOf(
    db,
    sql`with d as (
        select * from unnest(${list(opts.units.map((u) => u.unitType))}::text[], ${list(opts.units.map((u) => u.unitId))}::int[],
          ${list(opts.units.map((u) => u.day))}::date[]) as d(unit_type, unit_id, day)
      ), wo as (
        insert into ${workOrders} (company_id, wo_type, unit_type, truck_id, trailer_id, status, arrived, arrival_date,
            pm, inspection, check_in, check_out, labour_cents, total_cents, created_at)
          select ${companyId}, ${woType}, d.unit_type,
              case when d.unit_type = 'truck' then d.unit_id end, case when d.unit_type = 'trailer' then d.unit_id end,
              ${WO_CLOSED}, true, d.day, ${woType === 'Preventive maintenance'}, ${woType === 'Inspection'},
              (d.day + time '08:00') at time zone ${COMPANY_TIME_ZONE}, (d.day + time '14:00') at time zone ${COMPANY_TIME_ZONE},
              ${rateCents}, ${rateCents}, (d.day - 1 + time '06:00') at time zone ${COMPANY_TIME_ZONE}
          from d
          returning id, unit_type, coalesce(truck_id, trailer_id) as unit_id
      ), labour as (
        insert into ${workOrderLabour} (work_order_id, description, hundredth_hours, rate_cents, amount_cents)
          select wo.id, ${task}, 100, ${rateCents}, ${rateCents} from wo
      ), descriptions as (
        insert into ${workOrderDescriptions} (work_order_id, complaint, cause, correction)
          select wo.id, ${`${task} due`}, 'Scheduled preventive maintenance', 'Done, passed' from wo
      )
      select id, unit_type, unit_id from wo`,
  );
}
