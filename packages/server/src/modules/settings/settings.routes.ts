import { ACTION, recordRoutes, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/settings/settings.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerResource } from '../../platform/record/define-resource';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
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
  versionRecord,
  versionsList,
} from './settings.records';
import {
  getAccountSettings,
  getDepartments,
  getSystemSettings,
  getUserAccountSettings,
  saveAccountSettings,
  saveDepartments,
  saveSystemSettings,
  saveUserAccountSettings,
} from './settings.service';

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
    registerListRoute(app, db, positionsList, { url: base, method: 'GET', tags, access });
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

    // Versions: POST list and filters, the edit form and the writes (the register names no GET list).
    registerRegistryListRoutes(app, db, { prefix: C.VERSION_BASE, list: versionsList, tags, getUrls: [] });
    registerRecordRoutes(app, deps, versionRecord, {
      tags,
      key: 'item',
      routes: recordRoutes(C.VERSION_BASE, { createForm: false }),
      access: { create: write, update: write, remove: write },
    });

    // System settings: the old and the new screen read and save the same values.
    const view = { section: SECTION.Settings, action: [ACTION.VIEW, ACTION.EDIT] };
    for (const url of ['/settings/system', '/settings/new-system-settings']) {
      app.get(url, {
        config: { access: view },
        schema: { tags, response: { 200: C.SystemSettingsSchema } },
        handler: (req) => getSystemSettings(db, caller(req).user),
      });
      app.post(url, {
        config: { access: write },
        schema: { tags, body: C.SystemSettingsFormSchema, response: { 200: C.SettingsSavedSchema } },
        handler: (req) => saveSystemSettings(db, caller(req).user, req.body),
      });
    }
    app.get('/settings/departments', {
      config: { access: view },
      schema: { tags, response: { 200: C.DepartmentsAnswerSchema } },
      handler: (req) => getDepartments(db, caller(req).user),
    });
    app.post('/settings/departments', {
      config: { access: write },
      schema: { tags, body: C.DepartmentsBodySchema, response: { 200: C.DepartmentsAnswerSchema } },
      handler: (req) => saveDepartments(db, caller(req).user, req.body.departments),
    });
    app.get('/settings/account', {
      config: { access: view },
      schema: { tags, response: { 200: C.AccountSettingsSchema } },
      handler: (req) => getAccountSettings(db, caller(req).user),
    });
    app.post('/settings/account', {
      config: { access: write },
      schema: { tags, body: C.AccountSettingsFormSchema, response: { 200: C.AccountSettingsSavedSchema } },
      handler: (req) => saveAccountSettings(db, caller(req).user, req.body),
    });
    // User account settings (beyond the register): every signed-in user reads and saves their own.
    app.get(C.USER_ACCOUNT_BASE, {
      config: { access: 'session' },
      schema: { tags, response: { 200: C.UserAccountSettingsSchema } },
      handler: (req) => getUserAccountSettings(db, caller(req).user),
    });
    app.post(C.USER_ACCOUNT_BASE, {
      config: { access: 'session' },
      schema: { tags, body: C.UserAccountSettingsFormSchema, response: { 200: C.UserAccountSettingsSavedSchema } },
      handler: (req) => saveUserAccountSettings(db, caller(req).user, req.body),
    });
  },
};
