import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import {
  DriverTrailersBodySchema,
  DriverTrailersResponseSchema,
  TruckCreateQuerySchema,
  TruckCreateResponseSchema,
  TruckEditResponseSchema,
  TruckFormSchema,
  TruckSaveResponseSchema,
} from '@backhaul/shared/modules/trucks/trucks.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { withSpecFilterNames } from '../units/units.list';
import { registerUnitRoutes, registerUnitSaveRoutes } from '../units/units.routes';
import { truckEquipmentList, trucksList, trucksLog } from './trucks.list';
import * as trucksService from './trucks.service';

const can = (action?: number | number[]) => ({ section: SECTION.Trucks, ...(action ? { action } : {}) });

/** Maintenance → Trucks: every Trucks call of the register (001 §7) plus the change log. */
export const trucksRoutes: RouteModule = {
  name: 'trucks',
  register(app, { database: { db } }) {
    const tags = ['Trucks'];
    // The list (the spec's filter_<column> names accepted, 001 §3), its GET forms, filters and change log.
    registerRegistryListRoutes(app, db, {
      prefix: '/trucks',
      list: trucksList,
      changeLog: trucksLog,
      tags,
      body: withSpecFilterNames,
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
    registerUnitSaveRoutes(app, {
      prefix: '/trucks',
      section: SECTION.Trucks,
      tags,
      key: 'truck',
      form: TruckFormSchema,
      saved: TruckSaveResponseSchema,
      create: (user, form) => trucksService.createTruck(db, user, form),
      update: (user, id, form) => trucksService.updateTruck(db, user, id, form),
      remove: (user, id) => trucksService.deleteTruck(db, user, id),
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
