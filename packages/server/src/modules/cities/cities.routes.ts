import { SECTION } from '@backhaul/shared';
import {
  CITY_ROUTES,
  CityLookupBodySchema,
  CityLookupResponseSchema,
} from '@backhaul/shared/modules/cities/cities.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { citiesList } from './cities.list';
import { cityRecord } from './cities.record';
import * as citiesService from './cities.service';

/** The /{section} pattern for cities (list, one, create, edit, delete) plus the POST /cities lookup. */
export const citiesRoutes: RouteModule = {
  name: 'cities',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Cities'];
    registerListRoute(app, db, citiesList, { url: '/cities/list', tags });
    // "GET or POST /{section}/list": the GET form answers the default first page (POST /cities is the lookup).
    registerListRoute(app, db, citiesList, { url: '/cities/list', method: 'GET', tags });

    app.post('/cities', {
      config: {
        access: { anyOf: [{ section: SECTION.Cities }, { section: SECTION.Trips }, { section: SECTION.Dispatch }] },
      },
      schema: { tags, body: CityLookupBodySchema.optional(), response: { 200: CityLookupResponseSchema } },
      handler: async (req) => ({
        cities: await citiesService.lookupCities(db, caller(req).user, CityLookupBodySchema.parse(req.body ?? {})),
      }),
    });

    registerRecordRoutes(app, deps, cityRecord, {
      tags,
      key: 'city',
      routes: CITY_ROUTES,
    });
  },
};
