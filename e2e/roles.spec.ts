import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  clickRowAction,
  closeVersionPopup,
  rowActionIds,
  SHOTS,
  signInWithForm,
  signInWithStorage,
  USERS,
  WEB_CLIENT,
} from './helpers';

// Roles end to end: the admin takes Cities away from a role in the permission tree editor; the
// user holding that role is then refused Cities in the menu, on the route and by the API.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

const SECTION = { Maintenance: 1, Users: 33, Cities: 35, Brokers: 36, Roles: 37, Profile: 52, Account: 89 } as const;
const CRUD = [8, 9, 10, 11];
const node = (id: number, name: string, actions: number[], children: object[] = []) => ({
  id,
  name,
  selected: true,
  children: [...actions.map((a) => ({ id: a, name: `Action ${a}`, selected: true, children: [] })), ...children],
});

test.describe.configure({ mode: 'serial' });

test('a permission taken away in the roles editor is refused to its user (menu, route, API)', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const roleName = `E2E maintenance ${stamp}`;
  const email = `e2e.roles.${stamp}@backhaul.demo`;
  const password = 'e2e-roles-pass';

  // The admin makes a role with Maintenance → Cities and Brokers, and a user holding it.
  const admin = await apiLogin(page.request, USERS.admin);
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const role = await page.request.post('/api/permission', {
    headers: auth,
    data: {
      name: roleName,
      customer_id: null,
      permissions: [
        node(SECTION.Profile, 'Profile', [10]),
        node(SECTION.Account, 'Account', [10]),
        node(
          SECTION.Maintenance,
          'Maintenance',
          [],
          [node(SECTION.Cities, 'Cities', CRUD), node(SECTION.Brokers, 'Brokers', CRUD)],
        ),
      ],
    },
  });
  expect(role.ok()).toBe(true);
  const roleId = (await role.json()).role.id as number;
  const created = await page.request.post('/api/users', {
    headers: auth,
    data: {
      name: `E2E Roles ${stamp}`,
      email,
      password,
      role: 4,
      permission_role_id: roleId,
      department_id: null,
      customer_id: null,
      active: true,
    },
  });
  expect(created.ok()).toBe(true);

  // Before: the user may read Cities.
  const before = await apiLogin(page.request, email, password);
  const beforeList = await page.request.post('/api/cities/list', {
    headers: { authorization: `Bearer ${before.access_token}` },
    data: { limit: 1 },
  });
  expect(beforeList.status()).toBe(200);

  // The admin opens the role in the tree editor and unticks Cities (its actions go with it).
  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/roles');
  await closeVersionPopup(page);
  const row = page.getByTestId('role-row').filter({ hasText: roleName });
  await row.getByTestId('row-edit').click();
  const editor = page.getByTestId('role-editor');
  await expect(editor.getByTestId('role-name')).toHaveValue(roleName);
  await editor.getByTestId(`perm-open-${SECTION.Maintenance}`).click();
  const cities = editor.getByTestId(`perm-section-${SECTION.Cities}`);
  await expect(cities).toBeChecked();
  await expect(editor.getByTestId(`perm-action-${SECTION.Cities}-9`)).toBeChecked();
  await cities.uncheck();
  await expect(editor.getByTestId(`perm-action-${SECTION.Cities}-9`)).not.toBeChecked();
  await expect(editor.getByTestId(`perm-section-${SECTION.Brokers}`)).toBeChecked();
  await shot(page, 'people-roles-tree-editor');
  await editor.getByTestId('role-save').click();
  await expect(page.getByText('Saving Successfully')).toBeVisible();
  await expect(editor).toBeHidden();

  // The server keeps Brokers and no longer grants Cities.
  const edit = await (await page.request.get(`/api/permission/${roleId}/edit`, { headers: auth })).json();
  const maintenance = edit.all_permissions.find((n: { id: number }) => n.id === SECTION.Maintenance);
  const selected = (id: number) => maintenance.children.find((n: { id: number }) => n.id === id).selected;
  expect(selected(SECTION.Cities)).toBe(false);
  expect(selected(SECTION.Brokers)).toBe(true);

  // The user signs in: no Cities in the menu, the route shows the Error page, the API says 403.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signInWithForm(userPage, email, password);
  await expect(userPage).toHaveURL(/\/account$/);
  await closeVersionPopup(userPage);
  const menu = userPage.getByTestId('app-menu');
  await menu.getByText('Maintenance', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Brokers', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Cities', exact: true })).toHaveCount(0);
  await userPage.goto('/maintenance/cities');
  await expect(userPage.getByTestId('error-page')).toBeVisible();
  await shot(userPage, 'people-roles-refused');
  // The user's own session: the context's cookie, sent as the web app sends it.
  const refused = await userPage.request.post('/api/cities/list', { headers: WEB_CLIENT, data: { limit: 1 } });
  expect(refused.status()).toBe(403);
  await context.close();

  // Clean up: the user, then the role (a role with users cannot be deleted).
  const users = await (await page.request.post('/api/users/list', { headers: auth, data: { search: email } })).json();
  for (const u of users.rows) await page.request.delete(`/api/users/${u.id}`, { headers: auth });
  expect((await page.request.delete(`/api/permission/${roleId}`, { headers: auth })).status()).toBe(200);
});

