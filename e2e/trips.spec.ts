import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Dispatch end to end: a two-stop trip built in the dialog (zip lookup fills the city), a PPW file
// attached (the load shows "PPW exist"), the trip found in the list and opened to its loads, and
// the list exported as a spreadsheet holding it, then the load in Dispatch statistics.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** "YYYY-MM-DD" in America/Chicago, days from today. */
function chicagoDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(d);
}

async function pick(page: Page, testId: string, text?: string) {
  await page.getByTestId(testId).click();
  const option = text ? page.getByRole('option', { name: text }).first() : page.getByRole('option').first();
  await option.click();
}

test('build a two-stop trip, attach a PPW, find it in the list opened to its loads, export it', async ({ page }) => {
  test.setTimeout(120_000);
  const ref = `E2E-${Date.now() % 1_000_000}`;
  await signInWithStorage(page, USERS.admin);
  await page.goto('/trips/list');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect(page.getByTestId('filter-chip-delivery_datetime')).toContainText('(4 weeks) · default');

  await page.getByTestId('trip-create').click();
  const dialog = page.getByTestId('trip-dialog');
  await expect(dialog).toBeVisible();
  await pick(page, 'trip-truck_id');
  await pick(page, 'trip-customer_id');
  await pick(page, 'trip-dispatcher_id');
  await pick(page, 'load-broker-0');
  await dialog.getByLabel('Broker #').fill(ref);
  await dialog.getByLabel('BOL').fill(`BOL${ref}`);
  await page.getByTestId('load-gross-0').fill('2450');
  // The zip fills city and state from the cities table (POST /location).
  await page.getByTestId('stop-zip-0-0').fill('75201');
  await page.getByTestId('stop-zip-0-0').blur();
  await expect(page.getByTestId('stop-city-0-0')).toHaveValue('Dallas');
  await page.getByTestId('stop-at-0-0').fill(`${chicagoDay(-1)} 08:00`);
  await page.getByTestId('stop-zip-0-1').fill('60601');
  await page.getByTestId('stop-zip-0-1').blur();
  await expect(page.getByTestId('stop-city-0-1')).toHaveValue('Chicago');
  await page.getByTestId('stop-at-0-1').fill(`${chicagoDay(0)} 06:30`);
  // Loaded miles follow the stops (POST /trips/milesTrip); empty miles stay what the user typed.
  await expect(dialog.getByLabel('Loaded miles')).not.toHaveValue('0');
  await dialog.getByLabel('Empty miles').fill('33');
  await expect(page.getByTestId('load-miles-0')).toContainText(/RPM \$\d\.\d\d/);
  await shot(page, 'trips-dialog-new');
  await page.getByTestId('trip-save').click();
  await expect(page.getByText('Saving Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new trip is in the default window (delivered today): search its broker number.
  await page.getByPlaceholder('Search').fill(ref);
  await page.getByPlaceholder('Search').press('Enter');
  // (Broker # yields to fit the screen: the search alone picks the row.)
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  const row = page.getByTestId('table-row').first();
  await expect(row.locator('td[data-col="routs"]')).toHaveText('Dallas, TX → Chicago, IL');
  // PPW yields to fit the screen: the column settings keep it in view (reset at the end).
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-row-ppw_url').getByRole('checkbox').check();
  await page.getByTestId('settings-save').click();
  await expect(row.locator('td[data-col="ppw_url"]')).toHaveText('PPW not exist');

  // Attach a PPW file to the saved load from the dialog: its paperwork type first.
  await clickRowAction(row, 'edit');
  await expect(dialog).toBeVisible();
  await pick(page, 'ppw-type-0', 'Bill of lading');
  await page.locator('input[type="file"][accept*="png"]').first().setInputFiles({
    name: 'signed-bol.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByTestId('ppw-file')).toHaveText(/signed-bol\.pdf/);
  await expect(dialog.getByTestId('ppw-file-type')).toHaveText('Bill of lading');
  await shot(page, 'trips-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.locator('td[data-col="ppw_url"]')).toHaveText('PPW exist');
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-reset').click();
  await expect(page.getByTestId('th-ppw_url')).toHaveCount(0);

  // The trip row opens to its loads and stops.
  await row.locator('[data-testid^="expand-"]').click();
  const panel = page.getByTestId('table-row-expanded');
  await expect(panel).toContainText('PU Dallas, TX');
  await expect(panel).toContainText('DEL Chicago, IL');
  await expect(panel).toContainText('PPW exist');
  await shot(page, 'trips-list-expanded');

  // Export (fileType 5 → /trips/export): the workbook holds the trip.
  await page.getByTestId('trips-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trips').click()]);
  const file = join(SHOTS, 'trips-export.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const values = book.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
  expect(values).toContain(ref);

  // The statistics engineer's Dispatch statistics list shows the load too (default window).
  await page.goto('/statistics/dispatch-statistics');
  await expect(page.getByTestId('dispatch-statistics-page')).toBeVisible();
  await page.getByPlaceholder('Search').fill(ref);
  await page.getByPlaceholder('Search').press('Enter');
  // Its broker number (the search found it by) yields to fit the screen; the route is in view.
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await expect(page.getByTestId('table-row').first()).toContainText('Dallas, TX → Chicago, IL');
  await shot(page, 'trips-in-dispatch-statistics');
});
