import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Fill a new trip's load from a rate confirmation: the extraction answers broker number, rate and
// stops; the review shows each field's confidence; miles follow the extracted stops (milesTrip), empty
// miles from the truck's last delivery.

mkdirSync(SHOTS, { recursive: true });
const FIXTURE = join(import.meta.dirname, '../packages/server/test/fixtures/rate-confirmations/table-style.pdf');

test('a rate confirmation fills a load for review, with confidences and miles', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithStorage(page, USERS.admin);
  await page.goto('/trips/list');
  await closeVersionPopup(page);
  await page.getByTestId('trip-create').click();
  const dialog = page.getByTestId('trip-dialog');
  await expect(dialog).toBeVisible();
  // A truck first: empty miles then run from its last delivery before the extracted pickup.
  await page.getByTestId('trip-truck_id').click();
  await page.getByRole('option').first().click();

  // PDFs, scans and phone photos alike.
  await page.locator('input[type="file"][accept=".pdf,.png,.jpg,.jpeg"]').setInputFiles({
    name: 'summit-ridge-rate-con.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(FIXTURE),
  });
  const review = dialog.getByTestId('extraction-review');
  await expect(review).toBeVisible();
  const rows = review.getByTestId('extraction-field');
  await expect(rows.filter({ hasText: 'Broker #' })).toContainText('SRL-448210');
  await expect(rows.filter({ hasText: 'Rate' }).first()).toContainText('$2,115.50');
  await expect(rows.filter({ hasText: 'Pick up 1' }).first()).toContainText('Denver, CO 80216');
  // This broker's name comes from the letterhead (inferred): flagged; the labelled load number is exact.
  await expect(rows.filter({ hasText: 'Broker' }).first()).toContainText('low confidence');
  await expect(rows.filter({ hasText: 'Broker #' }).locator('[data-confidence]')).toHaveAttribute(
    'data-confidence',
    '0.95',
  );

  // The registry has no Summit Ridge: the broker is offered to the new-broker form, its legal name whole.
  await expect(review.getByTestId('extraction-broker')).toContainText(
    'Summit Ridge Logistics LLC (MC 845210) is not in the brokers registry',
  );
  await review.getByTestId('extraction-add-broker').click();
  const brokerForm = page.getByRole('dialog', { name: 'New broker' });
  await expect(brokerForm.getByLabel('Broker', { exact: false }).first()).toHaveValue('Summit Ridge Logistics LLC');
  await page.screenshot({ path: join(SHOTS, 'rate-confirmation-new-broker.png') });
  await brokerForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(brokerForm).toBeHidden();
  // Its references go to the trip's notes.
  await expect(dialog.getByLabel('Trip notes')).toHaveValue(/Rate confirmation SRL-448210: PO 77812, Pro 5521907/);

  // The extracted load is the last card: its stops and miles are filled.
  const card = dialog.locator('[data-testid^="load-card-"]').last();
  await expect(card.locator('[data-testid^="stop-city-"]').first()).toHaveValue('Denver');
  await expect(card.locator('[data-testid^="stop-city-"]').last()).toHaveValue('Omaha');
  await expect(card.getByLabel('Loaded miles')).not.toHaveValue('0', { timeout: 10_000 });
  await expect(card.getByLabel('Empty miles')).not.toHaveValue('0');
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'mileage-rate-confirmation.png') });
});
