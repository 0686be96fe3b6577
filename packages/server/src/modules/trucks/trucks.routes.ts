import { ACTION, SECTION } from '@backhaul/shared';
import {
  DriverTrailersBodySchema,
  DriverTrailersResponseSchema,
  TRUCK_ROUTES,
  TruckCreateQuerySchema,
  TruckCreateResponseSchema,
} from '@backhaul/shared/modules/trucks/trucks.contract';
import { sql } from 'drizzle-orm';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { customerLinks } from '../customers';
import { haulerNumber } from '../trailers';
import { registerUnitRoutes, withSpecFilterNames } from '../units';
import { truckEquipmentList, trucksList, trucksLog } from './trucks.list';
import { truckRecord } from './trucks.record';
import * as trucksService from './trucks.service';

const can = (action?: number | number[]) => ({ section: SECTION.Trucks, ...(action ? { action } : {}) });

/** Maintenance → Trucks: every Trucks call of the register (001 §7) plus the change log. */
export const trucksRoutes: RouteModule = {
  name: 'trucks',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Trucks'];
    // A customer's card counts its trucks.
    customerLinks.register('trucks', (id) => sql`select count(*) from trucks t where t.customer_id = ${id}`);
    // Trailers show the truck hauling them.
    haulerNumber.provide(
      (trailerId, companyId) =>
        sql`select t.truck_number from trucks t where t.trailer_id = ${trailerId} and t.company_id = ${companyId}
          order by t.id limit 1`,
    );
    // The list (the spec's filter_<column> names accepted, 001 §3), its GET forms, filters and change log.
    registerRegistryListRoutes(app, db, {
      prefix: '/trucks',
      list: trucksList,
      changeLog: trucksLog,
      tags,
      body: withSpecFilterNames,
    });

    app.post('/trucks/getDriverTrailers', {
      config: { access: can() },
      schema: { tags, body: DriverTrailersBodySchema.optional(), response: { 200: DriverTrailersResponseSchema } },
      handler: async (req) => trucksService.driverTrailers(db, caller(req).user, req.body?.customer_id),
    });
    // GET /trucks/create (8 or 9; customer_id narrows drivers and trailers), GET /trucks/:id/edit (the section),
    // POST /trucks (8), PUT /trucks/:id (9), DELETE /trucks/:id (11).
    registerRecordRoutes(app, deps, truckRecord, {
      tags,
      key: 'truck',
      routes: TRUCK_ROUTES,
      access: { createForm: can([ACTION.CREATE, ACTION.EDIT]), editForm: can() },
      forms: {
        query: TruckCreateQuerySchema,
        options: async ({ user, row, query }) => ({
          options: await trucksService.truckOptions(db, user, row ? row.customer_id : query.customer_id),
        }),
        optionsSchema: TruckCreateResponseSchema,
      },
    });

    registerUnitRoutes(app, deps, {
      prefix: '/trucks',
      section: SECTION.Trucks,
      kind: trucksService.truckKind,
      equipmentList: truckEquipmentList,
      changeAssignment: (user, body) => trucksService.assignTruck(db, user, body),
    });
  },
};
