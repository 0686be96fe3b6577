import { DraftedIdsBodySchema, DraftedIdsResponseSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  ImportResponseSchema,
  LEAD_KINDS,
  LEAD_PATHS,
  LEAD_TITLES,
  LeadEditResponseSchema,
  LeadFormSchema,
  type LeadKind,
  LeadSaveResponseSchema,
  LeadStartResponseSchema,
  SaveImportBodySchema,
  SaveImportResponseSchema,
} from '@backhaul/shared/modules/clients/clients.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { FILE_MSG } from '../../platform/files/file-rules';
import type { App, AppDeps, RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { readLeadSheet } from './clients.import';
import { LEAD_LISTS } from './clients.list';
import * as clientsService from './clients.service';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const CreateQuery = z.object({ customer_id: z.coerce.number().int().positive().optional() });
/**
 * The spec gives potential clients and clients no section of their own: both use Customers (6).
 * Their row edit and delete are shown to everyone (001 §6); the server still needs a signed-in
 * user holding the section.
 */
const access = { section: SECTION.Customers };

/** The register's calls for one kind under /potentialClients or /clients (001 §7: "the same pattern" as fuel). */
function registerLeadRoutes(app: App, { database: { db }, files }: AppDeps, kind: LeadKind) {
  const base = `/${LEAD_PATHS[kind]}`;
  const tags = [LEAD_TITLES[kind]];
  registerListRoute(app, db, LEAD_LISTS[kind], { url: `${base}/list`, tags, access });

  app.get(base, {
    config: { access },
    schema: { tags, response: { 200: LeadStartResponseSchema } },
    handler: async (req) => clientsService.startLead(db, caller(req).user, null),
  });

  app.get(`${base}/create`, {
    config: { access },
    schema: { tags, querystring: CreateQuery, response: { 200: LeadStartResponseSchema } },
    handler: async (req) => clientsService.startLead(db, caller(req).user, req.query.customer_id ?? null),
  });

  app.get(`${base}/:id/edit`, {
    config: { access },
    schema: { tags, params: IdParams, response: { 200: LeadEditResponseSchema } },
    handler: async (req) => clientsService.editLead(db, caller(req).user, kind, req.params.id),
  });

  app.post(base, {
    config: { access },
    schema: { tags, body: LeadFormSchema, response: { 200: LeadSaveResponseSchema } },
    handler: async (req) => clientsService.saveLead(db, caller(req).user, kind, req.body.id ?? null, req.body),
  });

  app.put(`${base}/:id`, {
    config: { access },
    schema: { tags, params: IdParams, body: LeadFormSchema, response: { 200: LeadSaveResponseSchema } },
    handler: async (req) => clientsService.saveLead(db, caller(req).user, kind, req.params.id, req.body),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: { tags, params: IdParams, response: { 200: MessageBodySchema } },
    handler: async (req) => {
      await clientsService.deleteLead(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removalSuccess };
    },
  });

  for (const which of ['description', 'invoice'] as const) {
    const name = which === 'description' ? 'destroyDescription' : 'destroyInvoice';
    app.post(`${base}/${name}`, {
      config: { access },
      schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
      handler: async (req) => ({
        message: MSG.removalSuccess,
        deleted: await clientsService.destroyDrafted(db, caller(req).user, kind, which, req.body.ids),
      }),
    });
  }

  // A multipart file in, the parsed rows and their errors out; nothing is saved here.
  app.post(`${base}/import`, {
    config: { access },
    schema: { tags, response: { 200: ImportResponseSchema } },
    handler: async (req) => {
      if (!req.isMultipart()) throw AppError.invalidField('file', FILE_MSG.noFile);
      let upload: { name: string; data: Buffer } | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: files.maxBytes, files: 1 } })) {
          if (part.type === 'file' && !upload) upload = { name: part.filename, data: await part.toBuffer() };
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('payload_too_large', FILE_MSG.tooLarge(files.maxBytes));
        throw err;
      }
      if (!upload) throw AppError.invalidField('file', FILE_MSG.noFile);
      const rows = await readLeadSheet(upload.name, upload.data);
      return clientsService.checkImport(db, caller(req).user, kind, rows);
    },
  });

  app.post(`${base}/saveImport`, {
    config: { access },
    schema: { tags, body: SaveImportBodySchema, response: { 200: SaveImportResponseSchema } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      saved: await clientsService.saveImport(db, caller(req).user, kind, req.body.rows),
    }),
  });
}

export const clientsRoutes: RouteModule = {
  name: 'clients',
  register(app, deps) {
    for (const kind of LEAD_KINDS) registerLeadRoutes(app, deps, kind);
  },
};
