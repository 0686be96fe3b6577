import { ACTION, can as canDo, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  EMPLOYEE_ROUTES,
  EmployeeDescriptionResponseSchema,
  EmployeeEditResponseSchema,
  EmployeeOptionsSchema,
  InventoryDeleteBodySchema,
  InventoryResponseSchema,
} from '@backhaul/shared/modules/employees/employees.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { departmentReferences, positionReferences, positions } from '../settings';
import { employeesList, employeesLog } from './employees.list';
import { employeeRecord } from './employees.record';
import * as employeesService from './employees.service';
import { employees as employeesTable } from './employees.table';

const can = (action?: number | number[], match?: 'all') => ({
  section: SECTION.Employees,
  ...(action ? { action } : {}),
  ...(match ? { match } : {}),
});

/** Every Employees call of the register (001 §7) plus the /{section} pattern (settings are generic). */
export const employeesRoutes: RouteModule = {
  name: 'employees',
  register(app, deps) {
    // Settings refuse to delete a department or a position employees still point at.
    departmentReferences.register(
      'employees',
      (id) => sql`select count(*) from employees e where e.department_id = ${id}`,
    );
    positionReferences.register(
      'employees',
      (id) => sql`select count(*) from employees e join ${positions} p on p.id = ${id}
        where e.company_id = p.company_id and lower(e.position) = lower(p.name)`,
    );
    const { db } = deps.database;
    const { files } = deps;
    const tags = ['Employees'];
    // Documents go with the dialog: whoever opens it sees them, an editor adds and removes them.
    const holds = (auth: AuthContext, action: number[]) => canDo(auth.grants, can(action));
    files.registerEntity(employeesService.EMPLOYEE_FILES.entity, {
      view: (auth) => holds(auth, [ACTION.VIEW, ACTION.EDIT, ACTION.DELETE, ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD]),
      upload: (auth) => holds(auth, [ACTION.EDIT, ACTION.FILE_UPLOAD]),
      remove: (auth) => holds(auth, [ACTION.EDIT, ACTION.DELETE, ACTION.FILE_DELETE]),
      owner: employeesTable,
    });

    // "GET or POST /{section} and /{section}/list": the GET forms answer the default first page;
    // the filters answer their options and the columns; Actions history needs both edit and view (001 §6).
    registerRegistryListRoutes(app, db, {
      prefix: '/employees',
      list: employeesList,
      changeLog: employeesLog,
      tags,
      filters: { keys: ['filter', 'columns'] },
    });

    // GET /employees/create (8) answers the form's options; GET /employees/:id/edit (9 or 10: a view-only
    // holder opens the same dialog read-only) adds the record, its inventory and documents.
    registerRecordRoutes(app, deps, employeeRecord, {
      tags,
      key: null,
      // The delete also removes the documents: its own call below.
      routes: { ...EMPLOYEE_ROUTES, remove: undefined },
      forms: {
        options: ({ user }) => employeesService.employeeOptions(db, user),
        optionsSchema: EmployeeOptionsSchema,
        edit: ({ auth, id }) => employeesService.employeeForEdit(db, auth, files, id),
        editSchema: EmployeeEditResponseSchema,
      },
    });

    app.delete('/employees/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await employeesService.deleteEmployee(db, caller(req), files, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    app.get('/employees/:id/inventory', {
      config: { access: can([ACTION.EDIT, ACTION.VIEW]) },
      schema: { tags, params: IdParamsSchema, response: { 200: InventoryResponseSchema } },
      handler: async (req) => ({
        inventory: await employeesService.listInventory(db, caller(req).user, req.params.id),
      }),
    });

    app.delete('/employees/:id/inventory', {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: InventoryDeleteBodySchema,
        response: { 200: InventoryResponseSchema.extend({ message: z.string(), removed: z.number().int() }) },
      },
      handler: async (req) => {
        const { user } = caller(req);
        const removed = await employeesService.removeInventory(db, user, req.params.id, req.body.ids);
        return {
          message: MSG.itemRemoved,
          removed,
          inventory: await employeesService.listInventory(db, user, req.params.id),
        };
      },
    });

    app.delete('/info/documents/:id', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await employeesService.removeDocument(db, caller(req), files, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    app.get('/employees/description/:id', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: EmployeeDescriptionResponseSchema } },
      handler: async (req) => ({
        id: req.params.id,
        description: await employeesService.describeEmployee(db, caller(req).user, req.params.id),
      }),
    });
  },
};
