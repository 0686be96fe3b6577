import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Settings end to end: the admin changes the system settings on the System settings screen and the
// Old system settings screen (which reads the same values) shows the change; then a company list
// (holidays) is walked through create, edit and delete in its dialog.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test.describe.configure({ mode: 'serial' });

test('system settings saved on one screen are read by the other', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/settings/system-settings');
  await closeVersionPopup(page);
  const form = page.getByTestId('system-settings-form');
  await expect(form).toBeVisible();
  const name = `Backhaul Freight ${Date.now() % 100000}`;
  await form.getByLabel('Company name').fill(name);
  const recipients = form.getByLabel('Trucks on the road');
  await recipients.fill('yard@backhaul.demo');
  await recipients.press('Enter');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved successfully.')).toBeVisible();
  await shot(page, 'settings-system');

  await page.goto('/settings/old-system-settings');
  const old = page.getByTestId('system-settings-form');
  await expect(old.getByLabel('Company name')).toHaveValue(name);
  await expect(old.getByText('yard@backhaul.demo')).toBeVisible();
});

test('a holiday is added, renamed and deleted in the Holidays list', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/settings/system-settings?tab=holidays');
  await closeVersionPopup(page);
  const list = page.getByTestId('info-holidays-page');
  await expect(list.getByRole('heading', { name: 'Holidays' })).toBeVisible();
  await list.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New holiday' });
  await dialog.getByLabel('Date').fill('2031-03-31');
  await dialog.getByLabel('Holiday').fill('César Chávez Day');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await list.getByPlaceholder(/Search/).fill('Chávez');
  await list.getByPlaceholder(/Search/).press('Enter');
  const row = list.getByRole('row', { name: /César Chávez Day/ });
  await expect(row).toBeVisible();
  await clickRowAction(row, 'edit');
  const edit = page.getByRole('dialog', { name: 'Edit holiday' });
  await expect(edit.getByLabel('Holiday')).toHaveValue('César Chávez Day');
  await edit.getByLabel('Holiday').fill('Cesar Chavez Day');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item saved successfully')).toBeVisible();
  await shot(page, 'settings-holidays');

  await list.getByPlaceholder(/Search/).fill('Chavez');
  await list.getByPlaceholder(/Search/).press('Enter');
  const renamed = list.getByRole('row', { name: /Cesar Chavez Day/ });
  await expect(renamed).toBeVisible();
  await clickRowAction(renamed, 'delete');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete|Yes|Confirm/ })
    .click();
  await expect(page.getByText('Item deleted successfully')).toBeVisible();
  await expect(list.getByRole('row', { name: /Cesar Chavez Day/ })).toHaveCount(0);
});

test('the shop manager picks 50 rows per page from the header; the work orders list starts with it', async ({
  page,
}) => {
  await signInWithStorage(page, USERS.shop);
  await page.goto('/shop/work-orders');
  await closeVersionPopup(page);
  await expect(page.getByTestId('page-size')).toHaveValue('20');
  await page.getByTestId('header-preferences').click();
  const prefs = page.getByTestId('user-account-settings-page');
  await expect(prefs).toBeVisible();
  await prefs.getByLabel('Rows per page').click();
  await page.getByRole('option', { name: '50', exact: true }).click();
  await prefs.getByTestId('user-settings-save').click();
  await expect(page.getByText('Settings saved successfully.').first()).toBeVisible();
  await shot(page, 'settings-user-account');

  await page.goto('/shop/work-orders');
  await expect(page.getByTestId('page-size')).toHaveValue('50');
  // The total once the rows are in (the pager reads 0 while the first page loads).
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  const totalOf = async () =>
    Number((await page.getByTestId('table-total').textContent())?.replace(/,/g, '').match(/\d+/)?.[0] ?? 0);
  await expect.poll(totalOf).toBeGreaterThan(20);
  const total = await totalOf();
  // One page holds every row now (the table itself renders only the rows in view).
  const pageTwo = page.getByTestId('table-pager').getByRole('button', { name: '2', exact: true });
  await expect(pageTwo).toHaveCount(total > 50 ? 1 : 0);

  // Back to the default (the company's, or each list's own), so the other journeys meet the usual page.
  await page.goto('/settings/user-account-settings');
  await prefs.getByLabel('Rows per page').click();
  await page.getByRole('option', { name: /default/ }).click();
  await prefs.getByTestId('user-settings-save').click();
  await expect(page.getByText('Settings saved successfully.').first()).toBeVisible();
  await page.goto('/shop/work-orders');
  await expect(page.getByTestId('page-size')).toHaveValue('20');
  await expect(pageTwo).toHaveCount(1);
});

test('the default trailer type of the system settings is what a new trailer starts with', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/settings/system-settings');
  await closeVersionPopup(page);
  const form = page.getByTestId('system-settings-form');
  await form.getByLabel('Default trailer type').click();
  const option = page.getByRole('option').last();
  const type = (await option.textContent())?.trim() ?? '';
  await option.click();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved successfully.').first()).toBeVisible();

  await page.goto('/maintenance/trailers');
  await page.getByTestId('table-create').click();
  const dialog = page.getByTestId('trailer-dialog');
  const escaped = type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(dialog.getByLabel('Trailer type')).toHaveValue(new RegExp(`^${escaped}`));
  await shot(page, 'settings-default-trailer-type');
});

test('/test shows the installation to an administrator, and a dispatcher meets the Error page', async ({
  page,
  browser,
}) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/test');
  await closeVersionPopup(page);
  await expect(page.getByTestId('status-database')).toContainText(/PGlite \(embedded\)|PostgreSQL/);
  await expect(page.getByTestId('status-database')).toContainText(/Migrations applied\s*(\d+) of \1/);
  await shot(page, 'settings-test-page');
  await page.goto('/ui');
  await expect(page.getByTestId('ui-tables').getByTestId('table-row').first()).toBeVisible();
  await expect(page.getByTestId('ui-formats')).toContainText('$12,345.60');
  await page.getByTestId('ui-open-confirm').click();
  await expect(page.getByTestId('confirm-text')).toContainText('nothing is deleted here');

  const other = await browser.newPage();
  await signInWithStorage(other, USERS.dispatcher);
  await other.goto('/test');
  await expect(other.getByText('Error', { exact: false }).first()).toBeVisible();
  await expect(other.getByTestId('test-page')).toHaveCount(0);
  await other.close();
});
