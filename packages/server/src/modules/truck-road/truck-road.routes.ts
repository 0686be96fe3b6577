import { ACTION, SECTION } from '@backhaul/shared';
import { ExportBodySchema, ExportResponseSchema } from '@backhaul/shared/list/list.contract';
import {
  TRUCK_ROAD_BASE,
  TRUCK_ROAD_ROUTES,
  TruckRoadApproveBodySchema,
  TruckRoadCountSchema,
  TruckRoadDayBodySchema,
  TruckRoadOptionsSchema,
  TruckRoadRecipientsSchema,
  TruckRoadReportParamsSchema,
  TruckRoadReportSchema,
  TruckRoadSavedSchema,
  TruckRoadSendBodySchema,
  TruckRoadSentSchema,
  TruckRoadStartSchema,
} from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { exportDefinedList, registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { provideTruckRoadRecipients } from '../settings';
import { truckRoadList } from './truck-road.list';
import { truckRoadRecord } from './truck-road.record';
import * as service from './truck-road.service';

const tags = ['Trucks on the road'];
const section = SECTION.TrucksOnTheRoad;
const view = { section };
const edit = { section, action: ACTION.EDIT };

/**
 * The register's 13 calls (001 §7), plus the day's report behind the signed link of its mail:
 * GET /truck-road/report/:company/:date answers a session holding the section, or anyone with a
 * valid, unexpired link (docs/ARCHITECTURE.md, Shop).
 */
export const truckRoadRoutes: RouteModule = {
  name: 'truck-road',
  register(app, deps) {
    provideTruckRoadRecipients({ read: service.recipients, replace: service.replaceRecipients });
    const { db } = deps.database;
    const day = (date?: string) => date ?? clock.today();

    app.get(TRUCK_ROAD_BASE, {
      config: { access: view },
      schema: { tags, response: { 200: TruckRoadStartSchema } },
      handler: (req) => service.start(db, caller(req).user),
    });
    registerListRoute(app, db, truckRoadList, { url: `${TRUCK_ROAD_BASE}/list`, access: view, tags });
    registerRecordRoutes(app, deps, truckRoadRecord, {
      tags,
      key: 'row',
      routes: TRUCK_ROAD_ROUTES,
      forms: { options: ({ user }) => service.options(db, user), optionsSchema: TruckRoadOptionsSchema },
      createUpdatesBy: (form: { id?: number }) => form.id,
      saved: { answer: (row, message) => ({ message, row }), schema: TruckRoadSavedSchema },
    });
    for (const [name, run] of [
      ['generate', service.generate],
      ['refresh', service.refresh],
      ['updateTrucks', service.updateTrucks],
    ] as const) {
      app.post(`${TRUCK_ROAD_BASE}/${name}`, {
        config: { access: { section, action: ACTION.CREATE } },
        schema: { tags, body: TruckRoadDayBodySchema, response: { 200: TruckRoadCountSchema } },
        handler: (req) => run(db, caller(req).user, day(req.body.date)),
      });
    }
    app.post(`${TRUCK_ROAD_BASE}/approved`, {
      config: { access: edit },
      schema: { tags, body: TruckRoadApproveBodySchema, response: { 200: TruckRoadSavedSchema } },
      handler: (req) => service.approve(db, caller(req).user, req.body),
    });
    app.get(`${TRUCK_ROAD_BASE}/send`, {
      config: { access: { section, action: ACTION.SEND } },
      schema: { tags, response: { 200: TruckRoadRecipientsSchema } },
      handler: async (req) => ({ date: day(), emails: await service.recipients(db, caller(req).user.companyId) }),
    });
    app.post(`${TRUCK_ROAD_BASE}/send`, {
      config: { access: { section, action: ACTION.SEND } },
      schema: { tags, body: TruckRoadSendBodySchema, response: { 200: TruckRoadSentSchema } },
      handler: (req) =>
        service.send(
          db,
          { mailer: deps.mailer, links: deps.links, publicUrl: deps.config.publicUrl },
          caller(req).user,
          req.body,
        ),
    });
    app.post(`${TRUCK_ROAD_BASE}/export`, {
      config: { access: { section, action: ACTION.EXPORT } },
      schema: { tags, body: ExportBodySchema, response: { 200: ExportResponseSchema } },
      handler: (req) =>
        exportDefinedList({
          db,
          exports: deps.exports,
          def: truckRoadList,
          user: caller(req).user,
          body: req.body,
          name: 'trucks-on-the-road',
        }),
    });
    app.get(`${TRUCK_ROAD_BASE}/report/:company/:date`, {
      config: { access: view, signedLinks: true },
      schema: { tags, params: TruckRoadReportParamsSchema, response: { 200: TruckRoadReportSchema } },
      handler: async (req) => {
        const { company, date } = req.params;
        if (req.signedLink) return service.dayReport(db, company, date, req.signedLink.expiresAt);
        if (caller(req).user.companyId !== company) throw AppError.notFound();
        return service.dayReport(db, company, date, null);
      },
    });
  },
};
