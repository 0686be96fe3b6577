// The work-orders module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { type CheckInFollower, type CheckInOdometer, onCheckInOdometer } from './work-order-odometer';
export { type DoneUnit, seedDoneWorkOrders } from './work-orders.history';
export { createPmWorkOrder, scheduleWorkOrder } from './work-orders.service';
export { WO_SQL } from './work-orders.sql';
export { workOrders } from './work-orders.table';
