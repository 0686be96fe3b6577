import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/planner/planner.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { AppDeps, RouteModule } from '../../platform/http/types';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { createClientFromOrder } from './light-order-client';
import { dayOffRecord, lightOrderRecord } from './planner.record';
import * as service from './planner.service';
import * as tasks from './planner-tasks';

const tags = ['Planner'];
const section = SECTION.Planner;
const view = { section };
const edit = { section, action: ACTION.EDIT };
const create = { section, action: ACTION.CREATE };

/** Every change to the board reaches the others looking at it (live topic `planner`). */
const publish = (deps: AppDeps, companyId: number, id: number, action: string) =>
  deps.live.publish(companyId, { topic: 'planner', id, action }).catch(() => {});

/** The register's Planner (7), Light orders (6) and Day off (6) calls (001 §7). */
export const plannerRoutes: RouteModule = {
  name: 'planner',
  register(app, deps) {
    const { db } = deps.database;
    deps.live.registerTopic('planner', section);
    const options = async (companyId: number) => ({
      technicians: await service.technicians(db, companyId),
      hours: C.PLANNER_HOURS,
    });

    app.get('/planner', {
      config: { access: view },
      schema: { tags, response: { 200: C.PlannerBoardSchema } },
      handler: (req) => service.board(db, caller(req).user),
    });
    app.post('/planner/list', {
      config: { access: view },
      schema: { tags, body: C.PlannerListBodySchema, response: { 200: C.PlannerBoardSchema } },
      handler: (req) => service.board(db, caller(req).user, req.body.date),
    });
    app.post('/planner/create/list', {
      config: { access: view },
      schema: { tags, body: C.UnplannedBodySchema, response: { 200: C.UnplannedSchema } },
      handler: (req) => service.unplanned(db, caller(req).user, req.body.search),
    });
    app.get('/planner/create', {
      config: { access: create },
      schema: { tags, response: { 200: C.PlannerOptionsSchema } },
      handler: (req) => options(caller(req).user.companyId),
    });
    app.get('/planner/:id/edit', {
      config: { access: { section, action: [ACTION.EDIT, ACTION.VIEW] } },
      schema: { tags, params: IdParamsSchema, response: { 200: C.PlannerTaskEditSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        return { ...(await options(user.companyId)), row: await service.readTask(db, user, req.params.id) };
      },
    });
    app.put('/planner/:id', {
      config: { access: edit },
      schema: {
        tags,
        params: IdParamsSchema,
        body: C.PlannerTaskFormSchema,
        response: { 200: C.DragDropAnswerSchema },
      },
      handler: async (req) => {
        const { user } = caller(req);
        await tasks.updateTask(db, user, req.params.id, req.body);
        await publish(deps, user.companyId, req.params.id, 'updated');
        return { status: true, message: C.PLANNER_MSG.moved, row: await service.readTask(db, user, req.params.id) };
      },
    });
    app.post('/planner/drag-and-drop', {
      config: { access: edit },
      schema: { tags, body: C.DragDropBodySchema, response: { 200: C.DragDropAnswerSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const moved = await tasks.dragDrop(db, user, req.body);
        await publish(deps, user.companyId, moved.id, moved.action);
        return { status: true, message: C.PLANNER_MSG.moved, row: await service.readTask(db, user, moved.id) };
      },
    });

    const saved = <R>(schema: z.ZodType<R>) => ({
      answer: (row: R, message: string) => ({ message, row }),
      schema: z.object({ message: z.string(), row: schema }),
    });
    registerRecordRoutes(app, deps, lightOrderRecord, {
      tags: ['Light orders'],
      key: 'row',
      routes: C.LIGHT_ORDER_ROUTES,
      forms: { options: ({ user }) => options(user.companyId), optionsSchema: C.PlannerOptionsSchema },
      saved: saved(C.LightOrderRowSchema),
    });
    app.post('/light-order/create/client', {
      config: { access: create },
      schema: { tags: ['Light orders'], body: C.ClientFromOrderBodySchema, response: { 200: C.ClientFromOrderSchema } },
      handler: (req) => createClientFromOrder(db, caller(req).user, req.body.id),
    });
    registerRecordRoutes(app, deps, dayOffRecord, {
      tags: ['Day off'],
      key: 'row',
      routes: C.DAY_OFF_ROUTES,
      forms: { options: ({ user }) => options(user.companyId), optionsSchema: C.PlannerOptionsSchema },
      saved: saved(C.DayOffRowSchema),
    });
    // 001 §7: "GET and POST /day-off/create".
    app.post('/day-off/create', {
      config: { access: create },
      schema: { tags: ['Day off'], response: { 200: C.PlannerOptionsSchema } },
      handler: (req) => options(caller(req).user.companyId),
    });
    // Light orders and days off change the board too.
    app.addHook('onResponse', async (req, reply) => {
      const url = req.routeOptions.url ?? '';
      if (reply.statusCode !== 200 || req.method === 'GET' || !/^\/api\/(light-order|day-off)(\/|$)/.test(url)) return;
      if (url.endsWith('/create') || url.endsWith('/edit')) return;
      if (req.auth) await publish(deps, req.auth.user.companyId, 0, 'updated');
    });
  },
};
