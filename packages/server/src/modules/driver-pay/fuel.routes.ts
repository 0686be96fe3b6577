import { ACTION, DraftedIdsBodySchema, DraftedIdsResponseSchema, MSG, SECTION } from '@backhaul/shared';
import {
  FUEL_CANCELED,
  FUEL_ROUTES,
  FuelEditSchema,
  FuelOptionsSchema,
  FuelSavedSchema,
} from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerImportRoutes } from '../../platform/import/import';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { deleteDraftedChildren } from '../../platform/record/record.service';
import { fuelDescriptions, fuelInvoices } from './driver-pay.table';
import { fuelImport } from './fuel.import';
import { fuelList } from './fuel.list';
import { fuelRecord } from './fuel.record';
import * as service from './fuel.service';

const CreateQuery = z.object({ customer_id: z.coerce.number().int().positive().optional() });
const can = (action?: number) => ({ section: SECTION.Fuel, ...(action ? { action } : {}) });

/** Accounting → Fuel (001 §3, §4, §7): the register's 11 calls, the import through platform/import. */
export const fuelRoutes: RouteModule = {
  name: 'fuel',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Fuel'];
    registerListRoute(app, db, fuelList, { url: '/fuel/list', tags });
    app.get('/fuel', {
      config: { access: can() },
      schema: { tags, response: { 200: FuelOptionsSchema } },
      handler: (req) => service.fuelOptions(db, caller(req).user, null),
    });
    registerRecordRoutes(app, deps, fuelRecord, {
      tags,
      key: 'row',
      routes: FUEL_ROUTES,
      forms: {
        query: CreateQuery,
        options: ({ user, query }) => service.fuelOptions(db, user, query.customer_id ?? null),
        optionsSchema: FuelOptionsSchema,
        edit: ({ user, id }) => service.editFuel(db, user, id),
        editSchema: FuelEditSchema,
      },
      createUpdatesBy: (form: { id?: number }) => form.id,
      saved: {
        answer: (row, message) => ({ message, row, removed: row.status === FUEL_CANCELED }),
        schema: FuelSavedSchema,
      },
    });
    for (const [name, table] of [
      ['destroyDescription', fuelDescriptions],
      ['destroyInvoice', fuelInvoices],
    ] as const) {
      app.post(`/fuel/${name}`, {
        config: { access: can(ACTION.EDIT) },
        schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
        handler: async (req) => ({
          message: MSG.removalSuccess,
          deleted: await deleteDraftedChildren(db, fuelRecord, caller(req).user, { table, ids: req.body.ids }),
        }),
      });
    }
    registerImportRoutes(app, {
      db,
      maxBytes: deps.files.maxBytes,
      base: '/fuel',
      access: can(ACTION.CREATE),
      tags,
      spec: fuelImport,
    });
  },
};
