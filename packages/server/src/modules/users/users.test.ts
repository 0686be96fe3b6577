import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { ROLE_NUMBER_NAMES } from '@backhaul/shared/modules/roles/roles.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { ROLE_RULE_MSG } from '../roles';
import { USER_MSG } from './users.service';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: t.bearer(token) });

const idOf = async (email: string) => {
  const [row] = await t.database.query<{ id: number }>('select id from users where email = $1', [email]);
  return row?.id as number;
};
const audits = (id: number) =>
  t.database.query<{ action: string; user_id: number; before: unknown; after: Record<string, unknown> | null }>(
    "select action, user_id, before, after from audit_log where entity = 'users' and entity_id = $1 order by id",
    [String(id)],
  );
const USERS_ALL = [0, ACTION.CREATE, ACTION.EDIT, ACTION.VIEW, ACTION.DELETE].map((action) => ({
  section: SECTION.Users,
  action,
}));

describe('users list', () => {
  it('answers the spec columns; userGroup a role number, dispatcher from the department', async () => {
    const res = await call('POST', '/users/list', { limit: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id)).toEqual([
      'id',
      'name',
      'userGroup',
      'customer',
      'dispatcher',
      'email',
      'updated_at',
      'status',
    ]);
    const byEmail = new Map(body.rows.map((r: { email: string }) => [r.email, r]));
    expect(byEmail.get('dispatcher@backhaul.demo')).toMatchObject({ userGroup: 2, dispatcher: true, status: true });
    expect(byEmail.get('admin@backhaul.demo')).toMatchObject({ userGroup: 0, dispatcher: false, customer: null });
    expect((byEmail.get('customer@backhaul.demo') as { customer: string }).customer).toBeTruthy();
    expect(body.filter.userGroup).toEqual(
      Object.entries(ROLE_NUMBER_NAMES).map(([value, label]) => ({ value: Number(value), label })),
    );
  });

  it('filters by role number and dispatcher, with the total of the filtered set', async () => {
    const ones = (await call('POST', '/users/list', { filters: { userGroup: { values: [1] } } })).json();
    expect(ones.rows.map((r: { email: string }) => r.email).sort()).toEqual([
      'accountant@backhaul.demo',
      'shop@backhaul.demo',
    ]);
    expect(ones.total).toBe(2);
    expect(ones.sum.id).toBe(2);
    const dispatchers = (await call('POST', '/users/list', { filters: { dispatcher: { value: 1 } } })).json();
    expect(dispatchers.rows.map((r: { email: string }) => r.email)).toEqual(['dispatcher@backhaul.demo']);
    const bad = await call('POST', '/users/list', { filters: { userGroup: { op: 'eq' } } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('users settings and export', () => {
  it('column settings are saved on /users/settings and come back with the list', async () => {
    const res = await call('POST', '/users/settings', {
      settings: {
        columns: [
          { id: 'email', visible: true, width: 320 },
          { id: 'department', visible: true },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const list = (await call('POST', '/users/list', { limit: 1 })).json();
    expect(list.settings.columns.slice(0, 2)).toEqual([
      { id: 'email', visible: true, width: 320 },
      expect.objectContaining({ id: 'department', visible: true }),
    ]);
  });
});

describe('users create and update', () => {
  let created: number;

  it('validates next to fields: e-mail taken, password or reset link, role number', async () => {
    const res = await call('POST', '/users', {
      name: '',
      email: 'nope',
      role: 7,
      permission_role_id: null,
      department_id: null,
      customer_id: null,
      active: true,
      password: 'short',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual(['The name is required.']);
    expect(errors.email).toEqual(['Enter a valid e-mail address.']);
    expect(errors.password).toEqual(['The password must be at least 8 characters.']);
    expect(errors.role).toBeDefined();
    const base = { name: 'X', role: 4, permission_role_id: null, department_id: null, customer_id: null, active: true };
    const taken = await call('POST', '/users', { ...base, email: 'ADMIN@backhaul.demo', password: 'long enough' });
    expect(taken.json().errors.email).toEqual([USER_MSG.emailTaken]);
    const neither = await call('POST', '/users', { ...base, email: 'new@backhaul.demo' });
    expect(neither.json().errors.password).toEqual([USER_MSG.passwordOrReset]);
  });

  it('creates with a password (argon2, signs in) and audits without the secret', async () => {
    const options = (await call('GET', '/users/create')).json();
    const dispatcherRole = options.roles.find((r: { name: string }) => r.name === 'Dispatcher').id;
    const dispatch = options.departments.find((d: { name: string }) => d.name === 'Dispatch').id;
    const res = await call('POST', '/users', {
      name: 'Nina Night',
      email: 'nina@backhaul.demo',
      password: 'night-shift-1',
      role: 2,
      permission_role_id: dispatcherRole,
      department_id: dispatch,
      customer_id: null,
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.savingSuccess, reset_sent: false, user: { name: 'Nina Night' } });
    created = res.json().user.id;
    const [row] = await t.database.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      created,
    ]);
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
    await t.login('nina@backhaul.demo', 'night-shift-1');
    const list = (await call('POST', '/users/list', { search: 'nina@' })).json();
    expect(list.rows[0]).toMatchObject({ id: created, userGroup: 2, dispatcher: true });
    const [audit] = await audits(created);
    expect(audit?.action).toBe('create');
    expect(JSON.stringify(audit?.after)).not.toContain('night-shift-1');
    expect(audit?.after).toMatchObject({ email: 'nina@backhaul.demo', credentials_changed: true });
  });

  it('creates with a reset link through the session reset flow', async () => {
    const res = await call('POST', '/users', {
      name: 'Reese Link',
      email: 'reese@backhaul.demo',
      send_reset: true,
      role: 4,
      permission_role_id: null,
      department_id: null,
      customer_id: null,
      active: true,
    });
    expect(res.json().reset_sent).toBe(true);
    const [mail] = await t.database.query<{ text: string }>('select text from mail_messages where "to" = $1', [
      'reese@backhaul.demo',
    ]);
    const token = mail?.text.match(/\/password\/reset\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/restore',
      payload: { token, password: 'reese-password', password_confirmation: 'reese-password' },
    });
    expect(set.statusCode).toBe(200);
    await t.login('reese@backhaul.demo', 'reese-password');
  });

  it('updates by id; GET /users/:id/edit answers the record; a new password ends the sessions', async () => {
    const token = await t.login('nina@backhaul.demo', 'night-shift-1');
    const edit = (await call('GET', `/users/${created}/edit`)).json();
    expect(edit.user).toMatchObject({ id: created, email: 'nina@backhaul.demo', role: 2 });
    const res = await call('POST', '/users', { ...edit.user, name: 'Nina Day', role: 3, password: 'day-shift-22' });
    expect(res.statusCode).toBe(200);
    expect((await call('POST', '/isLogin', {}, token)).statusCode).toBe(401);
    await t.login('nina@backhaul.demo', 'day-shift-22');
    const rows = await audits(created);
    // Another user's password, by an administrator: no current password, audited as an administrator change.
    expect(rows.at(-1)).toMatchObject({
      action: 'admin-credentials',
      after: { name: 'Nina Day', role: 3, sessions_revoked: 2, by_administrator: true, credentials_changed: true },
    });
  });
});

describe('users permissions and the own-record rule', () => {
  it('without Users edit another user cannot be edited (403); own record may change name and password only', async () => {
    const { user, token } = await t.createUser({
      email: 'plain@backhaul.demo',
      grants: [{ section: SECTION.Profile, action: 0 }],
      role: 4,
    });
    const other = await idOf('safety@backhaul.demo');
    const otherRecord = (await call('GET', `/users/${other}/edit`)).json().user;
    expect((await call('GET', `/users/${other}/edit`, undefined, token)).statusCode).toBe(403);
    expect((await call('POST', '/users', { ...otherRecord, name: 'Hacked' }, token)).statusCode).toBe(403);
    expect((await call('POST', '/users/list', {}, token)).statusCode).toBe(403);

    const own = (await call('GET', `/users/${user.id}/edit`, undefined, token)).json().user;
    const renamed = await call(
      'POST',
      '/users',
      { ...own, name: 'Plain Person', password: 'plain-new-pass', current_password: TEST_PASSWORD },
      token,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.name).toBe('Plain Person');
    const raise = await call('POST', '/users', { ...own, role: 0 }, token);
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe(USER_MSG.ownRole);
    const adminRole = (await call('GET', '/users/create'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'Administrator').id;
    expect((await call('POST', '/users', { ...own, permission_role_id: adminRole }, token)).statusCode).toBe(403);
    const dept = await call('POST', '/users', { ...own, department_id: 1 }, token);
    expect(dept.statusCode).toBe(403);
    expect(dept.json().message).toBe(USER_MSG.ownFields);
    const [row] = await t.database.query<{ role: number; permission_role_id: number }>(
      'select role, permission_role_id from users where id = $1',
      [user.id],
    );
    expect(row).toEqual({ role: 4, permission_role_id: user.permissionRoleId });
  });

  it('even with Users edit a user cannot change its own role', async () => {
    const { user, token } = await t.createUser({ email: 'editor@backhaul.demo', grants: USERS_ALL, role: 3 });
    const own = (await call('GET', `/users/${user.id}/edit`, undefined, token)).json().user;
    expect((await call('POST', '/users', { ...own, role: 0 }, token)).statusCode).toBe(403);
    expect((await call('POST', '/users', { ...own, department_id: 1 }, token)).statusCode).toBe(200);
  });

  it('Users edit and delete without every permission cannot touch an administrator or give that role', async () => {
    const { token } = await t.createUser({ email: 'users-manager@backhaul.demo', grants: USERS_ALL, role: 1 });
    const adminId = await idOf('admin@backhaul.demo');
    const adminRecord = (await call('GET', `/users/${adminId}/edit`)).json().user;
    const takeover = await call('POST', '/users', { ...adminRecord, password: 'i-own-you-now' }, token);
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toBe(USER_MSG.administratorsOnly);
    await t.login('admin@backhaul.demo');
    expect((await call('DELETE', `/users/${adminId}`, undefined, token)).statusCode).toBe(403);
    const safetyId = await idOf('safety@backhaul.demo');
    const safety = (await call('GET', `/users/${safetyId}/edit`)).json().user;
    const adminRole = adminRecord.permission_role_id;
    expect((await call('POST', '/users', { ...safety, permission_role_id: adminRole }, token)).statusCode).toBe(403);
    // Nor a user holding grants it lacks (Safety); a user without a role it may edit.
    const rename = await call('POST', '/users', { ...safety, name: 'Sam Safety' }, token);
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe(ROLE_RULE_MSG.targetHoldsMore);
    const greg = (
      await call('POST', '/users', {
        name: 'Greg Norole',
        email: 'greg@backhaul.demo',
        password: 'greg-password',
        role: 4,
        permission_role_id: null,
        department_id: null,
        customer_id: null,
        active: true,
      })
    ).json().user;
    expect((await call('POST', '/users', { ...greg, name: 'Greg Noroles' }, token)).statusCode).toBe(200);
  });

  it('delete needs 11 except for one own record; a deleted user’s session is revoked', async () => {
    const { token: editorOnly } = await t.createUser({
      email: 'users-edit-only@backhaul.demo',
      grants: USERS_ALL.filter((g) => g.action !== ACTION.DELETE),
    });
    const target = await idOf('reese@backhaul.demo');
    const refused = await call('DELETE', `/users/${target}`, undefined, editorOnly);
    expect(refused.statusCode).toBe(403);
    expect(await idOf('reese@backhaul.demo')).toBe(target);

    const reeseToken = await t.login('reese@backhaul.demo', 'reese-password');
    const res = await call('DELETE', `/users/${target}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.removalSuccess);
    expect((await call('POST', '/isLogin', {}, reeseToken)).statusCode).toBe(401);
    const rows = await audits(target);
    expect(rows.at(-1)).toMatchObject({ action: 'delete', after: null });
    // The sign-in after the reset and the one just above.
    expect(rows.at(-1)?.before).toMatchObject({ sessions_revoked: 2 });

    const { user: self, token: selfToken } = await t.createUser({
      email: 'leaving@backhaul.demo',
      grants: [{ section: SECTION.Profile, action: 0 }],
    });
    expect((await call('DELETE', `/users/${self.id}`, undefined, selfToken)).statusCode).toBe(200);
    expect(await idOf('leaving@backhaul.demo')).toBeUndefined();
    expect((await call('POST', '/isLogin', {}, selfToken)).statusCode).toBe(401);
  });

  it('the last user with every permission cannot be deleted (412)', async () => {
    const adminId = await idOf('admin@backhaul.demo');
    const res = await call('DELETE', `/users/${adminId}`);
    expect(res.statusCode).toBe(412);
    expect(res.json().error.mail).toBe(USER_MSG.lastAdministrator);
  });
});

describe('nothing beyond one’s own grants (issue 11: findings 2 and 3)', () => {
  const managerGrants = [
    { section: SECTION.Maintenance, action: 0 },
    ...USERS_ALL,
    ...[0, ACTION.CREATE, ACTION.EDIT, ACTION.VIEW, ACTION.DELETE].map((action) => ({
      section: SECTION.Roles,
      action,
    })),
  ];
  let manager: string;
  let roles: Array<{ id: number; name: string }>;
  const roleId = (name: string) => roles.find((r) => r.name === name)?.id as number;
  const form = (over: object) => ({
    name: 'Someone',
    password: 'a-long-password',
    role: 4,
    permission_role_id: null,
    department_id: null,
    customer_id: null,
    active: true,
    ...over,
  });
  beforeAll(async () => {
    manager = (await t.createUser({ email: 'people-manager@backhaul.demo', grants: managerGrants })).token;
    roles = (await call('GET', '/users/create')).json().roles;
  });

  it('a role manager cannot create a user with the Accountant role, so nobody new reads the payments', async () => {
    const res = await call(
      'POST',
      '/users',
      form({ email: 'sneaky-accountant@backhaul.demo', permission_role_id: roleId('Accountant') }),
      manager,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('You cannot give a role holding permissions you do not hold');
    expect(await idOf('sneaky-accountant@backhaul.demo')).toBeUndefined();
    // Within its own grants it may.
    const own = (await call('POST', '/permission', { name: 'Users viewer', permissions: [] }, manager)).json().role as {
      id: number;
    };
    const fine = await call(
      'POST',
      '/users',
      form({ email: 'fine@backhaul.demo', permission_role_id: own.id }),
      manager,
    );
    expect(fine.statusCode).toBe(200);
  });

  it('the create form offers only the roles the caller may give', async () => {
    const offered = (await call('GET', '/users/create', undefined, manager)).json().roles as Array<{ name: string }>;
    expect(offered.map((r) => r.name)).toContain('Users viewer');
    expect(offered.map((r) => r.name)).not.toContain('Accountant');
    expect(offered.map((r) => r.name)).not.toContain('Administrator');
  });

  it('cannot give an existing user a bigger role, set its password, deactivate or delete it', async () => {
    const accountantId = await idOf('accountant@backhaul.demo');
    const accountant = (await call('GET', `/users/${accountantId}/edit`)).json().user;
    const password = await call('POST', '/users', { ...accountant, password: 'taken-over-1' }, manager);
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(ROLE_RULE_MSG.targetHoldsMore);
    await t.login('accountant@backhaul.demo');
    const email = await call('POST', '/users', { ...accountant, email: 'mine@evil.test' }, manager);
    expect(email.statusCode).toBe(403);
    const off = await call('POST', '/users', { ...accountant, active: false }, manager);
    expect(off.statusCode).toBe(403);
    expect((await call('DELETE', `/users/${accountantId}`, undefined, manager)).statusCode).toBe(403);
    expect(await idOf('accountant@backhaul.demo')).toBe(accountantId);

    const fineId = await idOf('fine@backhaul.demo');
    const fine = (await call('GET', `/users/${fineId}/edit`)).json().user;
    const bigger = await call('POST', '/users', { ...fine, permission_role_id: roleId('Dispatcher') }, manager);
    expect(bigger.statusCode).toBe(403);
    const [row] = await t.database.query<{ permission_role_id: number }>(
      'select permission_role_id from users where id = $1',
      [fineId],
    );
    expect(row?.permission_role_id).toBe(fine.permission_role_id);
    // The user it may manage: a new password is fine.
    expect((await call('POST', '/users', { ...fine, password: 'fine-password-2' }, manager)).statusCode).toBe(200);
  });

  it('an administrator cannot take the last administrator’s role away by editing the user', async () => {
    const adminId = await idOf('admin@backhaul.demo');
    const [other] = await t.database.query<{ id: number }>(
      'select u.id from users u join roles r on r.id = u.permission_role_id where r.all_permissions and u.id <> $1',
      [adminId],
    );
    expect(other).toBeUndefined();
    const self = (await call('GET', `/users/${adminId}/edit`)).json().user;
    expect((await call('POST', '/users', { ...self, active: false })).statusCode).toBe(412);
  });
});