test('users list, employee dialog and roles editor screens', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/users');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect(page.locator('td[data-col="userGroup"]').filter({ hasText: 'Administrator' }).first()).toBeVisible();
  await shot(page, 'people-users');

  await page.goto('/maintenance/employees');
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await clickRowAction(page.getByTestId('table-row').first(), 'edit');
  const dialog = page.getByTestId('employee-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('inventory-add').click();
  await expect(dialog.getByTestId('inventory-row').last()).toBeVisible();
  await shot(page, 'people-employee-dialog');
});

test('a customer subrole is made in the editor, given to a user, and its deletion is refused while held', async ({
  page,
}) => {
  const stamp = Date.now();
  const roleName = `E2E subrole ${stamp}`;
  const userName = `E2E Holder ${stamp}`;
  const admin = await apiLogin(page.request, USERS.admin);
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const created = await page.request.post('/api/users', {
    headers: auth,
    data: {
      name: userName,
      email: `e2e.holder.${stamp}@backhaul.demo`,
      password: 'e2e-holder-pass',
      role: 4,
      permission_role_id: null,
      department_id: null,
      customer_id: null,
      active: true,
    },
  });
  expect(created.ok()).toBe(true);
  const userId = (await created.json()).user.id as number;
  const { customers } = await (await page.request.post('/api/sub_customer', { headers: auth, data: {} })).json();
  const customer = customers[0] as { id: number; name: string };

  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/roles');
  await closeVersionPopup(page);
  await page.getByTestId('role-create').click();
  const editor = page.getByTestId('role-editor');
  await editor.getByTestId('role-name').fill(roleName);
  await editor.getByTestId('role-customer').click();
  await page.getByRole('option', { name: customer.name, exact: true }).click();
  await editor.getByTestId('role-assign').click();
  await editor.getByTestId('role-assign').fill(userName);
  await page.getByRole('option', { name: userName, exact: true }).click();
  await page.keyboard.press('Escape');
  await editor.getByTestId(`perm-section-${SECTION.Profile}`).check();
  await expect(editor.getByTestId(`perm-action-${SECTION.Profile}-10`)).toBeChecked();
  await editor.getByTestId('role-save').click();
  await expect(page.getByText('Saving Successfully')).toBeVisible();

  // The customer filter shows the subrole with its user.
  await page.getByTestId('roles-customer-filter').click();
  await page.getByRole('option', { name: customer.name, exact: true }).click();
  const row = page.getByTestId('role-row').filter({ hasText: roleName });
  await expect(row).toContainText(customer.name);
  await expect(row.locator('td').nth(2)).toHaveText('1');

  // Deleting a role that a user holds is refused with the server's message, after a confirmation.
  await row.getByTestId('row-delete').click();
  await expect(page.getByTestId('confirm-text')).toContainText(roleName);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('The role is assigned to 1 user(s); assign them another role first.')).toBeVisible();
  await expect(row).toBeVisible();

  expect((await page.request.delete(`/api/users/${userId}`, { headers: auth })).status()).toBe(200);
  const roles = (await (await page.request.get('/api/permission', { headers: auth })).json()).rows as {
    id: number;
    name: string;
  }[];
  const roleId = roles.find((r) => r.name === roleName)?.id;
  expect((await page.request.delete(`/api/permission/${roleId}`, { headers: auth })).status()).toBe(200);
});

