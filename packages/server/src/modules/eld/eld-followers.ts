import type { FuelOdometerFollower } from '../driver-pay';
import type { CheckInFollower } from '../work-orders';
import { companyInstant, putSourceReadings } from './odometer-readings';

/**
 * A fuel purchase's odometer is read at noon of its fuel date (company time): the card export gives
 * the day, not the hour.
 */
export const FUEL_READING_TIME = '12:00';

/** Fuel rows' odometers become readings (driver-pay's `onFuelOdometer`). */
export const followFuelOdometers: FuelOdometerFollower = (tx, user, rows) =>
  putSourceReadings(tx, {
    companyId: user.companyId,
    userId: user.id,
    source: 'fuel',
    rows: rows.map((r) => ({
      sourceId: r.fuelRowId,
      typedIn: r.typedIn,
      reading:
        r.truckId !== null && r.odometer !== null
          ? { truckId: r.truckId, readAt: companyInstant(`${r.fuelDate} ${FUEL_READING_TIME}`), odometer: r.odometer }
          : null,
    })),
  });

/** A work order's check-in odometer becomes a reading (work orders' `onCheckInOdometer`). */
export const followCheckIns: CheckInFollower = (tx, user, change) =>
  putSourceReadings(tx, {
    companyId: user.companyId,
    userId: user.id,
    source: 'work_order',
    rows: [
      {
        sourceId: change.workOrderId,
        typedIn: 'check_in_odometer',
        reading: change.reading
          ? { truckId: change.reading.truckId, readAt: change.reading.checkIn, odometer: change.reading.odometer }
          : null,
      },
    ],
  });
