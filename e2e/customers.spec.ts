import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { FROZEN_COLORS } from '../packages/web/src/platform/data-table/row-colors';
import { apiLogin, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Customers and leads end to end: a potential-clients spreadsheet with one bad row is imported,
// the error shown next to its cell, fixed and saved, and the rows found in the list; a frozen
// customer's row is painted red.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `customers-e2e-${name}.png`) });
const FIXTURE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/server/src/modules/clients/fixtures/potential-clients.xlsx',
);

test.describe.configure({ mode: 'serial' });

test('potential clients: import with one bad row, fix the cell, save, find the rows', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/potential-client');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-choose').click();
  await (await chooser).setFiles(FIXTURE);

  await expect(page.getByTestId('import-summary')).toHaveText('4 rows · 1 with errors · 0 skipped');
  await expect(page.getByTestId('error-4-email')).toHaveText('Enter a valid e-mail address.');
  await expect(page.getByTestId('import-row-4')).toHaveAttribute('data-error', 'true');
  await expect(page.getByTestId('import-row-2')).not.toHaveAttribute('data-error', 'true');
  // The good rows may be saved already; the bad one would be left out.
  await expect(page.getByTestId('import-save')).toHaveText('Save 3 rows');
  await shot(page, 'import-error');

  await page.getByTestId('cell-4-email').fill('ana@gulfcoast.example.com');
  await expect(page.getByTestId('error-4-email')).toHaveCount(0);
  await expect(page.getByTestId('import-summary')).toHaveText('4 rows · 0 with errors · 0 skipped');
  await shot(page, 'import-fixed');
  await page.getByTestId('import-save').click();
  await expect(page.getByText('Saving Successfully').first()).toBeVisible();
  await expect(page.getByTestId('lead-import')).toBeHidden();

  await page.getByTestId('table-search').fill('Gulf Coast Haulers');
  await page.getByTestId('table-search').press('Enter');
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  const row = page.getByTestId('table-row').first();
  await expect(row.locator('td[data-col="email"]')).toHaveText('ana@gulfcoast.example.com');
  await expect(row.locator('td[data-col="mc"]')).toHaveText('1234503');
  await page.getByTestId('table-search').fill('1234501');
  await page.getByTestId('table-search').press('Enter');
  await expect(page.getByTestId('table-row').first().locator('td[data-col="carrier"]')).toHaveText(
    'Prairie Wind Trucking LLC',
  );
  await shot(page, 'list-after-import');
});

test('customers: a frozen customer row shows red, a Daptor one orange', async ({ page }) => {
  const login = await apiLogin(page.request, USERS.admin);
  const headers = { authorization: `Bearer ${login.access_token}` };
  const base = {
    email: '',
    phone: '',
    mc_number: '',
    dot_number: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    sale_manager_id: '',
    factoring_company_id: '',
    services: ['dispatch'],
    find_us: '',
  };
  // A run-unique tag keeps the search to this run's two rows when the journey runs on a kept database.
  const tag = `E2E${Date.now().toString(36)}`;
  const frozenName = `${tag} Frozen Freight LLC`;
  const daptorName = `${tag} Daptor Lines Inc`;
  for (const [name, frozen] of [
    [frozenName, '1'],
    [daptorName, '2'],
  ] as const) {
    const res = await page.request.post('/api/customers/create', { headers, data: { ...base, name, frozen } });
    expect(res.ok()).toBe(true);
  }

  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/customers');
  await closeVersionPopup(page);
  await page.getByTestId('table-search').fill(tag);
  await page.getByTestId('table-search').press('Enter');
  await expect(page.getByTestId('table-row')).toHaveCount(2);
  const frozenRow = page.getByTestId('table-row').filter({ hasText: frozenName });
  await expect(frozenRow).toHaveCSS('background-color', FROZEN_COLORS[1] as string);
  await expect(frozenRow.getByTestId('frozen-badge')).toHaveText('Frozen');
  const daptorRow = page.getByTestId('table-row').filter({ hasText: daptorName });
  await expect(daptorRow).toHaveCSS('background-color', FROZEN_COLORS[2] as string);
  await shot(page, 'frozen-rows');

  await frozenRow.getByTestId('customer-name').click();
  await expect(page.getByTestId('customer-card')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(frozenName);
  await shot(page, 'card');
});
