import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { EMPTY_DRIVER_FORM } from '../packages/shared/src/modules/drivers/drivers.contract';
import { apiLogin, clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Driver deductions: the accountant sets up a weekly lease for a new driver on the scheduled
// payments calendar, removes one payment of the series, then books a toll as a company expense,
// pays it as a deduction and sees it land on the driver's next statement.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const chicagoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('accountant: a scheduled lease on the calendar, and a company expense paid onto a statement', async ({ page }) => {
  test.setTimeout(150_000);
  const admin = (await apiLogin(page.request, USERS.admin)).access_token;
  const accountant = (await apiLogin(page.request, USERS.accountant)).access_token;
  const name = `E2E Driver ${Date.now().toString(36)}`;
  const made = await page.request.post('/api/drivers/new', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      ...EMPTY_DRIVER_FORM,
      driver: name,
      phone: `312${String(Date.now()).slice(-7)}`,
      driver_type: 'owner_operator',
      service: 'dispatch',
      amount: '0.60',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const driverId = (await made.json()).driver.id as number;
  const today = chicagoToday();

  // 1. A weekly $125 lease, three payments from today.
  await signInWithStorage(page, USERS.accountant);
  await page.goto(`/accounting/scheduled-payments?driver=${driverId}`);
  await closeVersionPopup(page);
  await expect(page.getByTestId('calendar-month')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New scheduled payment' }).click();
  const dialog = page.getByTestId('scheduled-dialog');
  await dialog.getByTestId('field-driver_id').fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await dialog.getByTestId('field-amount').fill('125');
  await dialog.getByTestId('field-start_date').fill(today);
  await dialog.getByTestId('field-start_date').press('Tab');
  await dialog.getByTestId('field-count').fill('3');
  await dialog.getByTestId('field-description').fill('Trailer lease');
  await dialog.getByTestId('record-save').click();
  await expect(page.getByTestId('alert').filter({ hasText: 'The scheduled payment was added.' })).toBeVisible();

  // The calendar shows each week's payment; today's list names the driver and the first of three.
  await page.getByTestId(`calendar-day-${today}`).click();
  const rows = page.getByTestId('day-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText('1 of 3, weekly');
  await expect(rows.first()).toContainText('−$125.00');
  await shot(page, 'scheduled-payments-calendar');

  // 2. The second payment leaves the series; the third stays.
  const second = plusDays(today, 7);
  await page.goto(`/accounting/scheduled-payments?driver=${driverId}&date=${second}`);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('confirm-text')).toContainText('payment 2 of 3');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('alert').filter({ hasText: 'The payment of this date was removed' })).toBeVisible();
  await expect(page.getByTestId('day-empty')).toBeVisible();
  await page.goto(`/accounting/scheduled-payments?driver=${driverId}&date=${plusDays(today, 14)}`);
  await expect(rows.first()).toContainText('3 of 3, weekly');

  // 3. A toll as a company expense, paid as a deduction: it waits for the driver's next statement.
  await page.goto('/accounting/company-expenses');
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('table-create').click();
  const form = page.getByTestId('record-dialog');
  await form.getByTestId('field-expense_date').fill(today);
  await form.getByTestId('field-expense_date').press('Tab');
  await form.getByTestId('field-category').click();
  await page.getByRole('option', { name: 'Toll', exact: true }).click();
  await form.getByTestId('field-driver_id').fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await form.getByTestId('field-amount').fill('42.50');
  await form.getByTestId('field-description').fill('Ohio Turnpike');
  await form.getByTestId('record-save').click();
  await expect(page.getByTestId('alert').filter({ hasText: 'Item added successfully' })).toBeVisible();
  await page.getByTestId('table-search').fill(name);
  await page.getByTestId('table-search').press('Enter');
  // (The description may yield to fit the screen; the amount stays.)
  // The driver's own row (the search may still be on its way: the demo has other $42.50 expenses).
  const row = page.getByTestId('table-row').filter({ hasText: name }).filter({ hasText: '$42.50' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Open');
  await clickRowAction(row, 'pay');
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('alert').filter({ hasText: 'next statement' })).toBeVisible();
  await expect(row).toContainText('Queued');

  // 4. The driver's statement for the week takes it: −$42.50 plus this week's lease payment.
  const created = await page.request.post('/api/drivers-statements', {
    headers: { authorization: `Bearer ${accountant}` },
    data: {
      driver_id: driverId,
      date_from: plusDays(today, -6),
      date_to: today,
      trips: [],
      fuel: [],
      scheduled_payments: [],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const statement = (await created.json()).statement as { id: number; amount: number };
  expect(statement.amount).toBe(-42.5);
  await page.reload();
  await page.getByTestId('table-search').fill(name);
  await page.getByTestId('table-search').press('Enter');
  await expect(row).toContainText('On statement');
  await shot(page, 'company-expenses-on-statement');
  await row.getByRole('link', { name: `#${statement.id}` }).click();
  const editor = page.getByTestId('statement-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expect(editor).toContainText(`Company expense #`);
  await expect(editor).toContainText('Ohio Turnpike');
});
