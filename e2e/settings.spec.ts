import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Settings end to end: the admin changes the system settings on the System settings screen and the
// Old system settings screen (which reads the same values) shows the change; then a company list
// (holidays) is walked through create, edit and delete in its dialog.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test.describe.configure({ mode: 'serial' });

test('system settings saved on one screen are read by the other', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/settings/system-settings');
  await closeVersionPopup(page);
  const form = page.getByTestId('system-settings-form');
  await expect(form).toBeVisible();
  const name = `Backhaul Freight ${Date.now() % 100000}`;
  await form.getByLabel('Company name').fill(name);
  const recipients = form.getByLabel('Trucks on the road');
  await recipients.fill('yard@backhaul.demo');
  await recipients.press('Enter');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved successfully.')).toBeVisible();
  await shot(page, 'settings-system');

  await page.goto('/settings/old-system-settings');
  const old = page.getByTestId('system-settings-form');
  await expect(old.getByLabel('Company name')).toHaveValue(name);
  await expect(old.getByText('yard@backhaul.demo')).toBeVisible();
});

test('a holiday is added, renamed and deleted in the Holidays list', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/settings/system-settings?tab=holidays');
  await closeVersionPopup(page);
  const list = page.getByTestId('info-holidays-page');
  await expect(list.getByRole('heading', { name: 'Holidays' })).toBeVisible();
  await list.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New holiday' });
  await dialog.getByLabel('Date').fill('2031-03-31');
  await dialog.getByLabel('Holiday').fill('César Chávez Day');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await list.getByPlaceholder(/Search/).fill('Chávez');
  await list.getByPlaceholder(/Search/).press('Enter');
  const row = list.getByRole('row', { name: /César Chávez Day/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit holiday' });
  await expect(edit.getByLabel('Holiday')).toHaveValue('César Chávez Day');
  await edit.getByLabel('Holiday').fill('Cesar Chavez Day');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item saved successfully')).toBeVisible();
  await shot(page, 'settings-holidays');

  await list.getByPlaceholder(/Search/).fill('Chavez');
  await list.getByPlaceholder(/Search/).press('Enter');
  const renamed = list.getByRole('row', { name: /Cesar Chavez Day/ });
  await expect(renamed).toBeVisible();
  await renamed.getByTestId('row-more').click();
  await page.getByRole('menu').getByTestId('row-delete').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete|Yes|Confirm/ })
    .click();
  await expect(page.getByText('Item deleted successfully')).toBeVisible();
  await expect(list.getByRole('row', { name: /Cesar Chavez Day/ })).toHaveCount(0);
});
