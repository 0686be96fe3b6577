import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiLogin, clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Maintenance → Drivers end to end: create a driver with a contract (signed copy) and a file,
// find it through the list's filter, reopen it, and see that the contract file cannot be deleted.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

// A real 1×1 PNG: the server checks the content's magic bytes, not only the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const fixture = (name: string) => {
  const path = join(tmpdir(), `backhaul-e2e-${process.pid}-${name}`);
  writeFileSync(path, PNG);
  return path;
};

async function choose(page: Page, trigger: Locator, path: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trigger.click()]);
  await chooser.setFiles(path);
}

test.setTimeout(90_000);

test('admin creates a driver with a contract and a file, filters the list to it, and the contract file stays', async ({
  page,
}) => {
  const name = `Journey Driver ${Date.now() % 100000}`;
  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/drivers');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await shot(page, 'drivers-list');

  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByTestId('driver-dialog');
  await expect(dialog).toBeVisible();
  // Validation messages next to the fields, from the shared contract.
  await page.getByTestId('record-save').click();
  await expect(dialog.getByText('The driver name is required.')).toBeVisible();
  await expect(dialog.getByText('The phone is required.')).toBeVisible();

  await dialog.getByTestId('field-driver').fill(name);
  await dialog.getByTestId('field-phone').fill('(312) 555-0177');
  await expect(dialog.getByTestId('field-phone')).toHaveValue('+1 (312) 555-0177');
  await dialog.getByTestId('field-amount').fill('0.72');
  await dialog.getByTestId('field-customer_id').click();
  await page.getByRole('option').first().click();
  await dialog.getByTestId('field-cdl_expires_on').fill('2027-06-30');

  await dialog.getByTestId('contract-add').click();
  const contract = dialog.getByTestId('contract-row');
  await contract.getByLabel('Rate').fill('0.72');
  await contract.getByLabel('Starts').fill('2026-01-05');
  await contract.getByLabel('Terms').fill('Paid weekly on Friday.');
  await choose(page, contract.getByLabel('Attach signed copy'), fixture('signed-contract.png'));
  await expect(contract).toContainText('signed-contract.png');

  await choose(page, dialog.getByTestId('file-add'), fixture('cdl-front.png'));
  await expect(dialog.getByTestId('pending-file-row')).toContainText('cdl-front.png');
  // Save runs several calls (driver, two uploads, contract): allow a busy machine its time, and wait
  // for the 4-second alert from the click rather than after the dialog has finished closing.
  const saved = page.getByText('Saving Successfully').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('record-save').click();
  await saved;
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The Driver column's note filter narrows the list to the new driver.
  await page.getByTestId('filter-driver').click();
  await page.getByTestId('filter-menu-driver').getByTestId('filter-text').fill(name);
  await expect(page).toHaveURL(/f=.*journey/i);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  const row = page.getByTestId('table-row').first();
  await expect(row.locator('td[data-col="driver"]')).toHaveText(name);
  await expect(row.locator('td[data-col="phone"]')).toHaveText('+1 (312) 555-0177');
  await expect(row.locator('td[data-col="amount"]')).toHaveText('$0.72');

  // Reopen: the contract with its signed copy, and both files; the contract file has no delete.
  await clickRowAction(row, 'edit');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('contract-row')).toContainText('signed-contract.png');
  const files = dialog.getByTestId('file-row');
  await expect(files).toHaveCount(2);
  const contractFile = files.filter({ hasText: 'signed-contract.png' });
  const cdlFile = files.filter({ hasText: 'cdl-front.png' });
  await expect(contractFile.getByRole('button', { name: 'Contract file is kept' })).toBeDisabled();
  await cdlFile.getByRole('button', { name: 'Delete file' }).click();
  await expect(cdlFile).toHaveAttribute('data-drafted', 'true');
  await shot(page, 'drivers-dialog');

  // The server refuses the contract file as well, whatever the web shows.
  const token = (await apiLogin(page.request, USERS.admin)).access_token;
  const card = await (
    await page.request.get(`/api/drivers/${await driverId(page, token, name)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const signed = card.files.find((f: { category: string }) => f.category === 'contract');
  const refused = await page.request.post('/api/drivers/destroyFiles', {
    headers: { authorization: `Bearer ${token}` },
    data: { driver_id: card.driver.id, ids: [signed.id] },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).errors.ids).toEqual(['A driver file with category contract cannot be deleted.']);

  // Save applies the drafted deletion; the contract file remains.
  // The alert lives 4 s: wait for it from the click, not after the dialog has finished closing.
  const savedAgain = page.getByText('Saving Successfully').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('record-save').click();
  await savedAgain;
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await clickRowAction(row, 'edit');
  await expect(dialog.getByTestId('file-row')).toHaveCount(1);
  await expect(dialog.getByTestId('file-row')).toContainText('signed-contract.png');
});

async function driverId(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.post('/api/drivers/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { filters: { driver: { value: name } } },
  });
  const body = await res.json();
  expect(body.total).toBe(1);
  return body.rows[0].id as number;
}