test('users list: a view-only user edits only its own row; deleting another answers Deletion error', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `E2E Viewer ${stamp}`;
  const email = `e2e.viewer.${stamp}@backhaul.demo`;
  const admin = await apiLogin(page.request, USERS.admin);
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const role = await page.request.post('/api/permission', {
    headers: auth,
    data: {
      name: `E2E users view ${stamp}`,
      customer_id: null,
      permissions: [
        node(SECTION.Account, 'Account', [10]),
        node(SECTION.Maintenance, 'Maintenance', [], [node(SECTION.Users, 'Users', [10])]),
      ],
    },
  });
  const roleId = (await role.json()).role.id as number;
  const created = await page.request.post('/api/users', {
    headers: auth,
    data: {
      name,
      email,
      password: 'e2e-viewer-pass',
      role: 4,
      permission_role_id: roleId,
      department_id: null,
      customer_id: null,
      active: true,
    },
  });
  const userId = (await created.json()).user.id as number;

  await signInWithForm(page, email, 'e2e-viewer-pass');
  await expect(page).toHaveURL(/\/account$/);
  await closeVersionPopup(page);
  await page.goto('/maintenance/users');
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  const own = page.getByTestId('table-row').filter({ hasText: email });
  // Edit only on its own row.
  expect(await rowActionIds(own)).toContain('edit');
  expect(
    await rowActionIds(page.getByTestId('table-row').filter({ hasText: 'accountant@backhaul.demo' })),
  ).not.toContain('edit');
  await clickRowAction(page.getByTestId('table-row').filter({ hasText: 'accountant@backhaul.demo' }), 'delete');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Deletion error')).toBeVisible();

  // Its own record: the role fields are locked, the name may change.
  await clickRowAction(own, 'edit');
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog.getByTestId('field-role')).toBeDisabled();
  await dialog.getByTestId('field-name').fill(`${name} renamed`);
  await dialog.getByTestId('record-save').click();
  await expect(page.getByText('Saving Successfully')).toBeVisible();
  await expect(own).toContainText(`${name} renamed`);

  expect((await page.request.delete(`/api/users/${userId}`, { headers: auth })).status()).toBe(200);
  expect((await page.request.delete(`/api/permission/${roleId}`, { headers: auth })).status()).toBe(200);
});

test('a role manager changes only roles it holds in full; a refusal says why', async ({ page }) => {
  const stamp = Date.now();
  const email = `e2e.rolemanager.${stamp}@backhaul.demo`;
  const password = 'e2e-role-manager';
  const smallName = `E2E users reader ${stamp}`;
  const admin = await apiLogin(page.request, USERS.admin);
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const makeRole = async (name: string, permissions: object[]) =>
    (
      await (
        await page.request.post('/api/permission', { headers: auth, data: { name, customer_id: null, permissions } })
      ).json()
    ).role.id as number;
  const managerRole = await makeRole(`E2E role manager ${stamp}`, [
    node(SECTION.Account, 'Account', [10]),
    node(
      SECTION.Maintenance,
      'Maintenance',
      [],
      [node(SECTION.Users, 'Users', CRUD), node(SECTION.Roles, 'Roles', CRUD)],
    ),
  ]);
  const smallRole = await makeRole(smallName, [
    node(SECTION.Maintenance, 'Maintenance', [], [node(SECTION.Users, 'Users', [10])]),
  ]);
  const created = await page.request.post('/api/users', {
    headers: auth,
    data: {
      name: `E2E Role Manager ${stamp}`,
      email,
      password,
      role: 1,
      permission_role_id: managerRole,
      department_id: null,
      customer_id: null,
      active: true,
    },
  });
  const userId = (await created.json()).user.id as number;

  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/account$/);
  await closeVersionPopup(page);
  await page.goto('/maintenance/roles');
  const row = (name: string) => page.getByTestId('role-row').filter({ hasText: name });
  await expect(row(smallName).getByTestId('row-edit')).toBeVisible();
  // Roles holding more than the manager (Dispatcher, Administrator) and its own role offer no Edit or Delete.
  for (const name of ['Dispatcher', 'Administrator', `E2E role manager ${stamp}`]) {
    await expect(row(name).first()).toBeVisible();
    await expect(row(name).first().getByTestId('row-edit')).toHaveCount(0);
    await expect(row(name).first().getByTestId('row-delete')).toHaveCount(0);
  }
  await shot(page, 'people-roles-manager');

  // It may give its small role only to users whose role it could change: not to the accountant.
  await row(smallName).getByTestId('row-edit').click();
  const editor = page.getByTestId('role-editor');
  await editor.getByTestId('role-assign').click();
  await editor.getByTestId('role-assign').fill('Alex Ledger');
  await expect(page.getByRole('option', { name: 'Alex Ledger', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot(page, 'people-roles-manager-editor');
  // Asked anyway, the server refuses and says why; the accountant keeps its role.
  const accountantId = (
    await (
      await page.request.post('/api/users/list', { headers: auth, data: { search: 'accountant@backhaul.demo' } })
    ).json()
  ).rows[0].id as number;
  // As the web calls it: the role manager's session cookie (shared with the page) and the web client header.
  const refused = await page.request.post(`/api/permission/${smallRole}/assign`, {
    headers: WEB_CLIENT,
    data: { user_ids: [accountantId] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('You cannot change a user who holds permissions you do not hold.');
  const accountant = await (await page.request.get(`/api/users/${accountantId}/edit`, { headers: auth })).json();
  expect(accountant.user.permission_role_id).not.toBe(smallRole);

  expect((await page.request.delete(`/api/users/${userId}`, { headers: auth })).status()).toBe(200);
  for (const id of [smallRole, managerRole]) {
    expect((await page.request.delete(`/api/permission/${id}`, { headers: auth })).status()).toBe(200);
  }
});
