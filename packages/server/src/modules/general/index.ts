// The general module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  equipmentNameExists,
  equipmentNameOptions,
  saveEquipmentName,
  trailerTypeOptions,
} from './general.service';
export { equipmentNames, trailerTypes } from './general.table';
