// The drivers module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { qualificationDueOn } from './driver-qualification';
export { driverScope } from './drivers.list';
export { driverStatementMail } from './drivers.mail';
export { driverLinks } from './drivers.record';
export { driverOptions } from './drivers.service';
export { driverContracts, drivers } from './drivers.table';
