import { ACTION, IdParamsSchema, MSG, SECTION } from '@backhaul/shared';
import { toMilliPercent } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import * as C from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { addMonths, currentMonth, refuseFutureMonth, saveMonthRate, statementMonths } from '../dispatcher-statements';
import { safetyStatementsList } from './safety-statements.list';
import {
  createSafetyStatement,
  deleteSafetyStatement,
  listDrivers,
  listSafetyUsers,
  SAFETY_RATE_KIND,
  safetyRate,
  safetyStatementRow,
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
    const rateOf = (companyId: number, month: string) => safetyRate(companyId, month, db);
    /** 001 §3: month, dispatcher_rate, rows, period. */
    const form = async (companyId: number, month: string) => ({
      month: statementMonths(),
      dispatcher_rate: await rateOf(companyId, month),
      period: month,
    });

    registerListRoute(app, db, safetyStatementsList, {
      url: '/safety-statement',
      method: 'GET',
      tags,
      answer: (_list, { user }) => form(user.companyId, lastMonth()),
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
          rows: await listDrivers(db, user, { month, rateMilli: toMilliPercent(rate) }),
        };
      },
    });

    app.post('/safety-statement/rate', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.SafetyRateBodySchema },
      handler: async (req) => {
        const { user } = caller(req);
        await saveMonthRate(db, user, {
          kind: SAFETY_RATE_KIND,
          month: req.body.date,
          rateMilli: toMilliPercent(req.body.rate),
        });
        return { message: MSG.saveRateSuccess, dispatcher_rate: req.body.rate };
      },
    });

    app.post('/safety-statement', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.SafetyStatementBodySchema },
      handler: async (req) => {
        const { user } = caller(req);
        const id = await createSafetyStatement(db, user, {
          userId: req.body.user_id,
          month: req.body.date,
          driverIds: req.body.drivers,
        });
        return { message: MSG.saveSuccess, statement: await safetyStatementRow(db, user, id) };
      },
    });

    app.get('/safety-statement/:id/edit', {
      config: { access: can(ACTION.VIEW) },
      schema: { tags, params: IdParamsSchema },
      handler: async (req) => {
        const { user } = caller(req);
        const statement = await safetyStatementRow(db, user, req.params.id);
        return { statement, rows: await statementDrivers(db, req.params.id), period: statement.month };
      },
    });

    // 'Delete success'; the statement's driver-months are free again.
    app.delete('/safety-statement/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ message: z.string() }) } },
      handler: (req) => deleteSafetyStatement(db, caller(req).user, req.params.id),
    });
  },
};
