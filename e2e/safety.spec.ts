import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { nowInCompanyTimeZone } from '../packages/shared/src/formats/formats';
import { clickRowAction, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';
import { receivedMails } from './mail';

// Safety, end to end as safety@: a driver action added on the calendar shows in the logbook; an
// exception is opened, commented and closed; a safety report is created and sent, and its PDF
// reaches the SMTP server.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const alert = (page: Page, text: string) => page.getByTestId('alert').filter({ hasText: text }).first();

test('safety: a driver action in the logbook, an exception closed with a comment, a report sent', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const note = `Journey inspection ${stamp}`;
  const today = nowInCompanyTimeZone().date;
  await signInWithStorage(page, USERS.safety);

  // 1. The driver calendar: choose a driver, open today, add an action.
  await page.goto('/logbooks?tab=calendar');
  await closeVersionPopup(page);
  await page.getByTestId('calendar-driver').click();
  const option = page.getByRole('option').first();
  const driver = (await option.textContent())?.trim() ?? '';
  await option.click();
  await page.getByTestId(`calendar-day-${today}`).click();
  const day = page.getByTestId('day-actions');
  await expect(day).toBeVisible();
  await day.getByTestId('action-note').fill(note);
  await day.getByTestId('action-save').click();
  await expect(alert(page, 'Action added')).toBeVisible();
  await expect(day.getByTestId('day-action').filter({ hasText: note })).toBeVisible();
  await shot(page, 'safety-1-calendar-day');
  await page.keyboard.press('Escape');

  // 2. The logbook shows it.
  await page.getByRole('tab', { name: 'Logbook' }).click();
  await page.getByTestId('table-search').fill(stamp);
  await page.getByTestId('table-search').press('Enter');
  const row = page.getByTestId('table-row').filter({ hasText: note });
  await expect(row).toBeVisible();
  await expect(row).toContainText(today);
  await expect(row).toContainText(driver.replace(/ \(not on safety\)$/, ''));

  // 3. An exception: open it, comment, close it.
  await page.getByRole('tab', { name: /Exceptions/ }).click();
  const panel = page.getByTestId('exceptions-panel');
  const openCount = Number(((await panel.getByTestId('exceptions-open-count').textContent()) ?? '0').split(' ')[0]);
  await panel.getByRole('button', { name: 'New exception' }).click();
  const dialog = page.getByTestId('exception-dialog');
  await dialog.getByLabel('Exception').fill(`ELD malfunction ${stamp}`);
  await dialog.getByTestId('field-date').fill(today);
  await dialog.getByTestId('field-date').press('Tab');
  await dialog.getByLabel('Actions to take').fill('Paper logs until the unit is replaced.');
  await dialog.getByTestId('record-save').click();
  await expect(alert(page, 'Added new exception')).toBeVisible();
  await expect(panel.getByTestId('exceptions-open-count')).toHaveText(`${openCount + 1} open`);
  await panel
    .getByTestId('exception-row')
    .filter({ hasText: `ELD malfunction ${stamp}` })
    .click();
  const detail = panel.getByTestId('exception-detail');
  await detail.getByTestId('exception-comment-input').fill('New ELD unit installed.');
  await detail.getByTestId('exception-comment-add').click();
  await expect(alert(page, 'Comment added successfully')).toBeVisible();
  await expect(detail.getByTestId('exception-comments')).toContainText('New ELD unit installed.');
  await shot(page, 'safety-2-exception');
  await detail.getByRole('button', { name: 'Close exception' }).click();
  await expect(panel.getByTestId('exceptions-open-count')).toHaveText(`${openCount} open`);
  await panel.getByText('Closed', { exact: true }).click();
  await expect(panel.getByTestId('exception-row').filter({ hasText: `ELD malfunction ${stamp}` })).toContainText(
    'Closed',
  );

  // 4. A safety report for a customer, sent by e-mail: the PDF arrives.
  const email = `safety-${stamp}@journey.test`;
  await page.goto('/reportsOld?kind=safety');
  await page.getByTestId('table-create').click();
  const create = page.getByTestId('report-create');
  await create.getByTestId('report-customers').click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await create.getByTestId('record-save').click();
  await expect(alert(page, 'Saving Successfully')).toBeVisible();
  const first = page.getByTestId('table-row').first();
  await expect(first).toContainText('created');
  await clickRowAction(first, 'send');
  const send = page.getByTestId('report-send');
  await send.getByLabel('E-mail').fill(email);
  await send.getByTestId('report-send-submit').click();
  await expect(alert(page, 'Report was sent successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('table-row').first()).toContainText(email);
  await shot(page, 'safety-3-report-sent');
  await expect.poll(() => receivedMails(email).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = receivedMails(email)[0]?.text ?? '';
  expect(mail).toMatch(/filename="?safety-report-\d+\.pdf/);
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  const pdf = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(mail)?.[1] ?? '';
  expect(Buffer.from(pdf.replace(/\s+/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
});
