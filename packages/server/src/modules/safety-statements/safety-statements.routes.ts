import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { toBasisPoints } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import * as C from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { runList } from '../../platform/list/run-list';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { getRecord } from '../../platform/record/record.service';
import {
  addMonths,
  currentMonth,
  rateFor,
  refuseFutureMonth,
  saveRate,
  statementMonths,
} from '../dispatcher-statements';
import { safetyStatementRecord, safetyStatementsList } from './safety-statements.list';
import {
  createSafetyStatement,
  DEFAULT_SAFETY_RATE,
  listDrivers,
  listSafetyUsers,
  SAFETY_RATE_KIND,
  statementDrivers,
} from './safety-statements.service';

const can = (action?: number) => ({ section: SECTION.SafetyStatements, ...(action ? { action } : {}) });

/** Accounting → Safety statements (001 §7): the nine calls of the register. */
export const safetyStatementsRoutes: RouteModule = {
  name: 'safety-statements',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Safety statements'];
    const lastMonth = () => addMonths(currentMonth(), -1);
    const rateOf = (companyId: number, month: string) =>
      rateFor(db, { companyId, kind: SAFETY_RATE_KIND, month, fallback: DEFAULT_SAFETY_RATE });
    /** 001 §3: month, dispatcher_rate, rows, period. */
    const form = async (companyId: number, month: string) => ({
      month: statementMonths(),
      dispatcher_rate: await rateOf(companyId, month),
      period: month,
    });

    app.get('/safety-statement', {
      config: { access: can() },
      schema: { tags },
      handler: async (req) => {
        const { user } = caller(req);
        const list = await runList(db, safetyStatementsList, user, {});
        return { ...list, ...(await form(user.companyId, lastMonth())) };
      },
    });
    registerListRoute(app, db, safetyStatementsList, { url: '/safety-statement/list', tags });

    app.get('/safety-statement/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags },
      handler: async (req) => {
        const { user } = caller(req);
        const month = lastMonth();
        return { ...(await form(user.companyId, month)), rows: await listSafetyUsers(db, user, month) };
      },
    });

    app.post('/safety-statement/create/list', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.SafetyCreateListBodySchema.optional() },
      handler: async (req) => {
        const { user } = caller(req);
        const month = req.body?.date ?? lastMonth();
        refuseFutureMonth(month, 'date', C.SAFETY_STATEMENT_MSG.futureMonth);
        return { ...(await form(user.companyId, month)), rows: await listSafetyUsers(db, user, month) };
      },
    });

    app.post('/safety-statement/create/:user_id/:date/list', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, params: C.SafetyCreateParamsSchema, body: z.unknown() },
      handler: async (req) => {
        const { user } = caller(req);
        const month = req.params.date;
        refuseFutureMonth(month, 'date', C.SAFETY_STATEMENT_MSG.futureMonth);
        const rate = await rateOf(user.companyId, month);
        return {
          user_id: req.params.user_id,
          period: month,
          dispatcher_rate: rate,
          rows: await listDrivers(db, user, { month, rateBp: toBasisPoints(rate) }),
        };
      },
    });

    app.post('/safety-statement/rate', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.SafetyRateBodySchema },
      handler: async (req) => {
        const { user } = caller(req);
        await db.transaction((tx) =>
          saveRate(tx, { user, kind: SAFETY_RATE_KIND, month: req.body.date, rateBp: toBasisPoints(req.body.rate) }),
        );
        return { message: MSG.saveRateSuccess, dispatcher_rate: req.body.rate };
      },
    });

    app.post('/safety-statement', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.SafetyStatementBodySchema },
      handler: async (req) => {
        const { user } = caller(req);
        const rate = await rateOf(user.companyId, req.body.date);
        const id = await createSafetyStatement(db, user, {
          userId: req.body.user_id,
          month: req.body.date,
          rateBp: toBasisPoints(rate),
          driverIds: req.body.drivers,
        });
        return { message: MSG.saveSuccess, statement: await getRecord(db, safetyStatementRecord, user, id) };
      },
    });

    app.get('/safety-statement/:id/edit', {
      config: { access: can(ACTION.VIEW) },
      schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) },
      handler: async (req) => {
        const { user } = caller(req);
        const statement = await getRecord(db, safetyStatementRecord, user, req.params.id);
        return { statement, rows: await statementDrivers(db, req.params.id), period: statement.month };
      },
    });

    registerRecordRoutes(app, deps, safetyStatementRecord, {
      tags,
      key: 'statement',
      routes: { remove: 'DELETE /safety-statement/:id' },
    });
  },
};
