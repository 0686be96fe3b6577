import { ACTION, can as canDo, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  RoleEditResponseSchema,
  RoleFormResponseSchema,
  RoleListResponseSchema,
  RoleSaveBodySchema,
  RoleSaveResponseSchema,
  SubCustomerBodySchema,
  SubCustomerResponseSchema,
} from '@backhaul/shared/modules/roles/roles.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import * as rolesService from './roles.service';

const can = (action: number) => ({ section: SECTION.Roles, action });

export const rolesRoutes: RouteModule = {
  name: 'roles',
  register(app, { database: { db } }) {
    const tags = ['Permissions and roles'];

    app.get('/permission', {
      config: { access: can(ACTION.VIEW) },
      schema: { tags, response: { 200: RoleListResponseSchema } },
      handler: async (req) => ({ rows: await rolesService.listRoles(db, caller(req)) }),
    });

    app.get('/permission/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, response: { 200: RoleFormResponseSchema } },
      handler: async () => ({ all_permissions: rolesService.emptyTree() }),
    });

    // Create, or update when the body carries an id (the register names no separate update call).
    for (const url of ['/permission', '/permission/create']) {
      app.post(url, {
        config: { access: { anyOf: [can(ACTION.CREATE), can(ACTION.EDIT)] } },
        schema: { tags, body: RoleSaveBodySchema, response: { 200: RoleSaveResponseSchema } },
        handler: async (req) => {
          const { grants } = caller(req);
          const needed = req.body.id ? ACTION.EDIT : ACTION.CREATE;
          if (!canDo(grants, can(needed))) throw AppError.forbidden();
          return { message: MSG.savingSuccess, role: await rolesService.saveRole(db, caller(req), req.body) };
        },
      });
    }

    app.get('/permission/:id/edit', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, response: { 200: RoleEditResponseSchema } },
      handler: (req) => rolesService.roleForEdit(db, caller(req).user.companyId, req.params.id),
    });

    app.put('/permission/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: RoleSaveBodySchema.omit({ id: true }),
        response: { 200: RoleSaveResponseSchema },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        role: await rolesService.saveRole(db, caller(req), { ...req.body, id: req.params.id }),
      }),
    });

    app.delete('/permission/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await rolesService.deleteRole(db, caller(req), req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    app.post('/permission/:id/assign', {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: z.object({ user_ids: z.array(z.number().int().positive()).min(1, 'Choose at least one user.') }),
        response: { 200: z.object({ message: z.string(), assigned: z.number().int() }) },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        assigned: await rolesService.assignRole(db, caller(req), req.params.id, req.body.user_ids),
      }),
    });

    app.post('/sub_customer', {
      config: { access: can(ACTION.VIEW) },
      schema: { tags, body: SubCustomerBodySchema.optional(), response: { 200: SubCustomerResponseSchema } },
      handler: async (req) => {
        const auth = caller(req);
        const { companyId } = auth.user;
        return {
          roles: await rolesService.listRoles(db, auth, req.body?.customer_id ?? null),
          customers: await rolesService.listCustomersForRoles(db, companyId),
        };
      },
    });
  },
};
