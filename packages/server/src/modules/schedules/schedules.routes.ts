import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import {
  ScheduleActionBodySchema,
  ScheduleFormOptionsSchema,
  ScheduleFormSchema,
  ScheduleLinkSchema,
  ScheduleLoadBodySchema,
  ScheduleLoadSavedSchema,
  ScheduleResponseSchema,
  ScheduleSavedSchema,
  ScheduleSendBodySchema,
} from '@backhaul/shared/modules/schedules/schedules.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { provideLoadSchedule } from '../short-payments';
import { schedulesList } from './schedules.list';
import * as send from './schedules.send';
import * as service from './schedules.service';

const can = (action?: number | number[]) => ({ section: SECTION.Schedules, ...(action ? { action } : {}) });

/**
 * Accounting → Schedules (001 §7): factoring schedules, their loads and what factoring paid.
 * Settings are the generic POST /schedules/settings (list key "schedules").
 */
export const schedulesRoutes: RouteModule = {
  name: 'schedules',
  register(app, { database: { db }, files, mailer }) {
    provideLoadSchedule(service.scheduleOfLoad);
    const tags = ['Schedules'];
    registerListRoute(app, db, schedulesList, { url: '/schedules', method: 'GET', access: can(), tags });
    registerListRoute(app, db, schedulesList, { url: '/schedules/list', tags });

    // Static paths before /:id.
    app.get('/schedules/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, response: { 200: ScheduleFormOptionsSchema } },
      handler: (req) => service.formOptions(db, caller(req).user, null),
    });

    app.get('/schedules/:id', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: ScheduleResponseSchema } },
      handler: async (req) => ({
        schedule: await service.getSchedule(db, caller(req).user, req.params.id),
        load_files: await service.scheduleFiles(db, caller(req), req.params.id),
      }),
    });

    app.get('/schedules/:id/edit', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, response: { 200: ScheduleFormOptionsSchema } },
      handler: (req) => service.formOptions(db, caller(req).user, req.params.id),
    });

    app.post('/schedules', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: ScheduleFormSchema, response: { 200: ScheduleSavedSchema } },
      handler: (req) => service.createSchedule(db, caller(req).user, req.body),
    });

    app.put('/schedules/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, body: ScheduleFormSchema, response: { 200: ScheduleSavedSchema } },
      handler: (req) => service.updateSchedule(db, caller(req).user, req.params.id, req.body),
    });

    app.post('/schedules/download/:id', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: ScheduleLinkSchema } },
      handler: (req) => send.downloadSchedule(db, files, caller(req).user, req.params.id),
    });

    app.post('/schedules/send/:id', {
      config: { access: can(ACTION.SEND) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ScheduleSendBodySchema,
        response: { 200: z.object({ message: z.string(), mail_id: z.number().int(), status: z.string() }) },
      },
      handler: (req) => send.sendSchedule(db, { files, mailer }, caller(req).user, req.params.id, req.body),
    });

    app.post('/schedules/action/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, body: ScheduleActionBodySchema, response: { 200: ScheduleSavedSchema } },
      handler: (req) => service.recordAction(db, caller(req).user, req.params.id, req.body.action_text),
    });

    app.post('/schedules/load/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ScheduleLoadBodySchema,
        response: { 200: ScheduleLoadSavedSchema },
      },
      handler: (req) => service.setLoadAmount(db, caller(req).user, req.params.id, req.body),
    });
  },
};
