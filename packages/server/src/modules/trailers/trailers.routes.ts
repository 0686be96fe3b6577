import { ACTION, SECTION } from '@backhaul/shared';
import {
  TRAILER_ROUTES,
  TrailerCreateQuerySchema,
  TrailerCreateResponseSchema,
  TrailerInfoQuerySchema,
  TrailerInfoResponseSchema,
} from '@backhaul/shared/modules/trailers/trailers.contract';
import { sql } from 'drizzle-orm';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { customerLinks } from '../customers';
import { trailerTypeUses } from '../general';
import { registerUnitRoutes, trailerNumber, withSpecFilterNames } from '../units';
import { trailerEquipmentList, trailersList, trailersLog } from './trailers.list';
import { trailerRecord } from './trailers.record';
import * as trailersService from './trailers.service';

const can = (action?: number | number[]) => ({ section: SECTION.Trailers, ...(action ? { action } : {}) });

/** Maintenance → Trailers: every Trailers call of the register (001 §7) plus the change log. */
export const trailersRoutes: RouteModule = {
  name: 'trailers',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Trailers'];
    // What points at a customer and at a trailer type: the customer's card and General count them.
    customerLinks.register('trailers', (id) => sql`select count(*) from trailers t where t.customer_id = ${id}`);
    trailerTypeUses.register('trailers', (id) => sql`select count(*) from trailers t where t.trailer_type_id = ${id}`);
    // Units name the trailer on a truck in its assignment history.
    trailerNumber.provide(
      (id, companyId) =>
        sql`select t.trailer_number from trailers t where t.id = ${id} and t.company_id = ${companyId}`,
    );
    // The list (the spec's filter_<column> names accepted, 001 §3), its GET forms, filters and change log.
    registerRegistryListRoutes(app, db, {
      prefix: '/trailers',
      list: trailersList,
      changeLog: trailersLog,
      tags,
      body: withSpecFilterNames,
    });

    app.get('/trailers/getTrailerInfo', {
      config: { access: { anyOf: [can(), { section: SECTION.Trucks }] } },
      schema: { tags, querystring: TrailerInfoQuerySchema, response: { 200: TrailerInfoResponseSchema } },
      handler: async (req) => trailersService.trailerInfo(db, caller(req).user, req.query),
    });
    registerRecordRoutes(app, deps, trailerRecord, {
      tags,
      key: 'trailer',
      routes: TRAILER_ROUTES,
      access: { createForm: can([ACTION.CREATE, ACTION.EDIT]), editForm: can() },
      forms: {
        query: TrailerCreateQuerySchema,
        options: async ({ user }) => ({ options: await trailersService.trailerOptions(db, user) }),
        optionsSchema: TrailerCreateResponseSchema,
      },
    });

    registerUnitRoutes(app, deps, {
      prefix: '/trailers',
      section: SECTION.Trailers,
      kind: trailersService.trailerKind,
      equipmentList: trailerEquipmentList,
      changeAssignment: (user, body) => trailersService.assignTrailer(db, user, body),
    });
  },
};
