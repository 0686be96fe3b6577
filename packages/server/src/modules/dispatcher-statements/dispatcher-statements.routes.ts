import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { exportDefinedList, registerListRoute, registerSettingsRoute } from '../../platform/list/list.routes';
import {
  dispatcherStatementLoadsList,
  dispatcherStatementsList,
  statementsListFor,
} from './dispatcher-statements.list';
import {
  createStatements,
  DEFAULT_DISPATCHER_RATE,
  DISPATCHER_RATE_KIND,
  deleteDispatcherStatement,
  listCandidates,
  loadsInfo,
  statementRow,
} from './dispatcher-statements.service';
import { addMonths, currentMonth, refuseFutureMonth, statementMonths } from './staff-months';
import { rateFor } from './staff-pay-rates.record';

const can = (action?: number) => ({ section: SECTION.DispatchersStatements, ...(action ? { action } : {}) });

/** The statement's loads: the list request with the statement's own filter on top of the caller's. */
const ofStatement = (body: unknown, id: number) => {
  const request = (body && typeof body === 'object' ? body : {}) as { filters?: Record<string, unknown> };
  return { ...request, filters: { ...(request.filters ?? {}), statement: { values: [id] } } };
};

/** Accounting → Dispatcher statements (000 §7, 001 §7): the eleven calls of the register. */
export const dispatcherStatementsRoutes: RouteModule = {
  name: 'dispatcher-statements',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Dispatcher statements'];
    /** The month asked for (default: last month); one that has not begun is a 422 on `field`. */
    const month = (value: string | undefined, field = 'date') => {
      const m = value ?? addMonths(currentMonth(), -1);
      refuseFutureMonth(m, field, C.DISPATCHER_STATEMENT_MSG.futureMonth);
      return m;
    };
    const rateOf = (companyId: number, m: string) =>
      rateFor(db, { companyId, kind: DISPATCHER_RATE_KIND, month: m, fallback: DEFAULT_DISPATCHER_RATE });

    // GET /dispatcher/statement: the first page (001 §3: statement, filter, settings). A dispatcher
    // user's list is its own variant (no Dispatcher column), for the list, settings and export alike.
    const list = { tags, access: can(), listFor: statementsListFor };
    registerListRoute(app, db, dispatcherStatementsList, {
      ...list,
      url: '/dispatcher/statement',
      method: 'GET',
      keys: { rows: 'statement' },
    });
    registerListRoute(app, db, dispatcherStatementsList, { ...list, url: '/dispatcher/statement/list' });
    registerSettingsRoute(app, db, {
      url: '/dispatcher/statement/settings',
      access: can(),
      list: (req) => statementsListFor(caller(req as Parameters<typeof caller>[0]).user),
    });

    app.get('/dispatcher/statement/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, querystring: C.DispatcherCreateQuerySchema, response: { 200: C.DispatcherCreateAnswerSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const m = month(req.query.date);
        const rate = await rateOf(user.companyId, m);
        return {
          dispatchers: await listCandidates(db, user, { month: m, rateMilli: C.toMilliPercent(rate) }),
          filter: { date: m },
          month: statementMonths(),
          dispatcher_rate: rate,
        };
      },
    });

    app.post('/dispatcher/statement/create/list', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.DispatcherCreateListBodySchema, response: { 200: C.DispatcherCreateListAnswerSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const m = month(req.body.filter.date, 'filter.date');
        const rate = req.body.dispatcher_rate ?? (await rateOf(user.companyId, m));
        const rateMilli = C.toMilliPercent(rate);
        const chosen = req.body.dispatchers ?? [];
        const created = chosen.length
          ? await createStatements(db, user, { month: m, rateMilli, dispatcherIds: chosen })
          : null;
        const dispatchers = await listCandidates(db, user, { month: m, rateMilli });
        return created
          ? { dispatchers, created, message: C.DISPATCHER_STATEMENT_MSG.created(created.length) }
          : { dispatchers };
      },
    });

    app.post('/dispatcher/statement/info', {
      config: { access: can() },
      schema: { tags, body: C.DispatcherInfoBodySchema, response: { 200: C.DispatcherInfoSchema } },
      handler: (req) => loadsInfo(db, caller(req).user, { month: req.body.date, dispatcherId: req.body.dispatcher_id }),
    });

    app.get('/dispatcher/statement/rate', {
      config: { access: can(ACTION.CREATE) },
      schema: {
        tags,
        querystring: C.DispatcherRateQuerySchema,
        response: { 200: z.object({ rate: z.number(), dispatchers: z.array(C.DispatcherCandidateSchema) }) },
      },
      handler: async (req) => {
        const { user } = caller(req);
        const m = month(req.query.date);
        const rate = req.query.rate ?? (await rateOf(user.companyId, m));
        return { rate, dispatchers: await listCandidates(db, user, { month: m, rateMilli: C.toMilliPercent(rate) }) };
      },
    });

    app.get('/dispatcher/statement/:id(^\\d+$)', {
      config: { access: can() },
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: z.object({ statement: C.DispatcherStatementSchema }) },
      },
      handler: async (req) => ({ statement: await statementRow(db, caller(req).user, req.params.id) }),
    });
    // 'Delete success'; the statement's loads are free again.
    app.delete('/dispatcher/statement/:id(^\\d+$)', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ message: z.string() }) } },
      handler: (req) => deleteDispatcherStatement(db, caller(req).user, req.params.id),
    });

    registerListRoute(app, db, dispatcherStatementLoadsList, {
      url: '/dispatcher/statement/:id/list',
      tags,
      access: can(),
      params: IdParamsSchema,
      prepare: async (body, { user, params }) => {
        await statementRow(db, user, params.id);
        return { request: ofStatement(body, params.id) };
      },
    });

    app.post('/dispatcher/statement/:id/export', {
      config: { access: can(ACTION.EXPORT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: C.DispatcherExportBodySchema,
        response: { 200: C.DispatcherExportAnswerSchema },
      },
      handler: async (req) => {
        const { user } = caller(req);
        const statement = await statementRow(db, user, req.params.id);
        const answer = await exportDefinedList({
          db,
          exports: deps.exports,
          def: dispatcherStatementLoadsList,
          user,
          body: { ...ofStatement({}, req.params.id), format: req.body.value ?? 'xlsx' },
          name: `Dispatcher statement ${statement.dispatcher_name} ${statement.date}`,
        });
        return { data: answer.link, ...(answer.job_id ? { job_id: answer.job_id } : {}) };
      },
    });
  },
};
