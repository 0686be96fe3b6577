import { ACTION, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  EquipmentNameFormSchema,
  EquipmentNameRowSchema,
  EquipmentNameSaveResponseSchema,
  TrailerTypeFormSchema,
  TrailerTypeRowSchema,
  TrailerTypeSaveResponseSchema,
} from '@backhaul/shared/modules/general/general.contract';
import { z } from 'zod';
import type { Access, AuthUser } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import type { App, RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { equipmentNamesList, trailerTypesList } from './general.list';
import * as general from './general.service';

const can = (action?: number) => ({ section: SECTION.General, ...(action ? { action } : {}) });
/** Trailer types are also their own permission section (76). */
const types = (action?: number) => ({
  anyOf: [can(action), { section: SECTION.TrailerTypes, ...(action ? { action } : {}) }],
});

/**
 * One select item's calls (trailer types, equipment names): GET …/:id/edit, POST … (create 8),
 * PUT …/:id (edit 9), DELETE …/:id (delete 11); `messages` are the spec's answers of a save.
 */
function registerItemRoutes<F extends z.ZodType>(
  app: App,
  opts: {
    prefix: string;
    tags: string[];
    access: (action?: number) => Access;
    row: z.ZodType;
    form: F;
    saved: z.ZodType;
    messages: { created: string; updated: string };
    get: (user: AuthUser, id: number) => Promise<unknown>;
    save: (user: AuthUser, form: z.infer<F>, id?: number) => Promise<unknown>;
    remove: (user: AuthUser, id: number) => Promise<void>;
  },
): void {
  const { prefix, tags, access } = opts;
  app.get(`${prefix}/:id/edit`, {
    config: { access: access() },
    schema: { tags, params: IdParamsSchema, response: { 200: z.object({ item: opts.row }) } },
    handler: async (req) => ({ item: await opts.get(caller(req).user, req.params.id) }),
  });
  app.post(prefix, {
    config: { access: access(ACTION.CREATE) },
    schema: { tags, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: opts.messages.created,
      item: await opts.save(caller(req).user, req.body as z.infer<F>),
    }),
  });
  app.put(`${prefix}/:id`, {
    config: { access: access(ACTION.EDIT) },
    schema: { tags, params: IdParamsSchema, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: opts.messages.updated,
      item: await opts.save(caller(req).user, req.body as z.infer<F>, req.params.id),
    }),
  });
  app.delete(`${prefix}/:id`, {
    config: { access: access(ACTION.DELETE) },
    schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
    handler: async (req) => {
      await opts.remove(caller(req).user, req.params.id);
      return { message: MSG.removalSuccess };
    },
  });
}

/** Maintenance → General: trailer types and equipment names (list, create, edit, delete). */
export const generalRoutes: RouteModule = {
  name: 'general',
  register(app, { database: { db } }) {
    const tags = ['General'];
    registerListRoute(app, db, trailerTypesList, { url: '/trailer-types/list', tags, access: types() });
    registerListRoute(app, db, equipmentNamesList, { url: '/equipment-names/list', tags });

    registerItemRoutes(app, {
      prefix: '/trailer-types',
      tags,
      access: types,
      row: TrailerTypeRowSchema,
      form: TrailerTypeFormSchema,
      saved: TrailerTypeSaveResponseSchema,
      messages: { created: MSG.savingSuccess, updated: MSG.savingSuccess },
      get: (user, id) => general.getTrailerType(db, user, id),
      save: (user, form, id) => general.saveTrailerType(db, user, form, id),
      remove: (user, id) => general.deleteTrailerType(db, user, id),
    });
    registerItemRoutes(app, {
      prefix: '/equipment-names',
      tags,
      access: can,
      row: EquipmentNameRowSchema,
      form: EquipmentNameFormSchema,
      saved: EquipmentNameSaveResponseSchema,
      messages: { created: MSG.createdSelectItem, updated: MSG.editSelectItem },
      get: (user, id) => general.getEquipmentName(db, user, id),
      save: (user, form, id) => general.saveEquipmentName(db, user, form, id),
      remove: (user, id) => general.deleteEquipmentName(db, user, id),
    });
  },
};
