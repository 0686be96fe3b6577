import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiLogin, clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';
import { receivedMails } from './mail';

// Receivables, end to end across billing, invoices, payments and short payments: a delivered load is
// billed, the month's invoice is generated with a progress bar, sent (the PDF reaches the SMTP server),
// paid in part; a short payment shows its age band; the balance and the aging bucket show what is left.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const money = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** Today in America/Chicago, and a day before it. */
const chicagoToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
const minusDays = (date: string, n: number) => day(new Date(Date.parse(`${date}T12:00:00Z`) - n * 86_400_000));
/** Shows the right-hand columns (amounts) of a wide table before a screenshot. */
const scrollRight = (scroller: Locator) =>
  scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
const alert = (page: Page, text: string | RegExp) => page.getByTestId('alert').filter({ hasText: text }).first();

type Api = { post: <T>(url: string, data?: unknown) => Promise<T>; get: <T>(url: string) => Promise<T> };
function apiOf(request: APIRequestContext, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  return {
    post: async (url, data) => {
      const res = await request.post(`/api${url}`, { data: data ?? {}, headers });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return res.json();
    },
    get: async (url) => {
      const res = await request.get(`/api${url}`, { headers });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}
const filterUrl = (path: string, filters: object, prefix = '') =>
  `${path}${path.includes('?') ? '&' : '?'}${prefix}f=${encodeURIComponent(JSON.stringify(filters))}`;

type BillingRow = {
  load_id: number;
  customer: string;
  gross: number;
  delivery_datetime: string;
  customer_invoice_id: number | null;
};

test('receivables: bill, generate, send, pay in part, short payment with its age, balance and aging', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const accountant = (await apiLogin(page.request, USERS.accountant)).access_token;
  const api = apiOf(page.request, accountant);
  const today = chicagoToday();
  const monthStart = `${today.slice(0, 8)}01`;

  // A load delivered this month, not billed, for a customer that buys Dispatch (5 % of gross).
  const customers = await api.post<{
    rows: { id: number; name: string; services: string | null; email: string | null }[];
  }>('/customers/list', { limit: 500 });
  const dispatchCustomers = new Map(
    customers.rows.filter((c) => (c.services ?? '').includes('dispatch')).map((c) => [c.name, c]),
  );
  const candidates = await api.post<{ rows: BillingRow[] }>('/billings/list', {
    limit: 200,
    filters: {
      billing: { values: ['Not created'] },
      invoice: { values: ['Not exist'] },
      delivery_datetime: { from: monthStart === today ? minusDays(today, 1) : monthStart, to: minusDays(today, 1) },
      gross: { op: 'gte', value: 500 },
    },
  });
  // The month's oldest such load: journeys running alongside tend to take the newest.
  const load = candidates.rows.filter((r) => dispatchCustomers.has(r.customer)).at(-1);
  expect(load, 'a delivered, unbilled load of a Dispatch customer').toBeDefined();
  if (!load) return;
  const customer = dispatchCustomers.get(load.customer) as { id: number; name: string };
  const from = `${load.delivery_datetime.slice(0, 8)}01`;

  await signInWithStorage(page, USERS.accountant);

  // 1. Billing list → Create billing.
  await page.goto(filterUrl('/accounting/billing', { load_id: { op: 'eq', value: load.load_id } }));
  await closeVersionPopup(page);
  const billingRow = page.getByTestId('table-row').filter({ hasText: String(load.load_id) });
  await expect(billingRow).toHaveCount(1, { timeout: 20_000 });
  await clickRowAction(billingRow, 'create-billing');
  await expect(billingRow).toContainText('Created', { timeout: 15_000 });
  await shot(page, 'receivables-1-billing');

  // 2. Invoice generator: the month, Dispatch, this customer → the progress bar reaches done.
  await page.goto('/accounting/customer-invoices?tab=generator');
  const gen = page.getByTestId('invoice-generator-form');
  await expect(gen).toBeVisible({ timeout: 20_000 });
  await gen.getByRole('textbox', { name: 'From', exact: true }).fill(from);
  await gen.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  await gen.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: /^Dispatch/ }).click();
  const customersInput = gen.getByRole('combobox', { name: 'Customers' });
  await customersInput.click();
  await customersInput.fill(customer.name);
  await page.getByRole('option', { name: customer.name, exact: true }).click();
  await page.keyboard.press('Escape');
  await gen.getByTestId('generate-invoices').click();
  await expect(page.getByTestId('job-progress')).toHaveAttribute('data-status', 'completed', { timeout: 40_000 });
  // "1 invoice generated" or "N invoices generated".
  await expect(alert(page, /\d+ invoices? generated/)).toBeVisible();
  await shot(page, 'receivables-2-generated');

  const billed = await api.post<{ rows: BillingRow[] }>('/billings/list', {
    filters: { load_id: { op: 'eq', value: load.load_id } },
  });
  const invoiceId = billed.rows[0]?.customer_invoice_id;
  expect(invoiceId, 'the load is on an invoice').toBeGreaterThan(0);
  const invoiceOf = async () =>
    (
      await api.post<{ rows: { invoice_id: number; total_check: number; need_pay_amount: number }[] }>('/invoice', {
        filters: { invoice_id: { op: 'eq', value: invoiceId } },
      })
    ).rows[0] as { invoice_id: number; total_check: number; need_pay_amount: number };
  const invoice = await invoiceOf();
  // Dispatch is 5 % of gross: the invoice holds at least this load's line.
  expect(invoice.total_check).toBeGreaterThanOrEqual(Math.round(load.gross * 5) / 100);

  // 3. Send it: the mail with the invoice PDF reaches the SMTP server.
  await page.goto(
    filterUrl('/accounting/customer-invoices?tab=invoices', { invoice_id: { op: 'eq', value: invoiceId } }, 'i'),
  );
  const invoiceRow = page.getByTestId('table-row').filter({ hasText: String(invoiceId) });
  await expect(invoiceRow).toHaveCount(1, { timeout: 20_000 });
  await clickRowAction(invoiceRow, 'send');
  const emailDialog = page.getByTestId('invoice-email-dialog');
  // The dialog offers the customer's address once the invoice loads; replace it after that.
  await expect(emailDialog.getByLabel('E-mail')).toHaveValue(/@/, { timeout: 20_000 });
  await emailDialog.getByLabel('E-mail').fill('ap@receivables-journey.test');
  await emailDialog.getByTestId('invoice-email-send').click();
  await expect(alert(page, 'Invoices sent successfully')).toBeVisible({ timeout: 20_000 });
  // The mail reached the journeys' SMTP server with the invoice PDF attached.
  await expect.poll(() => receivedMails('ap@receivables-journey.test').length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = receivedMails('ap@receivables-journey.test')[0]?.text ?? '';
  expect(mail).toMatch(new RegExp(`filename="?invoice-${invoiceId}\\.pdf`));
  expect(mail).toMatch(/Content-Type: application\/pdf/i);

  // 4. A partial payment through the pay action's dialog.
  const balanceBefore = (
    await api.post<{ rows: { id: number; balance: number }[] }>('/receivables/balances/list', { search: customer.name })
  ).rows.find((r) => r.id === customer.id)?.balance as number;
  const paid = Math.round(invoice.need_pay_amount * 40) / 100;
  const remaining = Math.round((invoice.need_pay_amount - paid) * 100) / 100;
  await clickRowAction(invoiceRow, 'pay');
  const payDialog = page.getByTestId('payment-dialog');
  await expect(payDialog.getByTestId('payment-need-pay')).toHaveText(money(invoice.need_pay_amount), {
    timeout: 15_000,
  });
  await payDialog.getByTestId('payment-amount').fill(String(paid));
  await shot(page, 'receivables-3-payment');
  await payDialog.getByTestId('payment-save').click();
  await expect(payDialog).toBeHidden({ timeout: 15_000 });
  await expect(invoiceRow).toContainText(money(remaining), { timeout: 15_000 });
  expect((await invoiceOf()).need_pay_amount).toBeCloseTo(remaining, 2);

  // 5. A short payment on the load, processed 40 days ago: age 40, the 30-60 days band.
  await page.goto('/accounting/shortPayments');
  await page.getByTestId('table-create').click();
  const sp = page.getByTestId('short-payment-dialog');
  await sp.getByTestId('field-load_id').fill(String(load.load_id));
  await sp.getByTestId('field-amount_factoring').fill(String(Math.round(load.gross * 40) / 100));
  await sp.getByTestId('field-processed_date').fill(minusDays(today, 40));
  await sp.getByTestId('record-save').click();
  await expect(alert(page, 'Saving Successfully')).toBeVisible({ timeout: 15_000 });
  await page.goto(filterUrl('/accounting/shortPayments', { load_id: { op: 'eq', value: load.load_id } }));
  const spRow = page.getByTestId('table-row').filter({ hasText: customer.name });
  await expect(spRow).toHaveCount(1, { timeout: 20_000 });
  const age = spRow.getByTestId('age-cell');
  await expect(age).toHaveText('40');
  await expect(age).toHaveAttribute('data-highlight', 'age-30-60');
  await expect(spRow).toHaveCSS('background-color', 'rgba(250, 176, 5, 0.22)');
  await scrollRight(page.getByTestId('table-scroll'));
  await shot(page, 'receivables-4-short-payment');

  // 6. The balance fell by the payment; the aging bucket's invoices show what is left.
  await page.goto(`/accounting/customer-payments?tab=balances&q=${encodeURIComponent(customer.name)}`);
  const balanceRow = page.getByTestId('table-row').filter({ hasText: customer.name });
  const balanceAfter = Math.round((balanceBefore - paid) * 100) / 100;
  await expect(balanceRow).toContainText(money(balanceAfter), { timeout: 20_000 });
  await shot(page, 'receivables-5-balance');

  const [receivable] = (
    await api.post<{ rows: { bucket: string; need_pay_amount?: number }[] }>('/receivables/invoices/list', {
      filters: { invoice_id: { op: 'eq', value: invoiceId } },
    })
  ).rows;
  expect(receivable?.bucket).toBeTruthy();
  await page.goto(`/accounting/customer-payments?tab=aging&q=${encodeURIComponent(customer.name)}`);
  await page.getByTestId(`aging-${receivable?.bucket}-${customer.id}`).click();
  const drill = page
    .getByRole('dialog')
    .getByTestId('table-row')
    .filter({ has: page.getByRole('gridcell', { name: String(invoiceId), exact: true }) });
  await expect(drill).toContainText(money(remaining), { timeout: 20_000 });
  await scrollRight(page.getByRole('dialog').getByTestId('table-scroll'));
  await shot(page, 'receivables-6-aging');
});
