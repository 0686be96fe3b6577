import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT, formatDateTime } from '@backhaul/shared/formats/formats';
import {
  ELD_MSG,
  type OdometerReading,
  OdometerReadingFormSchema,
  OdometerReadingSchema,
} from '@backhaul/shared/modules/eld/eld.contract';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { trucks } from '../trucks';
import { odometerReadings } from './eld.table';
import { checkTypedReading, companyInstant, rejudgeTrucks, toReadingRow } from './odometer-readings';

export const readingRow = (r: typeof odometerReadings.$inferSelect): OdometerReading =>
  toReadingRow(r, (d) => formatDateTime(d, COMPANY_TIME_ZONE_DEFAULT));

/**
 * A reading typed by hand on the truck card: refused (422 on `odometer`) when it goes back, is above
 * a later reading or jumps further than the truck can drive. A fuel row's or a work order's reading
 * is changed on that row, not deleted here.
 */
export const odometerReadingRecord = defineRecord({
  table: odometerReadings,
  section: SECTION.Trucks,
  form: OdometerReadingFormSchema,
  row: OdometerReadingSchema,
  toRow: (r) => readingRow(r),
  toValues: (form, { user }) => ({
    truckId: form.truck_id,
    readAt: companyInstant(form.read_at),
    odometer: form.odometer,
    source: 'manual',
    createdBy: user.id,
  }),
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      const [truck] = await tx
        .select({ id: trucks.id })
        .from(trucks)
        .where(and(eq(trucks.id, form.truck_id), eq(trucks.companyId, user.companyId)));
      if (!truck) throw AppError.invalidField('truck_id', ELD_MSG.noTruck);
      await checkTypedReading(tx, {
        truckId: form.truck_id,
        readAt: companyInstant(form.read_at),
        odometer: form.odometer,
        field: 'odometer',
      });
    },
    afterSave: ({ tx, after }) => rejudgeTrucks(tx, [after.truckId]),
    beforeDelete: ({ before }) => {
      if (before.source === 'fuel')
        throw AppError.precondition("The reading is a fuel row's: change it on the fuel row.");
      if (before.source === 'work_order')
        throw AppError.precondition("The reading is a work order's check-in: change it on the work order.");
    },
    afterDelete: ({ tx, before }) => rejudgeTrucks(tx, [before.truckId]),
  },
});
