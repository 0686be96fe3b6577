import { MSG, SECTION } from '@backhaul/shared';
import {
  TruckRoadFormSchema,
  type TruckRoadRow,
  TruckRoadRowSchema,
} from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { drivers } from '../drivers';
import { trucks } from '../trucks';
import { truckRoad } from './truck-road.table';

/** The row as the list and the report answer it, over `truck_road r`. */
export const ROAD_ROW_SQL = sql`r.id, to_char(r.date, 'YYYY-MM-DD') as date, r.truck_id,
  (select truck_number from ${trucks} where id = r.truck_id) as truck, r.driver_id,
  (select name from ${drivers} where id = r.driver_id) as driver, r.drive_type_id, r.location, r.out_of_service,
  r.reason, r.note, r.dispatcher_approved, r.shop_approved`;

export async function readRoadRows(db: DbOrTx, where: SQL): Promise<TruckRoadRow[]> {
  const rows = await rowsOf<TruckRoadRow>(
    db,
    sql`select ${ROAD_ROW_SQL} from truck_road r where ${where} order by r.date, r.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    truck_id: Number(r.truck_id),
    drive_type_id: Number(r.drive_type_id),
  }));
}

const exists = async (tx: DbOrTx, table: SQL, id: number | null, companyId: number) =>
  id === null ||
  (await rowsOf(tx, sql`select 1 from ${table} where id = ${id} and company_id = ${companyId}`)).length > 0;

/**
 * One truck on one day. The server names what is wrong on `truck_id` or `drive_type_id` (001 §5:
 * the screen shows those, else 'Saving error'); a truck appears once per day.
 */
export const truckRoadRecord = defineRecord({
  table: truckRoad,
  section: SECTION.TrucksOnTheRoad,
  form: TruckRoadFormSchema,
  row: TruckRoadRowSchema,
  toRow: async (record, { tx }) => {
    const [row] = await readRoadRows(tx, sql`r.id = ${record.id}`);
    if (!row) throw AppError.notFound();
    return row;
  },
  toValues: (form) => ({
    date: form.date,
    truckId: form.truck_id,
    driverId: form.driver_id,
    driveTypeId: form.drive_type_id,
    location: form.location || null,
    outOfService: form.out_of_service,
    reason: form.reason || null,
    note: form.note || null,
  }),
  unique: [
    {
      field: 'truck_id',
      where: (form) => sql`${truckRoad.date} = ${form.date} and ${truckRoad.truckId} = ${form.truck_id}`,
      message: (form) => `This truck is already on the report of ${form.date}.`,
    },
  ],
  messages: { created: MSG.savingSuccess, updated: MSG.savingSuccess, deleted: MSG.removalSuccess },
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      if (!(await exists(tx, sql`trucks`, form.truck_id, user.companyId)))
        throw AppError.invalidField('truck_id', 'Choose a truck of the list.');
      if (!(await exists(tx, sql`drivers`, form.driver_id, user.companyId)))
        throw AppError.invalidField('driver_id', 'Choose a driver of the list.');
    },
  },
});
