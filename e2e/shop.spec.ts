import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { closeVersionPopup, SHOTS, signInWithStorage } from './helpers';
import { receivedMails } from './mail';

// The shop manager's day: a work order created from an empty cell of next week's planner, with
// labour and parts, checked in and out, its totals and downtime cost in the dialog; a second
// browser on the same board sees it arrive and move without reloading. Then trucks on the road:
// the day's report mailed, and its signed link opened without signing in.

mkdirSync(SHOTS, { recursive: true });
// Two of the demo company's shop managers (shell.spec.ts resets shop@'s password in its own journey).
const MANAGER = 'hector.ruiz@backhaul.demo';
const SECOND = 'jamal.carter@backhaul.demo';
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

async function openPlannerNextWeek(page: Page) {
  await page.goto('/shop');
  await closeVersionPopup(page);
  await expect(page).toHaveURL(/\/shop\/work-orders$/);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await page.getByText('Planner', { exact: true }).click();
  await expect(page.getByTestId('planner-board')).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
}

test('a work order planned from an empty cell, with labour, parts, check-in and out; a second browser sees it live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInWithStorage(page, MANAGER);
  await openPlannerNextWeek(page);
  const week = await page.getByTestId('planner-week').textContent();

  const other = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInWithStorage(other, SECOND);
  await openPlannerNextWeek(other);
  await expect(other.getByTestId('planner-week')).toHaveText(week ?? '');

  // Next week's Monday, first lane, 9:00.
  const monday = page.locator('.planner-day').nth(1);
  await monday.locator('[data-cell$=":9"]').first().click();
  await page.getByRole('menuitem', { name: 'New work order' }).click();
  const dialog = page.getByTestId('work-order-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('field-truck_id').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Add description' }).click();
  await dialog.getByLabel('Complaint').fill('Air leak at the brake chamber');
  await dialog.getByRole('button', { name: 'Add labour' }).click();
  await dialog.getByLabel('Work done').fill('Replace brake chamber');
  await dialog.getByLabel('Hours', { exact: true }).fill('2.5');
  await dialog.getByLabel('Rate', { exact: true }).fill('100');
  await dialog.getByRole('button', { name: 'Add part' }).click();
  await dialog.getByLabel('Part number').fill('BC-3030');
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Unit price').fill('40.25');
  await dialog.getByLabel('Tax on parts').fill('10');
  // 2.5 × $100 + 2 × $40.25 + 10 % of $80.50 = $250 + $80.50 + $8.05
  await expect(dialog.getByTestId('work-order-totals')).toContainText('Total $338.55');
  await dialog.getByRole('button', { name: 'Now' }).click();
  await dialog.getByRole('button', { name: 'Now' }).click();
  await expect(dialog.getByTestId('field-check_out')).not.toHaveValue('');
  await shot(page, 'shop-work-order-dialog');
  await dialog.getByTestId('record-save').click();
  await expect(dialog).toBeHidden();

  const task = monday.getByTestId('planner-task').filter({ hasText: 'Repair' }).first();
  await expect(task).toBeVisible();
  const title = (await task.locator('p').first().textContent()) ?? '';
  const id = /#(\d+)/.exec(title)?.[1];
  expect(id).toBeTruthy();
  // The second browser sees it without a reload.
  await expect(
    other
      .locator('.planner-day')
      .nth(1)
      .getByTestId('planner-task')
      .filter({ hasText: `#${id} ` }),
  ).toBeVisible();
  await shot(page, 'shop-planner');

  // Move it to Tuesday 8:00 by dragging: both boards show it there.
  const target = page.locator('.planner-day').nth(2).locator('[data-cell$=":8"]').first();
  const from = await task.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no box');
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  const moved = (p: Page) =>
    p
      .locator('.planner-day')
      .nth(2)
      .getByTestId('planner-task')
      .filter({ hasText: `#${id} ` });
  await expect(moved(page)).toBeVisible();
  await expect(moved(other)).toBeVisible();

  // The order in the list, with its total; its dialog shows the downtime.
  await page.getByText('List', { exact: true }).click();
  await page.getByTestId('table-search').fill(String(id));
  const row = page.getByTestId('table-row').filter({ hasText: '$338.55' });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('downtime')).toContainText('Out of service 1 day');
  await expect(page.getByTestId('work-order-totals')).toContainText('Total $338.55');
  await other.close();
});

test('trucks on the road: the day generated, mailed, and its signed link opened without signing in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInWithStorage(page, MANAGER);
  await page.goto('/shop/trucks-on-the-road');
  await closeVersionPopup(page);
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByTestId('truck-road-send');
  await send.getByPlaceholder('name@company.com').fill('road-report@fleet.test');
  await send.getByPlaceholder('name@company.com').press('Enter');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('alert').filter({ hasText: 'Report sent successfully' })).toBeVisible();

  await expect.poll(() => receivedMails('road-report@fleet.test').length, { timeout: 15_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/\S+trucks-on-the-road\?\S+/.exec(
    receivedMails('road-report@fleet.test')[0]?.text ?? '',
  )?.[0];
  expect(link, 'signed link in the mail').toBeTruthy();
  const path = new URL(link ?? '').pathname + new URL(link ?? '').search;

  const stranger = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await stranger.goto(path);
  await expect(stranger.getByTestId('truck-road-report')).toBeVisible();
  await expect(stranger.locator('tbody tr').first()).toBeVisible();
  await shot(stranger, 'shop-road-public-link');
  await stranger.goto(path.replace(/signature=[^&]+/, 'signature=AAAA'));
  await expect(stranger.getByTestId('report-link-refused')).toBeVisible();
  await stranger.close();
});
