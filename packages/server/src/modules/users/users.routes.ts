import { ACTION, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  UserEditResponseSchema,
  UserFormSchema,
  UserOptionsSchema,
  UserSaveResponseSchema,
} from '@backhaul/shared/modules/users/users.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { usersList } from './users.list';
import * as usersService from './users.service';

/**
 * Maintenance → Users, the generic /{section} pattern: POST /users/list, POST /users (create or
 * update by id), GET /users/create, GET /users/:id/edit, DELETE /users/:id; settings are generic.
 * Edit, save and delete take any session: the own-record rule is decided in the service.
 */
export const usersRoutes: RouteModule = {
  name: 'users',
  register(app, { database: { db }, config, mailer }) {
    const tags = ['Users'];
    registerListRoute(app, db, usersList, { url: '/users/list', tags });

    app.get('/users/create', {
      config: { access: { section: SECTION.Users, action: ACTION.CREATE } },
      schema: { tags, response: { 200: UserOptionsSchema } },
      handler: (req) => usersService.userOptions(db, caller(req)),
    });

    app.get('/users/:id/edit', {
      config: { access: 'session' },
      schema: { tags, params: IdParamsSchema, response: { 200: UserEditResponseSchema } },
      handler: (req) => usersService.userForEdit(db, caller(req), req.params.id),
    });

    app.post('/users', {
      config: { access: 'session' },
      schema: { tags, body: UserFormSchema, response: { 200: UserSaveResponseSchema } },
      handler: async (req) => {
        const { user, resetSent } = await usersService.saveUser(
          { db, config, mailer },
          { auth: caller(req), form: req.body, ip: req.ip },
        );
        return { message: MSG.savingSuccess, user, reset_sent: resetSent };
      },
    });

    app.delete('/users/:id', {
      config: { access: 'session' },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await usersService.deleteUser(db, caller(req), req.params.id);
        return { message: MSG.removalSuccess };
      },
    });
  },
};
