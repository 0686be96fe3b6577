import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// IFTA (issue 30): the accountant imports a fuel-card file with a DEF row and an ELD file, opens last quarter's
// return, downloads it as PDF and XLSX and the audit file likewise; the PDFs are rendered to PNG
// (poppler's pdftoppm, when the machine has it) beside the screenshot, to be looked at.

const DIR = process.env.IFTA_SHOTS_DIR ?? join(SHOTS, 'ifta');
mkdirSync(DIR, { recursive: true });

type Option = { value: number; label: string };

/** Clicks the control that downloads a file and keeps the file under DIR. */
async function download(page: Page, click: () => Promise<void>, name: RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  expect(file.suggestedFilename()).toMatch(name);
  const path = join(DIR, file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

/**
 * The PDF's first pages and its last as PNG beside it (poppler's pdftoppm and pdfinfo, when the
 * machine has them): a fleet's audit file runs to hundreds of pages.
 */
function render(pdf: string, firstPages: number) {
  const out = pdf.replace(/\.pdf$/, '');
  try {
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1] ?? 1);
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', String(Math.min(firstPages, pages)), pdf, out]);
    if (pages > firstPages)
      execFileSync('pdftoppm', ['-png', '-r', '110', '-f', String(pages), '-l', String(pages), pdf, out]);
  } catch {
    // No poppler here: the PDF alone is kept.
  }
}

test('accountant: a fuel file with DEF, the quarter’s return and the audit file, exported and rendered', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = (await apiLogin(page.request, USERS.accountant)).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const options = await (await page.request.get('/api/fuel', { headers })).json();
  const unit = (options.trucks as Option[])[0]?.label as string;
  const driver = (options.drivers as Option[])[0]?.label as string;
  const invoice = `IFTA-E2E-${Date.now()}`;
  // Last full quarter, the tab's default: its second month.
  const today = new Date();
  const q = Math.floor(today.getUTCMonth() / 3);
  const year = q === 0 ? today.getUTCFullYear() - 1 : today.getUTCFullYear();
  const month = (q === 0 ? 9 : (q - 1) * 3) + 2;
  const day = `${String(month).padStart(2, '0')}/15/${year}`;
  const quarter = `${year}-Q${Math.ceil(month / 3)}`;
  const csv = [
    'Card Number,Transaction Date,Transaction Number,Unit Number,Driver Name,Truck Stop Name,City,State,Item,Qty,Total Amount',
    `70839998,${day},${invoice},${unit},${driver},Pilot #0382,Effingham,IL,ULSD,120.500,471.33`,
    `70839998,${day},${invoice}-DEF,${unit},${driver},Pilot #0382,Effingham,IL,DEF,10.000,38.90`,
  ].join('\n');

  // 1. The import: both rows saved, the DEF one as product DEF.
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/accounting/fuel');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
  const before = await (await page.request.post('/api/ifta/report', { headers, data: { quarter } })).json();
  await page.getByRole('button', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-choose').click();
  await (await chooser).setFiles({ name: 'fuel.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-save')).toBeEnabled();
  await page.getByTestId('import-save').click();
  await expect(page.getByText('Saving Successfully').first()).toBeVisible();
  await page.getByTestId('table-search').fill(invoice);
  await page.getByTestId('table-search').press('Enter');
  await expect(page.getByTestId('table-row')).toHaveCount(2);
  // Product yields to fit the screen: the column settings keep it in view (reset after).
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-row-product').getByRole('checkbox').check();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('table-row').filter({ hasText: 'DEF' })).toHaveCount(1);
  await page.getByTestId('table-settings').click();
  await page.getByTestId('settings-reset').click();

  // 1b. An ELD file for a truck whose quarter is routed today: a bad row skipped, the good ones saved;
  // the return then takes that truck's ELD miles (412 + 157 = 569) and says so.
  type TruckMiles = { truck_id: number; truck_number: string; source: string; eld_miles: number | null };
  const routedTruck = (before.trucks as TruckMiles[]).find((t) => t.source === 'routed');
  if (!routedTruck) throw new Error('no truck with routed miles in the quarter');
  const eldCsv = [
    'Vehicle,Date,Jurisdiction,Distance',
    `${routedTruck.truck_number},${day},IL,412`,
    `${routedTruck.truck_number},${day},IN,157`,
    `${routedTruck.truck_number},${day},ZZ,90`,
  ].join('\n');
  await page.goto('/accounting/eld');
  await expect(page.getByTestId('eld-page')).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  const eldChooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-choose').click();
  await (await eldChooser).setFiles({ name: 'eld-ifta.csv', mimeType: 'text/csv', buffer: Buffer.from(eldCsv) });
  await page.getByTestId('import-skip-errors').click();
  await expect(page.getByTestId('import-save')).toBeEnabled();
  await page.screenshot({ path: join(DIR, 'eld-import.png') });
  await page.getByTestId('import-save').click();
  await expect(page.getByText('Saving Successfully').first()).toBeVisible();
  const withEld = await (
    await page.request.post('/api/ifta/report', { headers, data: { quarter, truck_id: routedTruck.truck_id } })
  ).json();
  const eldTruck = (withEld.trucks as TruckMiles[]).find((t) => t.truck_id === routedTruck.truck_id);
  expect(eldTruck?.source).toBe('eld');
  expect(eldTruck?.eld_miles).toBe(569);

  // 2. The quarter's return: the diesel counts, the DEF does not.
  await page.goto('/accounting/fuel?tab=ifta');
  await expect(page.getByTestId('ifta-quarter')).toHaveValue(quarter);
  await expect(page.getByTestId('ifta-row').first()).toBeVisible({ timeout: 60_000 });
  const after = await (await page.request.post('/api/ifta/report', { headers, data: { quarter } })).json();
  expect(after.total_gallons).toBeCloseTo(before.total_gallons + 120.5, 3);
  expect(after.excluded_gallons.def).toBeCloseTo(before.excluded_gallons.def + 10, 3);
  await expect(page.getByTestId('ifta-excluded')).toContainText(
    after.excluded_gallons.def.toLocaleString('en-US', { minimumFractionDigits: 3 }),
  );
  await expect(page.getByTestId('ifta-row').filter({ hasText: 'AR' }).first()).toBeVisible();
  await page.screenshot({ path: join(DIR, 'ifta-screen.png') });

  // 3. The return and the audit file, PDF and XLSX.
  const returnPdf = await download(page, () => page.getByTestId('ifta-export-pdf').click(), /^ifta-\d{4}-Q\d\.pdf$/);
  await download(page, () => page.getByTestId('ifta-export-xlsx').click(), /^ifta-\d{4}-Q\d\.xlsx$/);
  const auditFile = async (type: 'pdf' | 'xlsx') =>
    download(
      page,
      async () => {
        await page.getByTestId('ifta-audit').click();
        await page.getByTestId(`ifta-audit-${type}`).click();
      },
      new RegExp(`^ifta-audit-\\d{4}-Q\\d\\.${type}$`),
    );
  const auditPdf = await auditFile('pdf');
  const auditXlsx = await auditFile('xlsx');
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(auditXlsx);
  const totals = wb.getWorksheet('Totals');
  if (!totals) throw new Error('the audit file has no Totals sheet');
  const last = totals.getRow(totals.rowCount);
  expect(last.getCell(1).value).toBe('Total');
  expect((last.getCell(2).value as { result: number }).result).toBe(after.totals.total_miles);
  render(returnPdf, 4);
  render(auditPdf, 2);
});
