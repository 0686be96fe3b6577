import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import {
  TrailerCreateQuerySchema,
  TrailerCreateResponseSchema,
  TrailerEditResponseSchema,
  TrailerFormSchema,
  TrailerInfoQuerySchema,
  TrailerInfoResponseSchema,
  TrailerSaveResponseSchema,
} from '@backhaul/shared/modules/trailers/trailers.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { withSpecFilterNames } from '../units/units.list';
import { registerUnitRoutes, registerUnitSaveRoutes } from '../units/units.routes';
import { trailerEquipmentList, trailersList, trailersLog } from './trailers.list';
import * as trailersService from './trailers.service';

const can = (action?: number | number[]) => ({ section: SECTION.Trailers, ...(action ? { action } : {}) });

/** Maintenance → Trailers: every Trailers call of the register (001 §7) plus the change log. */
export const trailersRoutes: RouteModule = {
  name: 'trailers',
  register(app, { database: { db } }) {
    const tags = ['Trailers'];
    // The list (the spec's filter_<column> names accepted, 001 §3), its GET forms, filters and change log.
    registerRegistryListRoutes(app, db, {
      prefix: '/trailers',
      list: trailersList,
      changeLog: trailersLog,
      tags,
      body: withSpecFilterNames,
    });

    app.get('/trailers/create', {
      config: { access: can([ACTION.CREATE, ACTION.EDIT]) },
      schema: { tags, querystring: TrailerCreateQuerySchema, response: { 200: TrailerCreateResponseSchema } },
      handler: async (req) => ({ options: await trailersService.trailerOptions(db, caller(req).user) }),
    });
    app.get('/trailers/getTrailerInfo', {
      config: { access: { anyOf: [can(), { section: SECTION.Trucks }] } },
      schema: { tags, querystring: TrailerInfoQuerySchema, response: { 200: TrailerInfoResponseSchema } },
      handler: async (req) => trailersService.trailerInfo(db, caller(req).user, req.query),
    });
    app.get('/trailers/:id/edit', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: TrailerEditResponseSchema } },
      handler: async (req) => {
        const user = caller(req).user;
        return {
          trailer: await trailersService.getTrailer(db, user, req.params.id),
          options: await trailersService.trailerOptions(db, user),
        };
      },
    });
    registerUnitSaveRoutes(app, {
      prefix: '/trailers',
      section: SECTION.Trailers,
      tags,
      key: 'trailer',
      form: TrailerFormSchema,
      saved: TrailerSaveResponseSchema,
      create: (user, form) => trailersService.createTrailer(db, user, form),
      update: (user, id, form) => trailersService.updateTrailer(db, user, id, form),
      remove: (user, id) => trailersService.deleteTrailer(db, user, id),
    });

    registerUnitRoutes(app, db, {
      prefix: '/trailers',
      section: SECTION.Trailers,
      kind: trailersService.trailerKind,
      equipmentList: trailerEquipmentList,
      changeAssignment: (user, body) => trailersService.assignTrailer(db, user, body),
    });
  },
};
