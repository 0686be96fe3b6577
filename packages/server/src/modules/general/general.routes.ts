import { ACTION, SECTION } from '@backhaul/shared';
import { EQUIPMENT_NAME_ROUTES, TRAILER_TYPE_ROUTES } from '@backhaul/shared/modules/general/general.contract';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { equipmentNamesList, trailerTypesList } from './general.list';
import { equipmentNameRecord, trailerTypeRecord } from './general.record';

const can = (action?: number) => ({ section: SECTION.General, ...(action ? { action } : {}) });
/** Trailer types are also their own permission section (76). */
const types = (action?: number) => ({
  anyOf: [can(action), { section: SECTION.TrailerTypes, ...(action ? { action } : {}) }],
});

/** Maintenance → General: trailer types and equipment names (list, create, edit, delete). */
export const generalRoutes: RouteModule = {
  name: 'general',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['General'];
    registerListRoute(app, db, trailerTypesList, { url: '/trailer-types/list', tags, access: types() });
    registerListRoute(app, db, equipmentNamesList, { url: '/equipment-names/list', tags });

    // An item's calls: GET …/:id/edit (the section), POST … (create 8), PUT …/:id (edit 9), DELETE …/:id (delete 11).
    registerRecordRoutes(app, deps, trailerTypeRecord, {
      tags,
      key: 'item',
      routes: TRAILER_TYPE_ROUTES,
      access: {
        editForm: types(),
        create: types(ACTION.CREATE),
        update: types(ACTION.EDIT),
        remove: types(ACTION.DELETE),
      },
    });
    registerRecordRoutes(app, deps, equipmentNameRecord, {
      tags,
      key: 'item',
      routes: EQUIPMENT_NAME_ROUTES,
      access: { editForm: can() },
    });
  },
};
