import {
  EQUIPMENT_NAME_ROUTES,
  EquipmentNameItemSchema,
  EquipmentNameSaveResponseSchema,
  TRAILER_TYPE_ROUTES,
  TrailerTypeItemSchema,
  TrailerTypeSaveResponseSchema,
} from '@backhaul/shared/modules/general/general.contract';
import { recordApi } from '../../platform/record/record-api';

/** Maintenance → General: one trailer type's and one equipment name's calls. */
export const trailerTypesApi = recordApi({
  name: 'trailer-types',
  routes: TRAILER_TYPE_ROUTES,
  schemas: { load: TrailerTypeItemSchema, saved: TrailerTypeSaveResponseSchema },
});

export const equipmentNamesApi = recordApi({
  name: 'equipment-names',
  routes: EQUIPMENT_NAME_ROUTES,
  schemas: { load: EquipmentNameItemSchema, saved: EquipmentNameSaveResponseSchema },
});
