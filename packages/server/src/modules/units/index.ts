// The units module's public surface: what trucks and trailers share (docs/ARCHITECTURE.md).

export { driverName, trailerNumber } from './unit-names';
export { registrationColumns, unitServiceColumns } from './units.columns';
export { defineEquipmentList, withSpecFilterNames } from './units.list';
export { registerUnitRoutes } from './units.routes';
export {
  type Assignment,
  recordAssignment,
  removeUnitParts,
  selectOptions,
  type UnitKind,
  unitFormChecks,
} from './units.service';
export { unitAssignments, unitEquipment, unitNotes, unitValues } from './units.table';
