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

  await page.locator('input[type="file"][accept=".pdf"]').setInputFiles({
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

  // The extracted load is the last card: its stops and miles are filled.
  const card = dialog.locator('[data-testid^="load-card-"]').last();
  await expect(card.locator('[data-testid^="stop-city-"]').first()).toHaveValue('Denver');
  await expect(card.locator('[data-testid^="stop-city-"]').last()).toHaveValue('Omaha');
  await expect(card.getByLabel('Loaded miles')).not.toHaveValue('0', { timeout: 10_000 });
  await expect(card.getByLabel('Empty miles')).not.toHaveValue('0');
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'mileage-rate-confirmation.png') });
});
