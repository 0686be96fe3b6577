// The driver-pay module's public surface (docs/ARCHITECTURE.md): driver statements, fuel,
// scheduled payments. Nothing is used by other modules yet.
export { driverStatements, fuelRows, scheduledPayments } from './driver-pay.table';
