import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Screens as people meet them (issue 32), at 1440×900, each as the role that uses it: a driver's
// recent loads in Ctrl+K and trips found by the driver's name (dispatcher); employee statements in the
// Accounting menu and a refused delete that says what holds the record (accountant); labelled header
// counts on one line (safety); a downtime row that opens its breakdown (shop).

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `screens-${name}.png`) });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('dispatcher: Ctrl+K shows a driver’s recent loads, and trips are found by the driver’s name', async ({ page }) => {
  test.setTimeout(90_000);
  const token = (await apiLogin(page.request, USERS.dispatcher)).access_token;
  const list = await page.request.post('/api/trips/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { limit: 5, filters: { delivery_datetime: null } },
  });
  const trips = (await list.json()) as {
    trips?: Array<Record<string, unknown>>;
    rows?: Array<Record<string, unknown>>;
  };
  const row = (trips.trips ?? trips.rows ?? []).find((t) => typeof t.driver === 'string' && t.driver);
  const driver = String(row?.driver ?? '');
  expect(driver, 'a trip of the dispatcher with a driver').not.toBe('');
  const firstName = driver.split(' ')[0] as string;

  await signInWithStorage(page, USERS.dispatcher);
  await page.goto('/trips/list');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+k');
  await page.getByTestId('search-input').fill(driver);
  const loads = page.getByTestId('search-group-driver_loads').first();
  await expect(loads).toContainText(`Recent loads · ${driver}`);
  await expect(loads.getByTestId('search-result').first()).toBeVisible();
  await shot(page, 'palette-driver-loads');
  await loads.getByTestId('search-result').first().click();
  await expect(page).toHaveURL(/[?&]trip=\d+&load=\d+/);
  // The load opens in the trip's detail, the driver's name in it.
  await expect(page.getByRole('dialog').filter({ hasText: /Trip #\d+/ })).toContainText(driver);
  await page.keyboard.press('Escape');

  // The trips list's search finds the driver's trips by a part of the name.
  await page.goto('/trips/list');
  await page.getByTestId('table-search').fill(firstName);
  await page.getByTestId('table-search').press('Enter');
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await shot(page, 'trips-search-driver');
});

test('accountant: employee statements in the Accounting menu; a refused delete says what holds the customer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/accounting/customer-invoices');
  await closeVersionPopup(page);
  await page.getByRole('link', { name: 'Employee statements' }).click();
  await expect(page).toHaveURL(/\/accounting\/employee-statements$/);
  await expect(page.getByTestId('employee-statements-page')).toBeVisible();

  await page.goto('/maintenance/customers');
  const first = page.getByTestId('table-row').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await clickRowAction(first, 'delete');
  await page.getByTestId('confirm-delete').click();
  // The spec's words, then what holds it, counted; the record can be made inactive instead.
  await expect(page.getByTestId('delete-refused')).toContainText(/^Deletion error: \d+ (trip|invoice|payment)/);
  await expect(page.getByTestId('delete-deactivate')).toHaveText('Make inactive instead');
  await shot(page, 'refused-delete');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('delete-refused')).toBeHidden();
});

test('safety: the header’s counts are labelled, on one line, with nothing shown while they load', async ({ page }) => {
  await signInWithStorage(page, USERS.safety);
  await page.goto('/logbooks');
  await closeVersionPopup(page);
  const counts = page.getByTestId('header-counts');
  await expect(counts).toContainText('Expiring:');
  await expect(counts).toContainText('Vacation:');
  await expect(page.getByTestId('app-header')).not.toContainText('⚠');
  // One line: the breadcrumb and the counts no taller than one line of the header.
  const crumbs = await page.getByTestId('breadcrumbs').boundingBox();
  expect(crumbs?.height ?? 99).toBeLessThan(32);
  await shot(page, 'safety-header');
});

test('shop: a downtime row opens its breakdown — days, basis, gross per day and the work orders', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithStorage(page, USERS.shop);
  await page.goto('/shop/downtime');
  await closeVersionPopup(page);
  const row = page.getByTestId('table-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  const breakdown = page.getByTestId('downtime-breakdown');
  await expect(breakdown).toBeVisible();
  await expect(page.getByTestId('downtime-basis')).not.toBeEmpty();
  await expect(breakdown.getByTestId('downtime-line').first()).toBeVisible();
  await shot(page, 'downtime-breakdown');
});
