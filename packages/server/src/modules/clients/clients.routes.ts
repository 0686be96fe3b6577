import { ACTION, DraftedIdsBodySchema, DraftedIdsResponseSchema, MSG, SECTION } from '@backhaul/shared';
import {
  CANCELED,
  LEAD_KINDS,
  LEAD_PATHS,
  LEAD_TITLES,
  LeadEditResponseSchema,
  type LeadKind,
  LeadSaveResponseSchema,
  LeadStartResponseSchema,
  leadRoutes,
} from '@backhaul/shared/modules/clients/clients.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { App, AppDeps, RouteModule } from '../../platform/http/types';
import { registerImportRoutes } from '../../platform/import/import';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { deleteDraftedChildren } from '../../platform/record/record.service';
import { leadImport } from './clients.import';
import { LEAD_LISTS } from './clients.list';
import { LEAD_RECORDS } from './clients.record';
import * as clientsService from './clients.service';
import { salesLeadDescriptions, salesLeadInvoices } from './clients.table';

const CreateQuery = z.object({ customer_id: z.coerce.number().int().positive().optional() });
/**
 * The spec gives potential clients and clients no section of their own: both use Customers (6).
 * Only their row edit and delete are shown to everyone (001 §6): the list, the dialog's data, the
 * row's edit and delete need the section; a new lead and the import (…/import, …/saveImport) need
 * its create grant (8), as a create does on every other list.
 */
const access = { section: SECTION.Customers };
const create = { section: SECTION.Customers, action: ACTION.CREATE };

/** The register's calls for one kind under /potentialClients or /clients (001 §7: "the same pattern" as fuel). */
function registerLeadRoutes(app: App, deps: AppDeps, kind: LeadKind) {
  const { db } = deps.database;
  const { files } = deps;
  const base = `/${LEAD_PATHS[kind]}` as const;
  const tags = [LEAD_TITLES[kind]];
  registerListRoute(app, db, LEAD_LISTS[kind], { url: `${base}/list`, tags, access });

  app.get(base, {
    config: { access },
    schema: { tags, response: { 200: LeadStartResponseSchema } },
    handler: async (req) => clientsService.startLead(db, caller(req).user, null),
  });

  // GET base/create (optional customer_id), GET base/:id/edit, POST base (an id in the body updates),
  // PUT base/:id, DELETE base/:id; a save answers `removed` when its status took the row off the list.
  const record = LEAD_RECORDS[kind];
  registerRecordRoutes(app, deps, record, {
    tags,
    key: 'row',
    routes: leadRoutes(kind),
    // GET …/create stays with the section: the edit dialog loads its choices from it too.
    access: { createForm: access, editForm: access, create, update: access, remove: access },
    forms: {
      query: CreateQuery,
      options: ({ user, query }) => clientsService.startLead(db, user, query.customer_id ?? null),
      optionsSchema: LeadStartResponseSchema,
      edit: ({ user, id }) => clientsService.editLead(db, user, kind, id),
      editSchema: LeadEditResponseSchema,
    },
    createUpdatesBy: (form: { id?: number }) => form.id,
    saved: {
      answer: (row, message) => ({ message, row, removed: row.status === CANCELED }),
      schema: LeadSaveResponseSchema,
    },
  });

  for (const [name, table] of [
    ['destroyDescription', salesLeadDescriptions],
    ['destroyInvoice', salesLeadInvoices],
  ] as const) {
    app.post(`${base}/${name}`, {
      config: { access },
      schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
      handler: async (req) => ({
        message: MSG.removalSuccess,
        deleted: await deleteDraftedChildren(db, record, caller(req).user, { table, ids: req.body.ids }),
      }),
    });
  }

  // The spreadsheet import (platform/import): …/import previews, …/saveImport stores all rows or none.
  registerImportRoutes(app, { db, maxBytes: files.maxBytes, base, access: create, tags, spec: leadImport(kind) });
}

export const clientsRoutes: RouteModule = {
  name: 'clients',
  register(app, deps) {
    for (const kind of LEAD_KINDS) registerLeadRoutes(app, deps, kind);
  },
};
