import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Staff pay: the accountant makes a dispatcher statement for last month (the demo leaves last
// month open), checks its amount against the statement's loads, exports the loads and deletes it.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const dollars = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('accountant: a dispatcher statement for last month, its loads, export and delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/accounting/dispatchers-st-ts');
  await closeVersionPopup(page);
  await expect(page.getByTestId('dispatcher-statements-page')).toBeVisible();

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const create = page.getByTestId('dispatcher-statement-create');
  const candidate = create
    .locator('[data-testid^="candidate-"]')
    .filter({ has: page.locator('input:not([disabled])') });
  await expect(candidate.first()).toBeVisible({ timeout: 20_000 });
  const first = candidate.first();
  const name = (await first.locator('td').nth(1).textContent()) ?? '';
  const expected = dollars(await first.getByTestId('candidate-amount').textContent());
  expect(expected).toBeGreaterThan(0);
  await first.getByRole('checkbox').check();
  await shot(page, 'staff-pay-e2e-create');
  const made = page.waitForResponse((r) => r.url().endsWith('/api/dispatcher/statement/create/list'));
  await create.getByTestId('create-statements').click();
  const answer = await (await made).json();
  const id = answer.created[0] as number;
  await expect(page.getByText('1 statement created.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The new statement is in the list; it opens on its loads, whose amounts add up to its own.
  // Its id cell exactly: "56" must not match a row whose amount or date holds 56.
  const row = page
    .getByTestId('table-row')
    .filter({ hasText: name })
    .filter({ has: page.getByRole('gridcell', { name: String(id), exact: true }) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  const lines = page.waitForResponse((r) => r.url().endsWith(`/api/dispatcher/statement/${id}/list`));
  await row.click();
  const loads = page.getByTestId('dispatcher-statement-loads');
  await expect(loads).toBeVisible();
  const body = await (await lines).json();
  expect(body.sum.amount).toBeCloseTo(expected, 2);
  await expect(loads.getByTestId('statement-amount')).toContainText(
    expected.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await shot(page, 'staff-pay-e2e-loads');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    loads.getByRole('button', { name: 'Export loads' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.keyboard.press('Escape');

  await clickRowAction(row, 'delete');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Delete success')).toBeVisible();
  const token = (await apiLogin(page.request, USERS.accountant)).access_token;
  const gone = await page.request.get(`/api/dispatcher/statement/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});
