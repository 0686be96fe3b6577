// The units module's public surface: what trucks and trailers share (docs/ARCHITECTURE.md).
export { DescriptionCell } from './description-cell';
export { unitCells } from './unit-cells';
export { UnitDialog } from './unit-dialog';
