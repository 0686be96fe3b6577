import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import { ExportBodySchema, ExportResponseSchema } from '@backhaul/shared/list/list.contract';
import {
  EXPIRING_LIVE_TOPIC,
  ExpiringResponseSchema,
  QUALIFICATION_FILE_ENTITY,
  QUALIFICATION_ROUTES,
  QualificationFileResponseSchema,
  SafetyGeneralSchema,
  ScoreParamsSchema,
  ScoreTrendSchema,
} from '@backhaul/shared/modules/safety/qualification.contract';
import {
  DriverOptionSchema,
  MotivationHomeSchema,
  MotivationListBodySchema,
  MotivationListSchema,
  MotivationMonthSchema,
  MotivationParamsSchema,
  SAFETY_EXCEPTION_ROUTES,
  SafetyAccessSchema,
  SafetyActionBodySchema,
  SafetyActionParamsSchema,
  SafetyActionSavedSchema,
  SafetyCustomerFilterSchema,
  SafetyDayParamsSchema,
  SafetyDaySchema,
  SafetyExceptionCommentBodySchema,
  SafetyExceptionFormSchema,
  SafetyExceptionListSchema,
  SafetyExceptionPostBodySchema,
  SafetyExceptionQuerySchema,
  SafetyExceptionSavedSchema,
  SafetyExceptionUpdateBodySchema,
  SafetyHoursBodySchema,
  SafetyMonthActionsSchema,
  SafetyMonthBodySchema,
  SafetyOptionsSchema,
  SafetySaveBodySchema,
  SafetySavedSchema,
  SafetyStatisticsBodySchema,
  SafetyStatisticsSchema,
  SafetyStatusBodySchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import { sectionFileAccess } from '../../platform/files/file-entities';
import type { RouteModule } from '../../platform/http/types';
import { exportDefinedList, registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { qualificationDueOn } from '../drivers';
import { registerDueSource } from '../expiry-digest';
import { cachedExpiring, matchesEtag } from './expiring-cache';
import { logbooksList } from './logbooks.list';
import * as motivation from './motivation.service';
import * as qualification from './qualification.service';
import { safetyChangeLog, safetyList } from './safety.list';
import { driverQualificationItems } from './safety.table';
import * as actions from './safety-actions.service';
import { safetyExceptionRecord } from './safety-exceptions.record';
import * as exceptions from './safety-exceptions.service';
import * as overview from './safety-overview.service';
import * as table from './safety-table.service';

const safety = (action?: number | number[]) => ({ section: SECTION.Safety, ...(action ? { action } : {}) });
const logbooks = (action?: number | number[]) => ({ section: SECTION.Logbooks, ...(action ? { action } : {}) });

/** Safety (001 §7): exceptions, the driver actions calendar and the logbook. */
export const safetyRoutes: RouteModule = {
  name: 'safety',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Safety'];
    // The drivers list shows each driver's next qualification due date (this module's file).
    qualificationDueOn.provide(
      (
        driverId,
      ) => sql`select min(q.expires_on) from (select distinct on (kind) expires_on from driver_qualification_items
        where driver_id = ${driverId} order by kind, performed_on desc, id desc) q`,
    );

    // ——— Safety exceptions ———
    app.get('/safety-exception', {
      config: { access: safety() },
      schema: { tags, querystring: SafetyExceptionQuerySchema, response: { 200: SafetyExceptionListSchema } },
      handler: (req) => exceptions.listExceptions(db, caller(req).user, req.query),
    });
    // Adding needs create (8); a comment on an exception needs edit (9): checked per body.
    app.post('/safety-exception', {
      config: { access: safety([ACTION.CREATE, ACTION.EDIT]) },
      schema: { tags, body: SafetyExceptionPostBodySchema, response: { 200: SafetyExceptionSavedSchema } },
      handler: async (req) => {
        const auth = caller(req);
        if (req.body.exception_id) {
          const comment = SafetyExceptionCommentBodySchema.parse(req.body);
          actions.requireGrant(auth.grants, safety(ACTION.EDIT));
          return exceptions.commentException(db, auth.user, comment.exception_id, comment.comment);
        }
        actions.requireGrant(auth.grants, safety(ACTION.CREATE));
        return exceptions.addException(db, auth.user, SafetyExceptionFormSchema.parse(req.body));
      },
    });
    app.put('/safety-exception/:id', {
      config: { access: safety(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SafetyExceptionUpdateBodySchema,
        response: { 200: SafetyExceptionSavedSchema },
      },
      handler: (req) => exceptions.updateException(db, caller(req).user, req.params.id, req.body),
    });
    registerRecordRoutes(app, deps, safetyExceptionRecord, {
      tags,
      key: 'exception',
      routes: SAFETY_EXCEPTION_ROUTES,
      forms: {
        options: async ({ db, user }) => ({ drivers: await exceptions.driverChoices(db, user) }),
        optionsSchema: z.object({ drivers: z.array(DriverOptionSchema) }),
      },
    });

    // ——— Driver actions (the safety calendar) ———
    const ACTS = [ACTION.CREATE, ACTION.EDIT, ACTION.DELETE];
    app.post('/safety/:driver_id/:date', {
      config: { access: { anyOf: [safety(ACTS), logbooks(ACTS)] } },
      schema: {
        tags,
        params: SafetyActionParamsSchema,
        body: SafetyActionBodySchema,
        response: { 200: SafetyActionSavedSchema },
      },
      handler: (req) =>
        actions.saveDayAction(db, caller(req).user, {
          driverId: req.params.driver_id,
          date: req.params.date,
          body: req.body,
        }),
    });
    app.get('/safety/:id/:date', {
      config: { access: { anyOf: [safety(), logbooks()] } },
      schema: { tags, params: SafetyDayParamsSchema, response: { 200: SafetyDaySchema } },
      handler: (req) => actions.dayActions(db, caller(req).user, req.params.id, req.params.date),
    });
    app.post('/safety/action', {
      config: { access: { anyOf: [safety(), logbooks()] } },
      schema: { tags, body: SafetyMonthBodySchema, response: { 200: SafetyMonthActionsSchema } },
      handler: (req) =>
        actions.monthActions(db, caller(req).user, req.body.driver_id, req.body.month ?? clock.today().slice(0, 7)),
    });

    app.get('/safety/create', {
      config: { access: { anyOf: [safety(), logbooks()] } },
      schema: { tags, response: { 200: SafetyOptionsSchema } },
      handler: (req) => actions.safetyOptions(db, caller(req).user),
    });

    // ——— The safety/driver table ———
    registerRegistryListRoutes(app, db, {
      prefix: '/safety',
      list: safetyList,
      changeLog: safetyChangeLog,
      tags,
      postUrls: ['/safety', '/safety/list'],
      getUrls: [],
    });
    app.post('/safety/export', {
      config: { access: safety(ACTION.EXPORT) },
      schema: { tags, body: ExportBodySchema, response: { 200: ExportResponseSchema } },
      handler: (req) =>
        exportDefinedList({ db, exports: deps.exports, def: safetyList, user: caller(req).user, body: req.body }),
    });
    app.post('/safety/customerFilter', {
      config: { access: safety() },
      schema: { tags, response: { 200: SafetyCustomerFilterSchema } },
      handler: (req) => table.safetyCustomers(db, caller(req).user),
    });
    app.get('/safety/access/:id', {
      config: { access: safety() },
      schema: { tags, params: IdParamsSchema, response: { 200: SafetyAccessSchema } },
      handler: (req) => table.safetyAccess(db, caller(req).user, req.params.id),
    });
    app.post('/safety/statistics', {
      config: { access: safety() },
      schema: { tags, body: SafetyStatisticsBodySchema.optional(), response: { 200: SafetyStatisticsSchema } },
      handler: (req) => table.safetyMonthStatistics(db, caller(req).user, req.body?.month ?? clock.today().slice(0, 7)),
    });
    app.post('/safety/status', {
      config: { access: safety(ACTION.EDIT) },
      schema: { tags, body: SafetyStatusBodySchema, response: { 200: SafetySavedSchema } },
      handler: (req) => table.saveSafetyDriver(db, caller(req).user, req.body.driver_id, { status: req.body.status }),
    });
    app.post('/safety/hours', {
      config: { access: safety(ACTION.EDIT) },
      schema: { tags, body: SafetyHoursBodySchema, response: { 200: SafetySavedSchema } },
      handler: (req) => table.saveSafetyDriver(db, caller(req).user, req.body.driver_id, { hours: req.body.hours }),
    });
    app.post('/safety/save', {
      config: { access: safety(ACTION.EDIT) },
      schema: { tags, body: SafetySaveBodySchema, response: { 200: SafetySavedSchema } },
      handler: (req) => {
        const { driver_id, ...changes } = req.body;
        return table.saveSafetyDriver(db, caller(req).user, driver_id, changes);
      },
    });

    // ——— Motivation programme ———
    const motivationAccess = { section: SECTION.MotivationProgramme, action: ACTION.VIEW };
    app.get('/motivation', {
      config: { access: motivationAccess },
      schema: { tags: ['Motivation programme'], response: { 200: MotivationHomeSchema } },
      handler: (req) => motivation.motivationHome(db, caller(req).user),
    });
    app.post('/motivation/show/:date', {
      config: { access: motivationAccess },
      schema: {
        tags: ['Motivation programme'],
        params: MotivationParamsSchema,
        response: { 200: MotivationMonthSchema },
      },
      handler: (req) => motivation.motivationMonth(db, caller(req).user, req.params.date),
    });
    app.post('/motivation/list', {
      config: { access: motivationAccess },
      schema: {
        tags: ['Motivation programme'],
        body: MotivationListBodySchema.optional(),
        response: { 200: MotivationListSchema },
      },
      handler: (req) =>
        motivation.motivationMonths(db, caller(req).user, MotivationListBodySchema.parse(req.body ?? {}).months),
    });

    // ——— Driver qualification file (issue 18) ———
    // Read on the driver's card by drivers and safety users; written by safety users (create 8, edit 9, delete 11).
    const card = { anyOf: [safety(), { section: SECTION.Drivers }] };
    app.get('/drivers/:id/qualification', {
      config: { access: card },
      schema: { tags, params: IdParamsSchema, response: { 200: QualificationFileResponseSchema } },
      handler: (req) => qualification.qualificationFile(db, caller(req).user, req.params.id),
    });
    // The header's Expiring badge hears of every saved or deleted item on the live channel and reads
    // again (fresh: other API processes may still keep the old answer for up to a minute).
    deps.live.registerTopic(EXPIRING_LIVE_TOPIC, SECTION.Safety);
    registerRecordRoutes(app, deps, qualification.qualificationRecord, {
      tags,
      key: 'item',
      routes: QUALIFICATION_ROUTES,
      access: { get: card },
      liveTopic: EXPIRING_LIVE_TOPIC,
    });
    // An item's files: the safety section's file actions (drivers users may look), on the caller's company's items.
    const fileRule = sectionFileAccess(SECTION.Safety);
    const driverFiles = sectionFileAccess(SECTION.Drivers);
    deps.files.registerEntity(QUALIFICATION_FILE_ENTITY, {
      view: async (auth, id) =>
        ((await fileRule.view(auth, id)) || (await driverFiles.view(auth, id))) &&
        qualification.itemVisible(db, auth.user, id),
      upload: async (auth, id) =>
        Boolean(await fileRule.upload?.(auth, id)) && qualification.itemVisible(db, auth.user, id),
      remove: async (auth, id) =>
        Boolean(await fileRule.remove?.(auth, id)) && qualification.itemVisible(db, auth.user, id),
      // An item's files go with it (its DELETE, or the nightly sweep for an item deleted another way).
      owner: driverQualificationItems,
    });
    // Each item's expiry in the daily digest and every reader of collectDueItems (the Expiring soon view).
    registerDueSource('driver-qualification', qualification.qualificationDueItems);

    // ——— Expiring soon, the score trend and the overview (issue 18) ———
    // The header badge's count, on every screen: kept per company for a minute (expiring-cache.ts),
    // with an ETag, so a repeated call is a lookup and, when nothing changed, a 304 without a body.
    app.get('/safety/expiring', {
      config: { access: safety() },
      schema: { tags, response: { 200: ExpiringResponseSchema, 304: z.null().describe('Not modified (ETag)') } },
      handler: async (req, reply) => {
        const user = caller(req).user;
        // `Cache-Control: no-cache` (a page that must show a change made a moment ago) reads again.
        const fresh = /no-cache/i.test(String(req.headers['cache-control'] ?? req.headers.pragma ?? ''));
        const { body, etag } = await cachedExpiring(db, user, (today) => overview.expiringItems(db, user, today), {
          fresh,
        });
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
        return body;
      },
    });
    app.get('/safety/score/:driver_id', {
      config: { access: card },
      schema: { tags, params: ScoreParamsSchema, response: { 200: ScoreTrendSchema } },
      handler: (req) => overview.scoreTrend(db, caller(req).user, req.params.driver_id),
    });
    app.post('/general', {
      config: { access: safety() },
      schema: { tags, response: { 200: SafetyGeneralSchema } },
      handler: (req) => overview.safetyGeneral(db, caller(req).user),
    });

    // ——— Logbooks ———
    registerListRoute(app, db, logbooksList, { url: '/logbooks/list', tags: ['Logbooks'] });
  },
};
