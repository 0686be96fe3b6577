import { ACTION, MSG, SECTION } from '@backhaul/shared';
import {
  DriverTrailersBodySchema,
  DriverTrailersResponseSchema,
  TruckCreateQuerySchema,
  TruckCreateResponseSchema,
  TruckEditResponseSchema,
  TruckFormSchema,
  TruckSaveResponseSchema,
} from '@backhaul/shared/modules/trucks/trucks.contract';
import { IdParamsSchema, MessageResponseSchema } from '@backhaul/shared/modules/units/units.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { runList } from '../../platform/list/run-list';
import { withSpecFilterNames } from '../units/units.list';
import { registerUnitRoutes } from '../units/units.routes';
import { truckEquipmentList, trucksList, trucksLog } from './trucks.list';
import * as trucksService from './trucks.service';

const can = (action?: number | number[]) => ({ section: SECTION.Trucks, ...(action ? { action } : {}) });

/** Maintenance → Trucks: every Trucks call of the register (001 §7) plus the change log. */
export const trucksRoutes: RouteModule = {
  name: 'trucks',
  register(app, { database: { db } }) {
    const tags = ['Trucks'];
    // The list, with the spec's filter_<column> names accepted (001 §3).
    app.post('/trucks/list', {
      config: { access: can() },
      schema: { tags, body: z.unknown() },
      handler: async (req) => runList(db, trucksList, caller(req).user, withSpecFilterNames(req.body)),
    });
    // GET /trucks and /trucks/list: the first page with the defaults ("GET or POST", 001 §7).
    for (const url of ['/trucks', '/trucks/list']) {
      app.get(url, {
        config: { access: can() },
        schema: { tags },
        handler: async (req) => runList(db, trucksList, caller(req).user, {}),
      });
    }
    app.post('/trucks/filters', {
      config: { access: can() },
      schema: { tags, body: z.unknown() },
      handler: async (req) => ({ filter: (await runList(db, trucksList, caller(req).user, { limit: 1 })).filter }),
    });
    // Actions history needs both edit and view (001 §6).
    registerListRoute(app, db, trucksLog, {
      url: '/trucks/filterLogs',
      tags,
      access: { ...can([ACTION.EDIT, ACTION.VIEW]), match: 'all' },
    });

    app.get('/trucks/create', {
      config: { access: can([ACTION.CREATE, ACTION.EDIT]) },
      schema: { tags, querystring: TruckCreateQuerySchema, response: { 200: TruckCreateResponseSchema } },
      handler: async (req) => ({
        options: await trucksService.truckOptions(db, caller(req).user, req.query.customer_id),
      }),
    });
    app.post('/trucks/getDriverTrailers', {
      config: { access: can() },
      schema: { tags, body: DriverTrailersBodySchema.optional(), response: { 200: DriverTrailersResponseSchema } },
      handler: async (req) => trucksService.driverTrailers(db, caller(req).user, req.body?.customer_id),
    });
    app.get('/trucks/:id/edit', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: TruckEditResponseSchema } },
      handler: async (req) => {
        const user = caller(req).user;
        const truck = await trucksService.getTruck(db, user, req.params.id);
        return { truck, options: await trucksService.truckOptions(db, user, truck.customer_id) };
      },
    });
    app.post('/trucks', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: TruckFormSchema, response: { 200: TruckSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        truck: await trucksService.createTruck(db, caller(req).user, req.body),
      }),
    });
    app.put('/trucks/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, body: TruckFormSchema, response: { 200: TruckSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        truck: await trucksService.updateTruck(db, caller(req).user, req.params.id, req.body),
      }),
    });
    app.delete('/trucks/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
      handler: async (req) => {
        await trucksService.deleteTruck(db, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    registerUnitRoutes(app, db, {
      prefix: '/trucks',
      section: SECTION.Trucks,
      kind: trucksService.truckKind,
      equipmentList: truckEquipmentList,
      changeAssignment: (user, body) => trucksService.assignTruck(db, user, body),
    });
  },
};
