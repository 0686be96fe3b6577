import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// The platform table and search as a dispatcher and an accountant meet them: a trip opened by
// clicking its row, a load found by its destination city and by the global search (Ctrl+K), and
// an export summed in a spreadsheet.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

async function openTrips(page: Page, user: string) {
  await signInWithStorage(page, user);
  await page.goto('/trips/list');
  await closeVersionPopup(page);
  // The first answer also carries the filter options: give a loaded machine time for it.
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
}

test('a dispatcher opens a trip from its row, finds a load by its destination city and by Ctrl+K', async ({ page }) => {
  test.setTimeout(120_000);
  await openTrips(page, USERS.dispatcher);
  const first = page.getByTestId('table-row').first();
  const tripId = (await first.locator('td[data-col="trip_id"]').innerText()).trim().split(/\s+/)[0] ?? '';
  const loadId = (await first.locator('td[data-col="load_id"]').innerText()).trim();
  const route = (await first.locator('td[data-col="routs"]').innerText()).trim();
  const destination = route.split('→')[1]?.split(',')[0]?.trim() ?? '';
  expect(destination).not.toBe('');

  // A click on the row (not on a button in it) opens the trip's detail view.
  await first.locator('td[data-col="routs"]').click();
  const detail = page.getByTestId('trip-detail');
  await expect(detail.getByRole('heading', { name: `Trip #${tripId}`, exact: true })).toBeVisible();
  await expect(page.getByTestId('trip-timeline')).toContainText(destination);
  await expect(page).toHaveURL(new RegExp(`trip=${tripId}`));
  await shot(page, 'trip-detail');
  await detail.getByRole('tab', { name: /Billing and payments/ }).click();
  await expect(page.getByTestId('trip-money')).toContainText(`#${loadId}`);
  await detail.getByRole('tab', { name: /History/ }).click();
  await page.keyboard.press('Escape');
  await expect(detail.getByRole('heading', { name: `Trip #${tripId}`, exact: true })).toBeHidden();

  // Enter on a focused row opens it too; arrows move between rows.
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('trip-detail').getByRole('heading', { name: /^Trip #\d+$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('trip-timeline')).toHaveCount(0);

  // The search box says what it covers and finds the load by its destination city.
  const search = page.getByTestId('table-search');
  await expect(search).toHaveAttribute('placeholder', /stop city or state/);
  await search.fill(destination);
  await search.press('Enter');
  const found = page
    .getByTestId('table-row')
    .filter({ has: page.locator(`td[data-col="load_id"]`, { hasText: new RegExp(`^${loadId}$`) }) });
  await expect(found).toHaveCount(1);
  await shot(page, 'trips-search-city');
  // Nothing found: the empty state sits above the totals with Clear filters.
  await search.fill('no-such-city-anywhere');
  await search.press('Enter');
  await expect(page.getByTestId('table-empty')).toContainText('No rows match');
  await shot(page, 'trips-empty');
  await page.getByTestId('table-clear-filters').click();
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect(search).toHaveValue('');

  // The global search finds the load by its number and opens its trip.
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('search-palette');
  await palette.getByTestId('search-input').fill(loadId);
  const result = palette.getByTestId('search-result').filter({ hasText: `Load #${loadId}` });
  await expect(result).toHaveCount(1);
  await shot(page, 'search-palette');
  await result.click();
  await expect(page).toHaveURL(new RegExp(`trip=${tripId}&load=${loadId}`));
  await expect(
    page.getByTestId('trip-detail').getByRole('heading', { name: `Trip #${tripId}`, exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // An empty answer says what was searched.
  await page.keyboard.press('Control+k');
  await palette.getByTestId('search-input').fill('zz-nothing-zz');
  await expect(palette.getByTestId('search-empty')).toContainText('No match for “zz-nothing-zz”');
  await shot(page, 'search-palette-empty');
});

test("an accountant's billing export opens in a spreadsheet whose Gross column sums to the list's total", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/accounting/billing');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
  // One customer's loads: the export writes the caller's view (search, filters, visible columns).
  const customer = 'Lone Star Logistics';
  await page.getByTestId('table-search').fill(customer);
  await page.getByTestId('table-search').press('Enter');
  await expect(page.getByTestId('table-row').first()).toContainText(customer);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    page.getByTestId('table-export').click(),
  ]);
  const file = join(SHOTS, 'billing-gross.xlsx');
  await download.saveAs(file);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const gross = header.indexOf('Gross');
  expect(gross).toBeGreaterThan(0);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.autoFilter).toBeTruthy();

  let sum = 0;
  let rows = 0;
  let totals: ExcelJS.CellValue = null;
  const notNumbers: number[] = [];
  const formats = new Set<string>();
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cell = row.getCell(gross);
    if (row.getCell(1).value === 'Total') {
      totals = cell.value;
      return;
    }
    if (typeof cell.value !== 'number') notNumbers.push(n);
    formats.add(cell.numFmt);
    sum += Number(cell.value);
    rows++;
  });
  // Every Gross cell is a number written as currency, so the spreadsheet can sum it.
  expect(rows).toBeGreaterThan(0);
  expect(notNumbers).toEqual([]);
  expect([...formats]).toEqual(['"$"#,##0.00;[Red]-"$"#,##0.00']);
  // The totals row is a SUM formula over the column, and the list's own total agrees.
  expect(totals).toMatchObject({ formula: expect.stringMatching(/^SUM\(/) });
  const result = (totals as unknown as { result: number }).result;
  expect(Math.round(sum * 100)).toBe(Math.round(result * 100));
  const token = (await apiLogin(page.request, USERS.accountant)).access_token;
  const list = await page.request.post('/api/billings/list', {
    data: { search: customer },
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = await list.json();
  expect(rows).toBe(answer.total);
  expect(Math.round(answer.sum.gross * 100)).toBe(Math.round(sum * 100));
  await shot(page, 'billing-accountant');
});
