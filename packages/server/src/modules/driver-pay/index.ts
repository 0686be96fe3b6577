// The driver-pay module's public surface (docs/ARCHITECTURE.md): driver statements, fuel,
// scheduled payments.
export { fuelRows, scheduledPayments } from './driver-pay.table';
export { type FuelOdometer, type FuelOdometerFollower, onFuelOdometer } from './fuel-odometer';
