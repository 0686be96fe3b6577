// The units module's public surface: what trucks and trailers share (docs/ARCHITECTURE.md).
export { auditAssignmentChange, auditUnitWrite, deleteUnitParts, unitFormChecks } from './unit-writes';
export { registrationColumns, unitServiceColumns } from './units.columns';
export { defineEquipmentList, withSpecFilterNames } from './units.list';
export { registerUnitRoutes, registerUnitSaveRoutes } from './units.routes';
export { type Assignment, selectOptions, type UnitKind } from './units.service';
export { unitAssignments, unitEquipment, unitNotes, unitValues } from './units.table';
