import { ACTION, can as can_, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import {
  SALARY_MSG,
  SALARY_SECTIONS,
  SalaryStatementsCreateBodySchema,
  SalaryStatementsCreatedSchema,
  SalaryStatementsCreateQuerySchema,
} from '@backhaul/shared/modules/salaries/salaries.contract';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { departments } from '../../platform/auth/auth.table';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { payStatements } from '../../platform/pay/pay.table';
import { employeeStatementsList, managerStatementsList, staffStatementsScope } from './manager-statements.list';
import {
  createEmployeeStatements,
  deleteStatement,
  employeesWithoutStatement,
  formOptions,
  getStatement,
  saveStatements,
} from './manager-statements.service';
import { addMonths, currentMonth } from './staff-months';

const can = (action?: number | number[]) => ({ section: SECTION.ManagerStatements, ...(action ? { action } : {}) });

/** /manager-statements (000 §7): the six /salary-statements calls; view needs 10, delete 11, export 72. */
export const managerStatementsRoutes: RouteModule = {
  name: 'manager-statements',
  register(app, { database: { db } }) {
    const tags = ['Manager statements'];

    // The list, plus the months that have statements (newest first) and the departments (000 §3).
    registerListRoute(app, db, managerStatementsList, {
      url: '/salary-statements/list',
      tags,
      access: can(ACTION.VIEW),
      filters: { url: '/salary-statements/filters' },
      answer: async (_list, { user }) => {
        const [months, deps] = await Promise.all([
          rowsOf<{ month: string }>(
            db,
            sql`select distinct to_char(${payStatements.periodFrom}, 'YYYY-MM') as month from ${payStatements}
              where ${staffStatementsScope('manager')(user)} order by 1 desc`,
          ),
          db
            .select({ id: departments.id, name: departments.name })
            .from(departments)
            .where(eq(departments.companyId, user.companyId))
            .orderBy(asc(departments.name)),
        ]);
        return { month: months.map((m) => m.month), departments: deps };
      },
    });

    app.post('/salary-statements/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: C.ManagerCreateBodySchema.optional(), response: { 200: C.ManagerFormOptionsSchema } },
      handler: async (req) => {
        const month = req.body?.month ?? addMonths(currentMonth(), -1);
        return { ...(await formOptions(db, caller(req).user, month)), selected_month: month };
      },
    });

    // Save: new rows need create (8), rows with an id need edit (9).
    app.post('/salary-statements', {
      config: { access: can([ACTION.CREATE, ACTION.EDIT]) },
      schema: { tags, body: C.ManagerStatementsSaveBodySchema, response: { 200: C.ManagerStatementsSavedSchema } },
      handler: async (req) => {
        const { user, grants } = caller(req);
        const needs: number[] = req.body.rows.some((r) => r.id) ? [ACTION.EDIT] : [];
        if (req.body.rows.some((r) => !r.id)) needs.push(ACTION.CREATE);
        if (!can_(grants, { section: SECTION.ManagerStatements, action: needs, match: 'all' }))
          throw AppError.forbidden();
        const rows = await saveStatements(db, user, req.body.rows);
        if (!rows.length) throw AppError.precondition(MSG.somethingWrong);
        return { message: MSG.savingSuccess, rows };
      },
    });

    app.get('/salary-statements/:id/edit', {
      config: { access: can(ACTION.VIEW) },
      schema: { tags, params: IdParamsSchema, response: { 200: C.ManagerEditSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const statement = await getStatement(db, user, req.params.id);
        const {
          employees,
          departments: deps,
          month,
        } = await formOptions(db, user, statement.month, {
          id: statement.id,
          employeeId: statement.employee_id,
        });
        return { statement, employees, departments: deps, month };
      },
    });

    // The account's salary statements (001 §7 "Salaries and pay history"): section Statements (96).
    const salary = (action: number) => ({ section: SALARY_SECTIONS.statements, action });
    const monthOf = (asked: string | undefined) => {
      const month = asked ?? addMonths(currentMonth(), -1);
      if (month > currentMonth()) throw AppError.invalidField('month', SALARY_MSG.futureMonth);
      return month;
    };
    // The spec's GET stays a read (a GET never writes): how many statements the month lacks.
    app.get('/info/statements/create', {
      config: { access: salary(ACTION.CREATE) },
      schema: {
        tags,
        summary: 'Preview of the month’s missing salary statements (nothing is written)',
        querystring: SalaryStatementsCreateQuerySchema,
        response: { 200: SalaryStatementsCreatedSchema },
      },
      handler: async (req) => {
        const month = monthOf(req.query.month);
        const missing = await employeesWithoutStatement(db, caller(req).user, month);
        return { message: SALARY_MSG.toMake(missing.length, month), month, created: [] };
      },
    });
    app.post('/info/statements/create', {
      config: { access: salary(ACTION.CREATE) },
      schema: {
        tags,
        summary: 'Makes the month’s missing salary statements',
        body: SalaryStatementsCreateBodySchema.optional(),
        response: { 200: SalaryStatementsCreatedSchema },
      },
      handler: async (req) => {
        const month = monthOf(req.body?.month);
        const created = await createEmployeeStatements(db, caller(req).user, month);
        return { message: SALARY_MSG.created(created.length, month), month, created };
      },
    });
    registerListRoute(app, db, employeeStatementsList, {
      url: '/info/statements/list',
      tags,
      access: salary(ACTION.VIEW),
      filters: { url: '/info/statements/filters' },
    });
    app.delete('/info/statements/:id', {
      config: { access: salary(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => ({ message: await deleteStatement(db, caller(req).user, req.params.id, 'employee') }),
    });

    app.delete('/salary-statements/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => ({ message: await deleteStatement(db, caller(req).user, req.params.id) }),
    });
  },
};
