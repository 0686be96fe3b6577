// The units module's public surface: what trucks and trailers share (docs/ARCHITECTURE.md).
export { DescriptionCell } from './description-cell';
export { unitCells } from './unit-cells';
export { useItemDelete } from './unit-confirm';
export { UnitDialog } from './unit-dialog';
