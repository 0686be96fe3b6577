// The trucks module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  activeDriverOptions,
  driverOnTruck,
  onTruckDriverChange,
  type TruckDriverChange,
  type TruckDriverFollower,
} from './truck-driver';
export { trucksOnTheRoadMail } from './trucks.mail';
export { truckLinks } from './trucks.record';
export { followDriverTruck, truckOptions } from './trucks.service';
export { trucks } from './trucks.table';
