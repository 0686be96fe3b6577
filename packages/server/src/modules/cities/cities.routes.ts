import { ACTION, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  CityFormSchema,
  CityLookupBodySchema,
  CityLookupResponseSchema,
  CityResponseSchema,
  CitySaveResponseSchema,
} from '@backhaul/shared/modules/cities/cities.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { citiesList } from './cities.list';
import * as citiesService from './cities.service';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const can = (action?: number) => ({ section: SECTION.Cities, ...(action ? { action } : {}) });

/** The /{section} pattern for cities (list, one, create, edit, delete) plus the POST /cities lookup. */
export const citiesRoutes: RouteModule = {
  name: 'cities',
  register(app, { database: { db } }) {
    const tags = ['Cities'];
    registerListRoute(app, db, citiesList, { url: '/cities/list', tags });
    // "GET or POST /{section}/list": the GET form answers the default first page (POST /cities is the lookup).
    registerListRoute(app, db, citiesList, { url: '/cities/list', method: 'GET', tags });

    app.post('/cities', {
      config: { access: { anyOf: [can(), { section: SECTION.Trips }, { section: SECTION.Dispatch }] } },
      schema: { tags, body: CityLookupBodySchema.optional(), response: { 200: CityLookupResponseSchema } },
      handler: async (req) => ({
        cities: await citiesService.lookupCities(db, caller(req).user, CityLookupBodySchema.parse(req.body ?? {})),
      }),
    });

    app.get('/cities/:id', {
      config: { access: can() },
      schema: { tags, params: IdParams, response: { 200: CityResponseSchema } },
      handler: async (req) => ({ city: await citiesService.getCity(db, req.params.id) }),
    });

    app.post('/cities/new', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: CityFormSchema, response: { 200: CitySaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        city: await citiesService.createCity(db, caller(req).user, req.body),
      }),
    });

    app.post('/cities/update/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParams, body: CityFormSchema, response: { 200: CitySaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        city: await citiesService.updateCity(db, caller(req).user, req.params.id, req.body),
      }),
    });

    app.delete('/cities/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParams, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await citiesService.deleteCity(db, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });
  },
};
