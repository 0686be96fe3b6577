import {
  EMPTY_USER_FORM,
  type UserForm,
  type UserOptions,
  type UserRecord,
  UserSaveResponseSchema,
} from '@backhaul/shared/modules/users/users.contract';
import { recordApi } from '../../platform/record/record-api';

type Loaded = UserOptions & { user?: UserRecord };

/** GET /users/create, GET /users/:id/edit; POST /users creates, or updates the user whose id the form carries. */
export const usersApi = recordApi<Loaded, ReturnType<typeof UserSaveResponseSchema.parse>>({
  name: 'users',
  routes: {
    createForm: 'GET /users/create',
    editForm: 'GET /users/:id/edit',
    create: 'POST /users',
    update: 'POST /users',
  },
  schemas: { saved: UserSaveResponseSchema },
});

/** The dialog's values of a loaded user: no password is sent back, none asked. */
export const userFormOf = (loaded: Loaded): UserForm =>
  loaded.user
    ? { ...EMPTY_USER_FORM, ...loaded.user, password: '', current_password: '', send_reset: false }
    : (EMPTY_USER_FORM as UserForm);

/** "Make inactive instead" of a refused delete: the user's update with Active off. */
export async function deactivateUser(id: number) {
  return usersApi.save(id, { ...userFormOf(await usersApi.load(id)), active: false });
}
