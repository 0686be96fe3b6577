import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// The list engine end to end on Cities and Brokers: filter, sort, page size, column settings kept
// across a reload, export opened as a spreadsheet, and create/delete with the spec's messages.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

const cellsOf = (page: Page, column: string) => page.locator(`[data-testid="table-row"] td[data-col="${column}"]`);
const headerIds = (page: Page) =>
  page.locator('thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-testid')?.slice(3) ?? ''));

async function openList(page: Page, path: string) {
  await signInWithStorage(page, USERS.admin);
  await page.goto(path);
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('cities: filter, sort, page size, number filter rules, settings kept after reload, export', async ({ page }) => {
  await openList(page, '/maintenance/cities');
  await shot(page, 'lists-cities');

  // List filter on state: applied after the debounce, kept in the URL.
  await page.getByTestId('filter-state').click();
  const menu = page.getByTestId('filter-menu-state');
  await expect(menu).toBeVisible();
  await menu.getByPlaceholder('Search').fill('T');
  await menu.getByLabel('TX', { exact: true }).check();
  await shot(page, 'lists-filter-list');
  await expect(page).toHaveURL(/f=.*TX/);
  await page.keyboard.press('Escape');
  await expect(cellsOf(page, 'state').first()).toHaveText('TX');
  const states = await cellsOf(page, 'state').allTextContents();
  expect(new Set(states)).toEqual(new Set(['TX']));

  // Sort by city descending (second click).
  await page.getByTestId('sort-city').click();
  await expect(page).toHaveURL(/sort=city/);
  // The ascending page is in before the second click (a click while it loads can read the old sort).
  await expect(async () => {
    const names = await cellsOf(page, 'city').allTextContents();
    expect(names.length).toBeGreaterThan(3);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  }).toPass();
  // ...and the header shows it: the second click reads the sort the table holds.
  await expect(page.getByTestId('th-city')).toHaveAttribute('aria-sort', 'ascending');
  await page.getByTestId('sort-city').click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(page.getByTestId('th-city')).toHaveAttribute('aria-sort', 'descending');
  await expect(async () => {
    const names = await cellsOf(page, 'city').allTextContents();
    expect(names.length).toBeGreaterThan(3);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  }).toPass();

  // Page 2, then a new page size goes back to page 1.
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByTestId('page-size').click();
  await page.getByRole('option', { name: '50', exact: true }).click();
  await expect(page).toHaveURL(/size=50/);
  await expect(page).not.toHaveURL(/page=2/);

  // The number filter's rules: OK disabled while empty; From > To shows the spec's message.
  await page.getByTestId('filter-id').click();
  const numberMenu = page.getByTestId('filter-menu-id');
  await expect(numberMenu.getByTestId('number-ok')).toBeDisabled();
  await numberMenu.getByTestId('number-op').click();
  await page.getByRole('option', { name: 'Between' }).click();
  await numberMenu.getByPlaceholder('From').fill('900');
  await numberMenu.getByPlaceholder('To').fill('100');
  await expect(numberMenu.getByTestId('number-error')).toHaveText(
    'The "From" value must not be greater than the "To" value.',
  );
  await expect(numberMenu.getByTestId('number-ok')).toBeDisabled();
  await shot(page, 'lists-filter-number');
  await page.keyboard.press('Escape');

  // The filtered, sorted view is a shareable address: a reload shows the same rows.
  const before = await cellsOf(page, 'city').allTextContents();
  await page.reload();
  await expect(cellsOf(page, 'state').first()).toHaveText('TX');
  expect(await cellsOf(page, 'city').allTextContents()).toEqual(before);

  // Column settings: hide zip codes, put state first, save; a reload keeps them.
  await page.getByTestId('table-settings').click();
  const panel = page.getByTestId('column-settings');
  await expect(panel).toBeVisible();
  await panel.getByTestId('settings-row-zip_codes').getByRole('checkbox').uncheck();
  const grip = panel.getByRole('button', { name: 'Drag State' });
  const target = panel.getByTestId('settings-row-id');
  const from = await grip.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('settings rows not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y - 10, { steps: 4 });
  await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await shot(page, 'lists-settings-panel');
  await panel.getByTestId('settings-save').click();
  await expect(page.getByText('Saving Successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect.poll(() => headerIds(page)).toEqual(['state', 'id', 'city', '__actions']);

  // Export downloads the caller's view; the file opens as a spreadsheet with those columns.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('table-export').click();
  const download = await downloading;
  const file = join(SHOTS, 'cities-export.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.getRow(1).values).toEqual([undefined, 'State', 'ID', 'City']);
  expect(sheet.getRow(2).getCell(1).value).toBe('TX');

  // Reset to default brings the zip codes back.
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-reset').click();
  await expect.poll(() => headerIds(page)).toEqual(['id', 'city', 'zip_codes', 'state', '__actions']);

  // Refresh filters: sort, filters, page size and search back to their defaults.
  await page.getByTestId('table-refresh').click();
  await expect(page).not.toHaveURL(/[?&](f|sort|size)=/);
});

test('brokers: search on Enter, create with field messages, delete with confirmation', async ({ page }) => {
  await openList(page, '/maintenance/brokers');
  await shot(page, 'lists-brokers');

  await page.getByTestId('table-search').fill('logistics');
  await page.getByTestId('table-search').press('Enter');
  await expect(page).toHaveURL(/q=logistics/);
  await expect(async () => {
    const names = await cellsOf(page, 'broker').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toMatch(/logistics|…/);
  }).toPass();

  await page.getByTestId('table-create').click();
  const dialog = page.getByTestId('record-dialog');
  await dialog.getByTestId('field-broker').fill(' ');
  await dialog.getByTestId('field-email_address').fill('not-an-address');
  await dialog.getByTestId('record-save').click();
  await expect(dialog.getByText('The broker name is required.')).toBeVisible();
  await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
  await shot(page, 'lists-broker-dialog');
  await dialog.getByTestId('field-broker').fill('Aardvark Test Logistics');
  await dialog.getByTestId('field-email_address').fill('loads@aardvark.test');
  await dialog.getByTestId('field-local_phone').fill('3125550100');
  await dialog.getByTestId('record-save').click();
  await expect(page.getByText('Saving Successfully')).toBeVisible();

  await page.getByTestId('table-search').fill('aardvark test');
  await page.getByTestId('table-search').press('Enter');
  await expect(cellsOf(page, 'broker')).toHaveText(['Aardvark Test Logistics']);
  await expect(cellsOf(page, 'local_phone')).toHaveText(['+1 (312) 555-0100']);
  await clickRowAction(page.getByTestId('table-row').first(), 'delete');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('The removal was successful')).toBeVisible();
  await expect(page.getByTestId('table-empty')).toBeVisible();

  // Show the hidden "Added" column and filter it by a date range (a single day is both ends).
  await page.getByTestId('table-refresh').click();
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-row-created_at').getByRole('checkbox').check();
  await page.getByTestId('settings-save').click();
  await page.getByTestId('filter-created_at').click();
  const dateMenu = page.getByTestId('filter-menu-created_at');
  await expect(dateMenu.getByLabel('Empty')).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, 'lists-filter-date');
  await dateMenu.getByLabel('Empty').check();
  await expect(page).toHaveURL(/empty/);
  await expect(page.getByTestId('table-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-reset').click();
  await expect(page.getByTestId('th-created_at')).toHaveCount(0);
});
