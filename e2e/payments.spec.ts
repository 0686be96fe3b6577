import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Receivables, money in: the accountant pays an invoice from the AR aging drill-down and deletes
// the payment again (the invoice owes what it owed); the customer user sees its own invoices and
// payments on Profile and downloads an invoice PDF.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test('accountant: AR aging drill-down, pay part of an invoice, delete the payment', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/accounting/customer-payments?tab=aging');
  await closeVersionPopup(page);
  const aging = page.getByTestId('data-table-ar-aging');
  await expect(aging.getByTestId('aging-customer').first()).toBeVisible();

  // The first customer's open invoices, then the first one's payment dialog.
  await aging.getByTestId('aging-customer').first().click();
  const drill = page.getByRole('dialog', { name: /^Invoices:/ });
  const row = drill.getByTestId('table-row').first();
  await expect(row).toBeVisible();
  await clickRowAction(row, 'pay');
  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog).toBeVisible();
  const needBefore = Number((await dialog.getByTestId('payment-need-pay').textContent())?.replace(/[$,]/g, ''));

  // More than is due asks for the overpayment flag; the server refuses it without.
  await dialog.getByTestId('payment-amount').fill('999999');
  await expect(dialog.getByTestId('payment-over')).toBeVisible();
  await dialog.getByTestId('payment-save').click();
  await expect(dialog.getByText(/is more than the .* due on invoice/)).toBeVisible();

  await dialog.getByTestId('payment-amount').fill('1.23');
  await dialog.getByTestId('payment-note').fill('e2e partial payment');
  const posted = page.waitForResponse((r) => /\/api\/payments\/\d+$/.test(r.url()) && r.request().method() === 'POST');
  await dialog.getByTestId('payment-save').click();
  const body = await (await posted).json();
  expect(body.payment.amount).toBe(1.23);
  expect(body.invoice.need_pay).toBeCloseTo(needBefore - 1.23, 2);
  await expect(page.getByText('Saving Successfully')).toBeVisible();
  await shot(page, 'payments-e2e-posted');
  await page.keyboard.press('Escape');

  // The payment is on the customer payments tab; deleting it reverses the invoice.
  await page.goto(
    `/accounting/customer-payments?tab=payments&f=${encodeURIComponent(JSON.stringify({ id: { op: 'eq', value: body.payment.id } }))}`,
  );
  const payments = page.getByTestId('data-table-payments-customer');
  await expect(payments.getByTestId('table-row')).toHaveCount(1);
  await clickRowAction(payments.getByTestId('table-row').first(), 'delete');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('The record has been successfully deleted.')).toBeVisible();
  const token = (await apiLogin(page.request, USERS.accountant)).access_token;
  const again = await page.request.get(`/api/payments/new/${body.invoice.invoice_id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await again.json()).invoice.need_pay).toBeCloseTo(body.invoice.need_pay + 1.23, 2);
});

test('customer: My invoices and My payments on Profile, only its own, PDF download', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithStorage(page, USERS.customer);
  const invoices = page.waitForResponse((r) => r.url().endsWith('/api/receivables/invoices/list'));
  await page.goto('/profile');
  await closeVersionPopup(page);
  await expect(page.getByRole('heading', { name: 'My invoices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My payments' })).toBeVisible();
  const list = await (await invoices).json();
  expect(list.total).toBeGreaterThan(0);
  expect(new Set(list.rows.map((r: { customer_id: number }) => r.customer_id)).size).toBe(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('invoice-pdf').first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
  await shot(page, 'payments-e2e-profile');
});
