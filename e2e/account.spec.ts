import { mkdirSync } from 'node:fs';
import { APP_MSG, MSG } from '@backhaul/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { SHOTS, signInWithStorage, USERS } from './helpers';

mkdirSync(SHOTS, { recursive: true });

async function asUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInWithStorage(page, email);
  return page;
}

const alert = (page: Page, text: string) => page.getByTestId('alert').filter({ hasText: text });
const unread = async (page: Page) => Number((await page.getByTestId('badge-notes').innerText()).replace(/\D+/g, ''));

/** The month after next, as YYYY-MM: clear of the seed's requests. */
function monthAhead(n: number): string {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}

test('a day on the account: check in, a note read by its recipient, a vacation approved by role 3', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dispatcher = await asUser(browser, USERS.dispatcher);
  await dispatcher.goto('/account');
  await expect(dispatcher.getByTestId('check-state')).toBeVisible({ timeout: 30_000 });
  await expect(dispatcher.getByTestId('check-state')).toHaveText(/Not checked in/i);
  await dispatcher.getByRole('button', { name: 'Check in' }).click();
  await expect(alert(dispatcher, MSG.checkedIn)).toBeVisible();
  await expect(dispatcher.getByTestId('check-state')).toHaveText(/In \d{2}:\d{2}/);
  await expect(dispatcher.getByRole('button', { name: 'Check in' })).toBeDisabled();
  await dispatcher.screenshot({ path: `${SHOTS}/account-checked-in.png`, fullPage: true });

  // A note to the accountant.
  const text = `Please look at load ${Date.now()}`;
  await dispatcher.getByTestId('note-write').click();
  await dispatcher.getByTestId('note-target').click();
  await dispatcher.getByRole('option', { name: 'Alex Ledger' }).click();
  await dispatcher.getByTestId('note-text').fill(text);
  await dispatcher.getByTestId('note-send').click();
  await expect(alert(dispatcher, APP_MSG.noteSent)).toBeVisible();

  // A vacation two months ahead.
  const month = monthAhead(2);
  await dispatcher.getByRole('tab', { name: 'Vacation' }).click();
  await dispatcher.getByLabel('From', { exact: true }).fill(`${month}-20`);
  await dispatcher.getByLabel('To', { exact: true }).fill(`${month}-22`);
  await dispatcher.getByLabel('Comment', { exact: true }).fill('Family visit');
  await dispatcher.getByTestId('vacation-send').click();
  await expect(alert(dispatcher, MSG.vacationRequestSent)).toBeVisible();
  await expect(dispatcher.getByTestId('vacation-row').filter({ hasText: `${month}-20` })).toContainText('New');

  // The accountant reads the note: the header badge goes down by one.
  const accountant = await asUser(browser, USERS.accountant);
  await accountant.goto('/account');
  await expect(accountant.getByTestId('my-info')).toBeVisible({ timeout: 30_000 });
  const row = accountant.getByTestId('note-row').filter({ hasText: text });
  await expect(row).toBeVisible();
  await expect(accountant.getByTestId('badge-notes')).toHaveText(/[1-9]/);
  const before = await unread(accountant);
  await row.getByTestId('note-toggle').click();
  await expect(alert(accountant, MSG.readStatusChanged)).toBeVisible();
  await expect(accountant.getByTestId('badge-notes')).toHaveText(new RegExp(`: ${before - 1}$`));

  // Role 3 approves it.
  const safety = await asUser(browser, USERS.safety);
  await safety.goto('/account#tabVacation');
  await expect(safety.getByTestId('my-info')).toBeVisible({ timeout: 30_000 });
  await expect(safety.getByTestId('badge-vacation')).toBeVisible();
  await safety.getByTestId('vacation-scope').getByText('Everyone').click();
  const request = safety
    .getByTestId('vacation-row')
    .filter({ hasText: 'Dana Dispatch' })
    .filter({ hasText: `${month}-20` });
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(alert(safety, APP_MSG.vacationDecided)).toBeVisible();
  await expect(request).toContainText('Approved');
  await safety.screenshot({ path: `${SHOTS}/account-vacation-approved.png`, fullPage: true });

  // The dispatcher sees it on the calendar of that month.
  await dispatcher.goto('/account#tabVacation');
  await expect(dispatcher.getByTestId('my-info')).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 2; i++) await dispatcher.getByRole('button', { name: 'Next month' }).click();
  await expect(dispatcher.getByTestId(`day-${month}-21`)).toContainText('Vacation');
  await expect(dispatcher.getByTestId('vacation-calendar')).toContainText('Dana Dispatch');
  await dispatcher.screenshot({ path: `${SHOTS}/account-vacation-calendar.png`, fullPage: true });
});

test('the today panel: a dispatcher opens a load from it, an accountant an invoice past due', async ({ browser }) => {
  const dispatcher = await asUser(browser, USERS.dispatcher);
  await dispatcher.goto('/account');
  const panel = dispatcher.getByTestId('today-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('today-pickups')).toBeVisible();
  await expect(panel.getByTestId('today-late')).toBeVisible();
  await dispatcher.screenshot({ path: `${SHOTS}/account-today-dispatcher.png` });
  const line = panel.getByTestId('today-line').first();
  const label = (await line.textContent()) ?? '';
  const loadId = label.match(/Load #(\d+)/)?.[1];
  expect(loadId).toBeTruthy();
  await line.click();
  await expect(dispatcher).toHaveURL(new RegExp(`/trips/list\\?trip=\\d+&load=${loadId}`));
  await expect(dispatcher.getByTestId('trip-timeline')).toBeVisible();
  await dispatcher.context().close();

  const accountant = await asUser(browser, USERS.accountant);
  await accountant.goto('/account');
  const pastDue = accountant.getByTestId('today-past-due');
  await expect(pastDue).toBeVisible();
  await expect(accountant.getByTestId('today-pickups')).toHaveCount(0);
  const invoice = pastDue.getByTestId('today-line').first();
  const invoiceId = ((await invoice.textContent()) ?? '').match(/Invoice #(\d+)/)?.[1];
  await invoice.click();
  await expect(accountant).toHaveURL(/\/accounting\/customer-invoices\?/);
  await expect(accountant.getByRole('dialog')).toContainText(`${invoiceId}`);
  await accountant.context().close();
});

test("the month's attendance downloads as a spreadsheet, and the geo view shows where staff are", async ({
  browser,
}) => {
  const admin = await asUser(browser, USERS.admin);
  await admin.goto('/account#tabUsers');
  const button = admin.getByTestId('attendance-export');
  await expect(button).toBeVisible();
  const [download] = await Promise.all([admin.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}\.xlsx$/);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  expect(ws?.getRow(1).getCell(1).value).toBe('Employee');
  expect(ws?.getRow(ws.rowCount).getCell(1).value).toBe('Total');
  const names: unknown[] = [];
  ws?.eachRow((r, i) => i > 1 && names.push(r.getCell(1).value));
  expect(names).toContain('Dana Dispatch');
  await admin.screenshot({ path: `${SHOTS}/account-attendance-export.png` });

  // The geo view: where the staff are today, by office.
  await admin.getByTestId('users-view').getByText('Where staff are').click();
  const geo = admin.getByTestId('account-users');
  await expect(geo.getByRole('columnheader', { name: /Works from/ })).toBeVisible();
  await expect(geo.getByTestId('table-row').first()).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/account-geo.png` });
  await admin.context().close();
});
