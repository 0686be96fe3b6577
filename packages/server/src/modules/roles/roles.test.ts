import { ACTION, buildPermissionTree, makeGrantSet, type PermissionNode, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { ROLE_RULE_MSG } from './roles.rules';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

/** The catalogue tree with only these sections/actions ticked, as the role editor sends it. */
function tick(selected: Array<[number, number]>): PermissionNode[] {
  return buildPermissionTree(makeGrantSet(selected.map(([section, action]) => ({ section, action }))));
}

describe('roles', () => {
  it('lists the demo roles with their user counts', async () => {
    const res = await call('GET', '/api/permission', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Array<{ name: string; users_count: number; customer: string | null }>;
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Administrator', 'Dispatcher', 'Accountant', 'Safety', 'Shop manager', 'Customer']),
    );
    expect(rows.find((r) => r.name === 'Customer')?.customer).toBe('Lone Star Logistics LLC');
    expect(rows.find((r) => r.name === 'Dispatcher')?.users_count).toBe(1);
  });

  it('the create form answers the whole tree, nothing selected', async () => {
    const res = await call('GET', '/api/permission/create', admin);
    const tree = res.json().all_permissions as PermissionNode[];
    const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(tree).some((n) => n.selected)).toBe(false);
    expect(flat(tree).find((n) => n.id === SECTION.InvoiceGenerator)?.name).toBe('Invoice generator');
  });

  it('creates a role with a subset, assigns it, and the user is refused what it lacks', async () => {
    const created = await call('POST', '/api/permission', admin, {
      name: 'Roles auditor',
      permissions: tick([
        [SECTION.Roles, 0],
        [SECTION.Roles, ACTION.VIEW],
      ]),
    });
    expect(created.statusCode).toBe(200);
    const role = created.json().role;
    expect(created.json().message).toBe('Saving Successfully');

    const edit = await call('GET', `/api/permission/${role.id}/edit`, admin);
    const rolesNode = (edit.json().all_permissions as PermissionNode[])
      .flatMap((n) => n.children)
      .find((n) => n.id === SECTION.Roles);
    expect(rolesNode?.selected).toBe(true);
    expect(rolesNode?.children.filter((c) => c.selected).map((c) => c.id)).toEqual([ACTION.VIEW]);
    // The parent section was added so the menu group opens.
    expect((edit.json().all_permissions as PermissionNode[]).find((n) => n.id === SECTION.Maintenance)?.selected).toBe(
      true,
    );

    const { user, token } = await t.createUser({ email: 'auditor@test.dev', grants: [] });
    expect((await call('GET', '/api/permission', token)).statusCode).toBe(403);
    const assigned = await call('POST', `/api/permission/${role.id}/assign`, admin, { user_ids: [user.id] });
    expect(assigned.json().assigned).toBe(1);
    expect((await call('GET', '/api/permission', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/permission/create', token)).statusCode).toBe(403);

    // Removing the permission refuses the same user on the next request.
    const updated = await call('POST', '/api/permission', admin, {
      id: role.id,
      name: 'Roles auditor',
      permissions: tick([[SECTION.Profile, 0]]),
    });
    expect(updated.statusCode).toBe(200);
    expect((await call('GET', '/api/permission', token)).statusCode).toBe(403);
    const tree = (await call('POST', '/api/isLogin', token)).json().permissions as PermissionNode[];
    expect(tree.filter((n) => n.selected).map((n) => n.name)).toEqual(['Profile']);
  });

  it('writes an audit row with before and after in the same transaction', async () => {
    const created = await call('POST', '/api/permission/create', admin, {
      name: 'Audited',
      permissions: tick([[SECTION.Cities, ACTION.VIEW]]),
    });
    const id = created.json().role.id;
    await call('PUT', `/api/permission/${id}`, admin, { name: 'Audited 2', permissions: tick([]) });
    const rows = await t.database.query<{ action: string; before: { role: { name: string } } | null; after: unknown }>(
      "select action, before, after from audit_log where entity = 'roles' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]?.before?.role.name).toBe('Audited');
    expect(JSON.stringify(rows[1]?.after)).toContain('Audited 2');
  });

  it('refuses unknown permissions and an empty name with 422 naming the field', async () => {
    const bad = await call('POST', '/api/permission', admin, {
      name: '',
      permissions: [{ name: 'Made up', id: 9999, selected: true, children: [] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toBeDefined();
    const unknown = await call('POST', '/api/permission', admin, {
      name: 'Hacker',
      permissions: [{ name: 'Made up', id: 9999, selected: true, children: [] }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.permissions[0]).toContain('9999');
  });

  it('customer subroles: tied to a customer and listed by /sub_customer', async () => {
    const customers = (await call('POST', '/api/sub_customer', admin, {})).json().customers as Array<{
      id: number;
      name: string;
    }>;
    const customerId = customers.find((c) => c.name !== 'Lone Star Logistics LLC')?.id ?? 0;
    const created = await call('POST', '/api/permission', admin, {
      name: 'Customer viewer',
      customer_id: customerId,
      permissions: tick([[SECTION.CustomerNotPaidInvoices, ACTION.VIEW]]),
    });
    expect(created.json().role.customer_id).toBe(customerId);
    const subs = (await call('POST', '/api/sub_customer', admin, { customer_id: customerId })).json().roles;
    expect(subs.map((r: { name: string }) => r.name)).toEqual(['Customer viewer']);
    const wrong = await call('POST', '/api/permission', admin, { name: 'x', customer_id: 999999, permissions: [] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.customer_id).toBeDefined();
  });

  it('delete: refused for the administrator role and for a role in use, done otherwise', async () => {
    const rows = (await call('GET', '/api/permission', admin)).json().rows as Array<{ id: number; name: string }>;
    const adminRole = rows.find((r) => r.name === 'Administrator');
    const dispatcher = rows.find((r) => r.name === 'Dispatcher');
    const refusedAdmin = await call('DELETE', `/api/permission/${adminRole?.id}`, admin);
    expect(refusedAdmin.statusCode).toBe(412);
    const inUse = await call('DELETE', `/api/permission/${dispatcher?.id}`, admin);
    expect(inUse.statusCode).toBe(412);
    expect(inUse.json().error.mail).toContain('assigned to 1 user');
    const temp = (await call('POST', '/api/permission', admin, { name: 'Temp', permissions: [] })).json().role;
    const ok = await call('DELETE', `/api/permission/${temp.id}`, admin);
    expect(ok.json().message).toBe('The removal was successful');
    expect((await call('GET', `/api/permission/${temp.id}/edit`, admin)).statusCode).toBe(404);
  });

  it('the dispatcher cannot manage roles', async () => {
    const token = await t.login('dispatcher@backhaul.demo');
    expect((await call('POST', '/api/permission', token, { name: 'Mine', permissions: [] })).statusCode).toBe(403);
  });

  it('no escalation: a role manager cannot grant what it lacks, edit its own role, or give a bigger role', async () => {
    const roleGrants = [ACTION.VIEW, ACTION.CREATE, ACTION.EDIT].map((action) => ({ section: SECTION.Roles, action }));
    const { role: own, token } = await t.createUser({
      email: 'rolemanager@test.dev',
      grants: [{ section: SECTION.Maintenance, action: 0 }, { section: SECTION.Roles, action: 0 }, ...roleGrants],
    });
    const bigger = await call('POST', '/api/permission', token, {
      name: 'Sneaky',
      permissions: tick([[SECTION.Cities, ACTION.VIEW]]),
    });
    expect(bigger.statusCode).toBe(403);
    expect(bigger.json().message).toContain('35/10');
    const ownEdit = await call('PUT', `/api/permission/${own.id}`, token, { name: 'Mine', permissions: tick([]) });
    expect(ownEdit.statusCode).toBe(403);
    // Within its own grants it may work.
    const fine = await call('POST', '/api/permission', token, {
      name: 'Roles reader',
      permissions: tick([[SECTION.Roles, ACTION.VIEW]]),
    });
    expect(fine.statusCode).toBe(200);
    const rows = (await call('GET', '/api/permission', admin)).json().rows as Array<{ id: number; name: string }>;
    const dispatcher = rows.find((r) => r.name === 'Dispatcher');
    const { user } = await t.createUser({ email: 'target@test.dev', grants: [] });
    const give = await call('POST', `/api/permission/${dispatcher?.id}/assign`, token, { user_ids: [user.id] });
    expect(give.statusCode).toBe(403);
    const giveFine = await call('POST', `/api/permission/${fine.json().role.id}/assign`, token, {
      user_ids: [user.id],
    });
    expect(giveFine.statusCode).toBe(200);
  });
});

describe('who may change what a user holds (issue 11: findings 2 and 4)', () => {
  const usersGrants = [0, ACTION.CREATE, ACTION.EDIT, ACTION.VIEW, ACTION.DELETE].map((action) => ({
    section: SECTION.Users,
    action,
  }));
  const rolesGrants = [0, ACTION.CREATE, ACTION.EDIT, ACTION.VIEW, ACTION.DELETE].map((action) => ({
    section: SECTION.Roles,
    action,
  }));
  const managerGrants = [{ section: SECTION.Maintenance, action: 0 }, ...usersGrants, ...rolesGrants];
  const roleIdByName = async (name: string) => {
    const rows = (await call('GET', '/api/permission', admin)).json().rows as Array<{ id: number; name: string }>;
    return rows.find((r) => r.name === name)?.id as number;
  };
  const roleOf = async (email: string) =>
    (
      await t.database.query<{ permission_role_id: number | null }>(
        'select permission_role_id from users where email = $1',
        [email],
      )
    )[0]?.permission_role_id;
  const administrators = async () =>
    (
      await t.database.query<{ n: number }>(
        'select count(*)::int as n from users u join roles r on r.id = u.permission_role_id where r.all_permissions and u.active',
      )
    )[0]?.n;
  const grantsOf = async (roleId: number) =>
    (
      await t.database.query<{ k: string }>(
        "select section_id || '/' || action_id as k from role_permissions where role_id = $1 order by 1",
        [roleId],
      )
    ).map((r) => r.k);

  let manager: string;
  let secondAdmin: number;
  beforeAll(async () => {
    manager = (await t.createUser({ email: 'role-manager@test.dev', grants: managerGrants })).token;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.bearer(admin),
      payload: {
        name: 'Second Admin',
        email: 'second-admin@test.dev',
        password: 'second-admin-1',
        role: 0,
        permission_role_id: await roleIdByName('Administrator'),
        department_id: null,
        customer_id: null,
        active: true,
      },
    });
    secondAdmin = made.json().user.id;
  });

  it('a role manager cannot assign an empty role to the administrators; both keep every permission', async () => {
    const empty = await call('POST', '/api/permission', manager, { name: 'Nothing at all', permissions: [] });
    expect(empty.statusCode).toBe(200);
    const adminId = (
      await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
    )[0]?.id;
    const res = await call('POST', `/api/permission/${empty.json().role.id}/assign`, manager, {
      user_ids: [adminId, secondAdmin],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_RULE_MSG.administratorsOnly);
    expect(await administrators()).toBe(2);
    expect(await roleOf('admin@backhaul.demo')).toBe(await roleIdByName('Administrator'));
  });

  it('a role manager cannot take a user out of a role holding more than it holds (assign)', async () => {
    const empty = (await call('POST', '/api/permission', manager, { name: 'Demotion', permissions: [] })).json().role;
    const before = await roleOf('accountant@backhaul.demo');
    const accountantId = (
      await t.database.query<{ id: number }>("select id from users where email = 'accountant@backhaul.demo'")
    )[0]?.id;
    const res = await call('POST', `/api/permission/${empty.id}/assign`, manager, { user_ids: [accountantId] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_RULE_MSG.targetHoldsMore);
    expect(await roleOf('accountant@backhaul.demo')).toBe(before);
  });

  it('two administrators demoting each other at once leave one administrator', async () => {
    const adminId = (
      await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
    )[0]?.id as number;
    const second = await t.login('second-admin@test.dev', 'second-admin-1');
    // Two different roles, so nothing but the last-administrator rule orders the two requests.
    const plainA = (await call('POST', '/api/permission', admin, { name: 'Plain A', permissions: [] })).json().role;
    const plainB = (await call('POST', '/api/permission', admin, { name: 'Plain B', permissions: [] })).json().role;
    const [a, b] = await Promise.all([
      call('POST', `/api/permission/${plainA.id}/assign`, admin, { user_ids: [secondAdmin] }),
      call('POST', `/api/permission/${plainB.id}/assign`, second, { user_ids: [adminId] }),
    ]);
    // The loser is refused as the last administrator, or (when the winner committed before its
    // request was even authorised) because it no longer holds Roles edit.
    const codes = [a.statusCode, b.statusCode].sort();
    const answers = JSON.stringify([a.statusCode, a.body, b.statusCode, b.body]);
    expect(codes[0], answers).toBe(200);
    expect([403, 412], answers).toContain(codes[1]);
    const loser = [a, b].find((r) => r.statusCode === 412);
    if (loser) expect(loser.json().error.mail).toBe(ROLE_RULE_MSG.lastAdministrator);
    expect(await administrators()).toBe(1);
    // Put the second administrator back for the tests below.
    const restore = await call('POST', `/api/permission/${await roleIdByName('Administrator')}/assign`, admin, {
      user_ids: [secondAdmin],
    });
    if (restore.statusCode !== 200) {
      // The second administrator won: it gives the role back.
      const again = await call('POST', `/api/permission/${await roleIdByName('Administrator')}/assign`, second, {
        user_ids: [adminId],
      });
      expect(again.statusCode).toBe(200);
      admin = await t.login('admin@backhaul.demo');
    }
    expect(await administrators()).toBe(2);
  });

  it('the administrator role keeps every permission: its grants cannot be edited, nor the role deleted', async () => {
    const adminRole = await roleIdByName('Administrator');
    const edit = await call('PUT', `/api/permission/${adminRole}`, admin, { name: 'Administrator', permissions: [] });
    expect(edit.statusCode).toBe(412);
    expect((await call('DELETE', `/api/permission/${adminRole}`, admin)).statusCode).toBe(412);
    const byManager = await call('PUT', `/api/permission/${adminRole}`, manager, { name: 'Mine', permissions: [] });
    expect(byManager.statusCode).toBe(403);
    expect(await administrators()).toBe(2);
  });

  it('a role manager cannot rewrite or delete a role it does not hold in full', async () => {
    const dispatcher = await roleIdByName('Dispatcher');
    const before = await grantsOf(dispatcher);
    const rewrite = await call('PUT', `/api/permission/${dispatcher}`, manager, {
      name: 'Dispatcher',
      permissions: tick([[SECTION.Users, ACTION.VIEW]]),
    });
    expect(rewrite.statusCode).toBe(403);
    expect(rewrite.json().message).toBe(ROLE_RULE_MSG.roleHoldsMore);
    expect(await grantsOf(dispatcher)).toEqual(before);

    // A role nobody holds, with a grant beyond the manager's: not deleted, not renamed.
    const cities = (
      await call('POST', '/api/permission', admin, {
        name: 'Cities only',
        permissions: tick([[SECTION.Cities, ACTION.VIEW]]),
      })
    ).json().role;
    expect((await call('DELETE', `/api/permission/${cities.id}`, manager)).statusCode).toBe(403);
    const rename = await call('POST', '/api/permission', manager, {
      id: cities.id,
      name: 'Renamed',
      permissions: tick([[SECTION.Cities, ACTION.VIEW]]),
    });
    expect(rename.statusCode).toBe(403);
    expect((await call('GET', `/api/permission/${cities.id}/edit`, admin)).json().role.name).toBe('Cities only');

    // A role within its grants it may edit and delete.
    const small = (
      await call('POST', '/api/permission', manager, {
        name: 'Users reader',
        permissions: tick([[SECTION.Users, ACTION.VIEW]]),
      })
    ).json().role;
    const grown = await call('PUT', `/api/permission/${small.id}`, manager, {
      name: 'Users reader',
      permissions: tick([
        [SECTION.Users, ACTION.VIEW],
        [SECTION.Roles, ACTION.VIEW],
      ]),
    });
    expect(grown.statusCode).toBe(200);
    // The list tells the web which roles this caller may change, so it hides the rest.
    const listed = (await call('GET', '/api/permission', manager)).json().rows as Array<{
      name: string;
      editable: boolean;
    }>;
    const editable = (name: string) => listed.find((r) => r.name === name)?.editable;
    expect([editable('Dispatcher'), editable('Administrator'), editable('Cities only')]).toEqual([false, false, false]);
    expect(editable('Users reader')).toBe(true);
    expect(editable('role for role-manager@test.dev')).toBe(false);
    const adminList = (await call('GET', '/api/permission', admin)).json().rows as Array<{ editable: boolean }>;
    expect(adminList.every((r) => r.editable)).toBe(true);
    expect((await call('DELETE', `/api/permission/${small.id}`, manager)).statusCode).toBe(200);
  });
});
