import { ACTION, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  EquipmentNameFormSchema,
  EquipmentNameRowSchema,
  EquipmentNameSaveResponseSchema,
  TrailerTypeFormSchema,
  TrailerTypeRowSchema,
  TrailerTypeSaveResponseSchema,
} from '@backhaul/shared/modules/general/general.contract';
import { IdParamsSchema } from '@backhaul/shared/modules/units/units.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { equipmentNamesList, trailerTypesList } from './general.list';
import * as general from './general.service';

const can = (action?: number) => ({ section: SECTION.General, ...(action ? { action } : {}) });
/** Trailer types are also their own permission section (76). */
const types = (action?: number) => ({
  anyOf: [can(action), { section: SECTION.TrailerTypes, ...(action ? { action } : {}) }],
});

/** Maintenance → General: trailer types and equipment names (list, create, edit, delete). */
export const generalRoutes: RouteModule = {
  name: 'general',
  register(app, { database: { db } }) {
    const tags = ['General'];
    registerListRoute(app, db, trailerTypesList, { url: '/trailer-types/list', tags, access: types() });
    registerListRoute(app, db, equipmentNamesList, { url: '/equipment-names/list', tags });

    app.get('/trailer-types/:id/edit', {
      config: { access: types() },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ item: TrailerTypeRowSchema }) } },
      handler: async (req) => ({ item: await general.getTrailerType(db, caller(req).user, req.params.id) }),
    });
    app.post('/trailer-types', {
      config: { access: types(ACTION.CREATE) },
      schema: { tags, body: TrailerTypeFormSchema, response: { 200: TrailerTypeSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        item: await general.saveTrailerType(db, caller(req).user, req.body),
      }),
    });
    app.put('/trailer-types/:id', {
      config: { access: types(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: TrailerTypeFormSchema,
        response: { 200: TrailerTypeSaveResponseSchema },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        item: await general.saveTrailerType(db, caller(req).user, req.body, req.params.id),
      }),
    });
    app.delete('/trailer-types/:id', {
      config: { access: types(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await general.deleteTrailerType(db, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    app.get('/equipment-names/:id/edit', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ item: EquipmentNameRowSchema }) } },
      handler: async (req) => ({ item: await general.getEquipmentName(db, caller(req).user, req.params.id) }),
    });
    app.post('/equipment-names', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: EquipmentNameFormSchema, response: { 200: EquipmentNameSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.createdSelectItem,
        item: await general.saveEquipmentName(db, caller(req).user, req.body),
      }),
    });
    app.put('/equipment-names/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: EquipmentNameFormSchema,
        response: { 200: EquipmentNameSaveResponseSchema },
      },
      handler: async (req) => ({
        message: MSG.editSelectItem,
        item: await general.saveEquipmentName(db, caller(req).user, req.body, req.params.id),
      }),
    });
    app.delete('/equipment-names/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await general.deleteEquipmentName(db, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });
  },
};
