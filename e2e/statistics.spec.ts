import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Response, test } from '@playwright/test';
import { clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Statistics: the landing dashboard's cards and chart; dispatch statistics filtered by a pickup
// state, its totals agreeing with the charts' figures, both charts drawn; customer reports.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

test('dispatch statistics: filter by a pickup state, see the totals and both charts', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithStorage(page, USERS.admin);

  await page.goto('/statistics');
  await closeVersionPopup(page);
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByTestId('kpi-loads')).not.toContainText('—');
  await expect(page.getByTestId('chart-graph').locator('canvas')).toBeVisible();
  await page.waitForTimeout(600); // the 400 ms chart animation
  await shot(page, 'statistics-dashboard');

  const firstList = page.waitForResponse((r) => r.url().endsWith('/api/statistics/list'), { timeout: 30_000 });
  await page.goto('/statistics/dispatch-statistics');
  const all = await (await firstList).json();
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect(page.getByTestId('chart-gross').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-rpm').locator('canvas')).toBeVisible();
  expect(all.sum.gross).toBeGreaterThan(0);

  // Filter the route column by pickup state TX (address type PickUp 1): table and charts follow.
  const withTx = (url: string) => (r: Response) =>
    r.url().endsWith(url) && (r.request().postData() ?? '').includes('"TX"');
  const listAnswer = page.waitForResponse(withTx('/api/statistics/list'));
  const graphAnswer = page.waitForResponse(withTx('/api/statistics/filter'));
  await page.getByTestId('filter-routs').click();
  const menu = page.getByTestId('filter-menu-routs');
  await menu.getByRole('radio', { name: 'PickUp' }).check({ force: true });
  const state = menu.getByRole('combobox', { name: 'State' });
  await state.fill('TX');
  await state.press('Enter');
  const [list, graph] = await Promise.all([(await listAnswer).json(), (await graphAnswer).json()]);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/routs/);

  expect(list.total).toBeGreaterThan(0);
  expect(list.total).toBeLessThan(all.total);
  for (const row of list.rows) expect(row.routs).toMatch(/^[^→]*, TX →/);
  // The charts read the same filters: their figures are the table's totals.
  expect(graph.amount).toBeCloseTo(list.sum.gross, 2);
  expect(graph.total_load).toBe(list.total);
  expect(graph.graph.amount.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(list.sum.gross, 1);
  const dollars = (v: number) =>
    `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('kpi-gross')).toContainText(dollars(graph.amount));
  await expect(page.getByTestId('total-load_id')).toContainText(`n ${list.total}`);
  await expect(page.getByTestId('total-gross')).toContainText('Σ $');
  await expect(page.getByTestId('table-row').first()).toContainText('TX');
  await page.waitForTimeout(600);
  await shot(page, 'statistics-dispatch');

  await page.goto('/statistics/customer-reports');
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await shot(page, 'statistics-customer-reports');
  // A customer's loads open in dispatch statistics, filtered to that carrier.
  await clickRowAction(page.getByTestId('table-row').first(), 'loads');
  await expect(page).toHaveURL(/dispatch-statistics.*carrier/);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
});

test('safety RFM statistics: the safety user sees twelve months and the chart', async ({ page }) => {
  await signInWithStorage(page, USERS.safety);
  await page.goto('/statistics/safety-statistics');
  await closeVersionPopup(page);
  await expect(page.getByTestId('chart-safety').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('safety-months').locator('tbody tr')).toHaveCount(12);
  await expect(page.getByTestId('safety-customers').locator('tbody tr').first()).toBeVisible();
  await page.waitForTimeout(600);
  await shot(page, 'statistics-safety');
});
