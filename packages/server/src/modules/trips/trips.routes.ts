import { ACTION, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import { DateFilterSchema, ExportResponseSchema } from '@backhaul/shared/list/list.contract';
import {
  ConnectionBodySchema,
  LoadFormSchema,
  LoadLookupBodySchema,
  LoadLookupResponseSchema,
  LoadSaveResponseSchema,
  LocationBodySchema,
  LocationResponseSchema,
  NewLoadBodySchema,
  StatesResponseSchema,
  TripDetailViewResponseSchema,
  TripFiltersResponseSchema,
  TripFormSchema,
  TripNoteBodySchema,
  TripResponseSchema,
  TripSaveResponseSchema,
} from '@backhaul/shared/modules/trips/trips.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { exportDefinedList, registerListRoute } from '../../platform/list/list.routes';
import { loads } from './loads.table';
import { toEngineRequest, tripsDefaultFilters } from './trips.filters';
import { registerTripHolds } from './trips.holds';
import { loadsList, tripsList } from './trips.list';
import { mayHearOfTrip } from './trips.scope';
import * as tripsService from './trips.service';

const TripIdParams = z.object({ trip_id: z.coerce.number().int().min(0) });
const trips = (action?: number | number[]) => ({ section: SECTION.Trips, ...(action ? { action } : {}) });
const EDIT = trips(ACTION.CREATE_EDIT_TRIP);

/** Spec filter values or the engine's request, plus the export's columns and format. */
const ExportRequestSchema = z.looseObject({
  columns: z.array(z.string().max(64)).max(200).optional(),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/** Trips (000 §7 "Trips" and the trips exports): list, dialog data and saves, lookups. */
export const tripsRoutes: RouteModule = {
  name: 'trips',
  register(app, { database: { db }, live, exports, files }) {
    const tags = ['Trips'];
    registerTripHolds();
    // Trip and load changes reach listeners who may see Trips, each within the list's row scope.
    live.registerTopic('trips', SECTION.Trips, { visible: mayHearOfTrip });

    // The list answers the register's keys (trips …) and the engine's (sum, filter, columns);
    // /trips/list is the same list in the engine's shape (rows) for the web's DataTable.
    const list = {
      tags,
      access: trips(),
      prepare: (body: unknown) => {
        const request = toEngineRequest(body);
        const filters = request.filters as Record<string, unknown>;
        const window = filters.delivery_datetime ?? tripsDefaultFilters(filters).delivery_datetime;
        return { request, extra: { date_filter: window ?? null } };
      },
      extra: { date_filter: DateFilterSchema.nullable() },
    };
    registerListRoute(app, db, tripsList, { ...list, url: '/trips', keys: { rows: 'trips' } });
    registerListRoute(app, db, tripsList, { ...list, url: '/trips/list' });

    app.post('/trips/filters', {
      config: { access: trips() },
      schema: { tags, response: { 200: TripFiltersResponseSchema } },
      handler: async (req) => ({ filters: await tripsService.tripFilters(db, caller(req)) }),
    });

    app.get('/trips/:id', {
      config: { access: trips() },
      schema: { tags, params: IdParamsSchema, response: { 200: TripResponseSchema } },
      handler: async (req) => ({ trip: await tripsService.getTrip(db, caller(req), req.params.id) }),
    });

    // The detail view: the trip with its billing, invoices, payments and change history.
    app.get('/trips/:id/detail', {
      config: { access: trips() },
      schema: { tags, params: IdParamsSchema, response: { 200: TripDetailViewResponseSchema } },
      handler: (req) => tripsService.getTripDetailView(db, caller(req), req.params.id),
    });

    // Create (trip_id 0) or update a trip with its loads and stops.
    app.post('/trips/update/:trip_id', {
      config: { access: EDIT },
      schema: { tags, params: TripIdParams, body: TripFormSchema, response: { 200: TripSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        trip: await tripsService.saveTrip(db, live, caller(req), req.params.trip_id || null, req.body),
      }),
    });

    app.post('/trips/load', {
      config: { access: EDIT },
      schema: { tags, body: NewLoadBodySchema, response: { 200: LoadSaveResponseSchema } },
      handler: async (req) => {
        const { trip_id, ...load } = req.body;
        return { message: MSG.savingSuccess, ...(await tripsService.addLoad(db, live, caller(req), trip_id, load)) };
      },
    });

    app.post('/trips/load/:id', {
      config: { access: EDIT },
      schema: { tags, params: IdParamsSchema, body: LoadFormSchema, response: { 200: LoadSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        ...(await tripsService.updateLoad(db, live, caller(req), req.params.id, req.body)),
      }),
    });

    app.delete('/trips/load/:id', {
      config: { access: trips(ACTION.DELETE_LOAD) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await tripsService.deleteLoad(db, live, caller(req), req.params.id);
        await files.sweepOrphans({ owner: loads, id: req.params.id, actor: caller(req).user });
        return { message: MSG.removalSuccess };
      },
    });

    app.post('/trips/delete/:id', {
      config: { access: trips(ACTION.DELETE_TRIP) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await tripsService.deleteTrip(db, live, caller(req), req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    app.post('/trips/connection', {
      config: { access: EDIT },
      schema: {
        tags,
        body: ConnectionBodySchema,
        response: {
          200: z.object({ message: z.string(), connections: TripResponseSchema.shape.trip.shape.connections }),
        },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        connections: await tripsService.connectTrips(db, live, caller(req), req.body),
      }),
    });

    app.post('/trips/:id/notes', {
      config: { access: EDIT },
      schema: { tags, params: IdParamsSchema, body: TripNoteBodySchema, response: { 200: TripSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        trip: await tripsService.addNote(db, live, caller(req), req.params.id, req.body.text),
      }),
    });

    const lookup = { anyOf: [trips(), { section: SECTION.Dispatch }] };
    app.post('/location', {
      config: { access: lookup },
      schema: { tags, body: LocationBodySchema, response: { 200: LocationResponseSchema } },
      handler: async (req) => ({ location: await tripsService.findLocation(db, req.body) }),
    });

    app.post('/states', {
      config: { access: lookup },
      schema: { tags, response: { 200: StatesResponseSchema } },
      handler: async () => ({ states: await tripsService.listStates(db) }),
    });

    app.post('/filterLoads', {
      config: { access: trips() },
      schema: { tags, body: LoadLookupBodySchema.optional(), response: { 200: LoadLookupResponseSchema } },
      handler: async (req) => ({
        loads: await tripsService.lookupLoads(db, caller(req), LoadLookupBodySchema.parse(req.body ?? {})),
      }),
    });

    // Exports by fileType (000 §9): 4 → /loads/export, 5 → /trips/export, others → /trips/files.
    const exportRoute = (url: string, def: typeof tripsList, name?: string) =>
      app.post(url, {
        config: { access: trips(ACTION.EXPORT) },
        schema: { tags: ['Export'], body: ExportRequestSchema, response: { 200: ExportResponseSchema } },
        handler: async (req) => {
          const { user } = caller(req);
          const { columns, format, ...rest } = req.body;
          const request = toEngineRequest({ ...rest, order: rest.order ?? undefined });
          const { limit: _l, page: _p, with_options: _w, ...body } = request;
          return exportDefinedList({
            db,
            exports,
            def,
            user,
            body: { ...body, ...(columns ? { columns } : {}), format },
            ...(name ? { name } : {}),
          });
        },
      });
    exportRoute('/trips/export', tripsList);
    exportRoute('/loads/export', loadsList);
    exportRoute('/trips/files', tripsList, 'Trips file');
  },
};
