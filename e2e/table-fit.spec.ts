import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// The one table as people meet it (issue 32): money in view at 1440×900 and 1280×720 with the row
// actions in a "⋯" menu the keyboard opens; a work order saved as Closed stays in view, marked,
// and its number finds it; on Trips the keyboard reaches the first row in a few presses.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

async function open(page: Page, user: string, path: string) {
  await signInWithStorage(page, user);
  await page.goto(path);
  await closeVersionPopup(page);
  // The first answer also carries the filter options: give a loaded machine time for it.
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
}

/** The element is on screen, whole: inside the viewport and not under the pinned row menu. */
async function expectInView(page: Page, testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  const viewport = page.viewportSize();
  const menu = await page.getByTestId('th-__actions').boundingBox();
  expect(box, testId).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0), `${testId} ends before the row menu`).toBeLessThanOrEqual(
    (menu?.x ?? viewport?.width ?? 0) + 1,
  );
}

/** Tabs from the skip link until a table row has the focus: how many presses it took (at most 20). */
async function tabsToFirstRow(page: Page): Promise<number> {
  for (let presses = 1; presses <= 20; presses++) {
    await page.keyboard.press('Tab');
    const onRow = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'table-row');
    if (onRow) return presses;
  }
  return Number.POSITIVE_INFINITY;
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('Customer invoices: Customer, Total, Paid and Need to pay in view; the row menu opens from the keyboard', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await open(page, USERS.accountant, '/accounting/customer-invoices');
      for (const id of ['th-customer', 'th-total_check', 'th-pay_amount', 'th-need_pay_amount']) {
        await expectInView(page, id);
      }
      // Money shows whole, with its cents: no cell is cut ("$475.0…").
      const first = page.getByTestId('table-row').first();
      for (const col of ['total_check', 'pay_amount', 'need_pay_amount']) {
        const cell = first.locator(`td[data-col="${col}"]`);
        await expect(cell).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
        const cut = await cell.evaluate((td) =>
          [...td.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth),
        );
        expect(cut, `${col} is not cut`).toBe(false);
      }
      // Columns that did not fit are counted, and the settings bring them back.
      await expect(page.getByTestId('table-hidden-columns')).toContainText(/\d+ columns? hidden/);
      await shot(page, `table-fit-invoices-${width}`);

      // The row menu from the keyboard: focus a row, → to its "⋯", Enter opens, Escape closes.
      await first.focus();
      await page.keyboard.press('ArrowDown');
      const second = page.getByTestId('table-row').nth(1);
      await expect(second).toBeFocused();
      await page.keyboard.press('ArrowRight');
      const more = second.getByTestId('row-more');
      await expect(more).toBeFocused();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      await shot(page, `table-fit-invoices-menu-${width}`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(second).toBeFocused();
    });

    test('Trips: the skip link, then a few Tabs to the first row; Enter opens it', async ({ page }) => {
      test.setTimeout(120_000);
      await open(page, USERS.dispatcher, '/trips/list');
      // The first Tab of the page is the skip link; it takes the focus to the screen's content.
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('skip-link')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();
      // Search, the toolbar (one stop), the filter chips (one stop), then the table (one stop).
      const presses = await tabsToFirstRow(page);
      expect(presses).toBeLessThanOrEqual(5);
      const row = page.getByTestId('table-row').first();
      await expect(row).toBeFocused();
      await shot(page, `table-fit-trips-focus-${width}`);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('trip-detail').getByRole('heading', { name: /^Trip #\d+$/ })).toBeVisible();
      await expectInView(page, 'th-gross');
    });
  });
}

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a work order saved as Closed stays in view, marked; its number finds it whatever its status', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await open(page, USERS.shop, '/shop/work-orders');
    // The default filter is in sight, as a chip one can clear.
    await expect(page.getByTestId('filter-chip-status')).toContainText('not Closed, Canceled');
    await expect(page.getByTestId('table-legend')).toContainText('Waiting for approval');
    const first = page.getByTestId('table-row').first();
    const id = (await first.locator('td[data-col="id"]').innerText()).trim();
    await first.locator('td[data-col="id"]').click();
    const dialog = page.getByTestId('work-order-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('field-status').click();
    await page.getByRole('option', { name: 'Closed', exact: true }).click();
    await dialog.getByTestId('record-save').click();
    await expect(dialog).toBeHidden();

    // Still on screen, marked with the filter that hides it.
    await expect(page.getByTestId('kept-note')).toContainText('Saved — hidden by the Status filter');
    const kept = page.getByTestId('table-kept').getByTestId('table-row');
    await expect(kept.locator('td[data-col="id"]')).toHaveText(id);
    await expect(kept.getByTestId('wo-status')).toHaveText('Closed');
    await shot(page, 'table-fit-work-order-kept');

    // Refresh filters lets it go; its number finds it though it is Closed.
    await page.getByTestId('table-refresh').click();
    await expect(page.getByTestId('kept-note')).toHaveCount(0);
    await expect(
      page.getByTestId('table-row').locator('td[data-col="id"]', { hasText: new RegExp(`^${id}$`) }),
    ).toHaveCount(0);
    const search = page.getByTestId('table-search');
    await search.fill(id);
    await search.press('Enter');
    const found = page
      .getByTestId('table-row')
      .filter({ has: page.locator('td[data-col="id"]', { hasText: new RegExp(`^${id}$`) }) });
    await expect(found).toHaveCount(1);
    await expect(found.getByTestId('wo-status')).toHaveText('Closed');
    await shot(page, 'table-fit-work-order-search');
  });
});
