import { ACTION, recordRoutes, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/settings/settings.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { runList } from '../../platform/list/run-list';
import { registerResource } from '../../platform/record/define-resource';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import {
  contactTypesResource,
  departmentOptions,
  departmentsResource,
  documentTypesResource,
  holidaysResource,
  inventoryResource,
  officesResource,
  positionRecord,
  positionsList,
  scheduleResource,
} from './settings.records';

const tags = ['Settings'];
/** Settings (32) offers view and edit: every write of a company list needs edit (9). */
const write = { section: SECTION.Settings, action: ACTION.EDIT };

export const settingsRoutes: RouteModule = {
  name: 'settings',
  register: (app, deps) => {
    const opts = { tags, writeAction: ACTION.EDIT };
    registerResource(app, deps, scheduleResource, opts);
    registerResource(app, deps, holidaysResource, opts);
    registerResource(app, deps, officesResource, opts);
    registerResource(app, deps, inventoryResource, opts);
    registerResource(app, deps, contactTypesResource, opts);
    registerResource(app, deps, documentTypesResource, opts);
    registerResource(app, deps, departmentsResource, opts);

    // Positions: the same six calls, with the department's name in the row and the list.
    const { db } = deps.database;
    const base = C.INFO_BASES.positions;
    const access = { section: SECTION.Settings };
    registerListRoute(app, db, positionsList, { url: `${base}/list`, tags, access });
    app.get(base, {
      config: { access },
      schema: { tags },
      handler: (req) => runList(db, positionsList, caller(req).user, {}),
    });
    registerRecordRoutes(app, deps, positionRecord, {
      tags,
      key: 'item',
      routes: recordRoutes(base),
      access: { createForm: write, create: write, update: write, remove: write },
      forms: {
        optionsSchema: C.PositionOptionsSchema,
        options: async ({ db: d, user }) => ({ departments: await departmentOptions(d, user.companyId) }),
      },
    });
  },
};
