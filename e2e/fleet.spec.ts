import { expect, test } from '@playwright/test';
import { clickRowAction, closeVersionPopup, rowActionIds, SHOTS, signInWithStorage, USERS } from './helpers';

// An admin opens a truck, adds equipment under a new name created from the select, a note and a
// value for a year, and finds all three after reopening the truck.
test('truck equipment, notes and values survive reopening', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `Snow chains ${stamp}`;
  const note = `Checked the fifth wheel ${stamp}`;
  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/trucks');
  await closeVersionPopup(page);
  const rows = page.getByTestId('table-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fleet-trucks.png` });

  const openFirst = async () => {
    await clickRowAction(rows.first(), 'edit');
    await expect(page.getByTestId('truck-dialog')).toBeVisible();
  };
  await openFirst();
  await page.screenshot({ path: `${SHOTS}/fleet-truck-dialog.png` });

  await page.getByTestId('tab-equipment').click();
  await page.getByTestId('equipment-name').fill(name);
  await page.getByRole('option', { name: `+ Create "${name}"` }).click();
  await expect(page.getByText('Created select item')).toBeVisible();
  await expect(page.getByTestId('equipment-name')).toHaveValue(name);
  await page.getByTestId('equipment-quantity').fill('3');
  await page.getByTestId('equipment-save').click();
  await expect(page.getByText('Created equipment item')).toBeVisible();
  await expect(page.getByTestId('equipment-row').filter({ hasText: name })).toContainText('3');

  await page.getByTestId('tab-notes').click();
  await page.getByTestId('note-save').click();
  await expect(page.getByText('The note field is required.')).toBeVisible();
  await page.getByTestId('note-text').fill(note);
  await page.getByTestId('note-save').click();
  await expect(page.getByText('Created notes item')).toBeVisible();

  await page.getByTestId('tab-values').click();
  await page.getByTestId('value-year').click();
  const year = (await page.getByRole('option').last().textContent()) ?? '';
  await page.getByRole('option', { name: year, exact: true }).click();
  await page.getByTestId('value-amount').fill('87500');
  await page.getByTestId('value-save').click();
  await expect(page.getByText('Created value item')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fleet-truck-values.png` });

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('truck-dialog')).toBeHidden();
  await page.reload();
  await openFirst();
  await page.getByTestId('tab-equipment').click();
  await expect(page.getByTestId('equipment-row').filter({ hasText: name })).toContainText('3');
  await page.screenshot({ path: `${SHOTS}/fleet-truck-equipment.png` });
  await page.getByTestId('tab-notes').click();
  await expect(page.getByTestId('note-row').filter({ hasText: note })).toBeVisible();
  await page.getByTestId('tab-values').click();
  await expect(page.getByTestId('value-row').filter({ hasText: year })).toContainText('$87,500.00');
});

test('trailers and general lists', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/maintenance/trailers');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect(page.getByTestId('th-description')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fleet-trailers.png` });
  await page.goto('/maintenance/general');
  await expect(page.getByTestId('table-row').filter({ hasText: 'Reefer' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fleet-general.png` });
});

test('a view-only dispatcher gets the eye icon and a read-only truck dialog', async ({ page }) => {
  await signInWithStorage(page, USERS.dispatcher);
  await page.goto('/maintenance/trucks');
  await closeVersionPopup(page);
  const row = page.getByTestId('table-row').first();
  await expect(row).toBeVisible();
  // The row's menu offers View alone: no Edit, Delete or Actions history.
  expect(await rowActionIds(row)).toEqual(['view']);
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await clickRowAction(row, 'view');
  await expect(page.getByTestId('field-truck_number')).toBeDisabled();
  await expect(page.getByTestId('record-save')).toHaveCount(0);
  await page.getByTestId('tab-equipment').click();
  await expect(page.getByTestId('equipment-row').first()).toBeVisible();
  await expect(page.getByTestId('equipment-save')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/fleet-truck-readonly.png` });
});
