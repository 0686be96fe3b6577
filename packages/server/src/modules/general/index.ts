// The general module's public surface: what other modules may import (docs/ARCHITECTURE.md).

export { equipmentNameUses, trailerTypeUses } from './general.record';
export {
  addEquipmentName,
  equipmentNameExists,
  equipmentNameOptions,
  trailerTypeOptions,
} from './general.service';
export { equipmentNames, trailerTypes } from './general.table';
