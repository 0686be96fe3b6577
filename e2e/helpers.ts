import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'backhaul';
export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

export const USERS = {
  admin: 'admin@backhaul.demo',
  dispatcher: 'dispatcher@backhaul.demo',
  accountant: 'accountant@backhaul.demo',
  safety: 'safety@backhaul.demo',
  shop: 'shop@backhaul.demo',
  customer: 'customer@backhaul.demo',
} as const;

type LoginBody = { access_token: string; token_type: string; version: string; version_show: boolean };

/** The header the web app sends on every call (the server's CSRF check for cookie sessions). */
export const WEB_CLIENT = { 'x-backhaul-client': 'web' } as const;

/**
 * Signs in through the API: one HTTP call instead of the form, for journeys about other things. The
 * answer's token is for `Authorization: Bearer`; with `web: true` the server also sets the session
 * cookie in the request's browser context, as the login page does.
 */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
  opts: { web?: boolean } = {},
): Promise<LoginBody> {
  const res = await request.post('/api/login', { data: { email, password }, headers: opts.web ? WEB_CLIENT : {} });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as LoginBody & { error?: string };
  expect(body.error, `login ${email}`).toBeUndefined();
  return body;
}

/**
 * Signs in the way the login page does: the session cookie in the browser context, the "signed in"
 * marker and the version info in local storage (the version popup marked as seen).
 */
export async function signInWithStorage(page: Page, email: string): Promise<void> {
  const body = await apiLogin(page.request, email, PASSWORD, { web: true });
  // Written on a same-origin page where the app does not run, so no app code races the write.
  await page.goto('/api/health');
  await page.evaluate((b) => {
    localStorage.setItem('token', 'cookie');
    localStorage.setItem('version', b.version);
    localStorage.setItem('version_show', String(b.version_show));
    localStorage.setItem('versionShowPopup', b.version);
  }, body);
}

/** Signs in through the login form. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The change-information popup opens by itself once per version; close it when it is up. */
export async function closeVersionPopup(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /What's new/ });
  if (await dialog.isVisible().catch(() => false)) await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Clicks a row action: its button (a page's own table), or the item of the row's "⋯" menu (DataTable). */
export async function clickRowAction(row: Locator, id: string): Promise<void> {
  const button = row.getByTestId(`row-${id}`);
  if (await button.count()) return button.click();
  // A list answer that lands just after the click re-renders the row and closes its menu: open it
  // again until the item is clicked.
  const item = row.page().getByRole('menu').getByTestId(`row-${id}`);
  await expect(async () => {
    if (!(await item.isVisible())) await row.getByTestId('row-more').click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The actions a DataTable row offers (its "⋯" menu's items, by id), the menu closed again; none without a menu. */
export async function rowActionIds(row: Locator): Promise<string[]> {
  const more = row.getByTestId('row-more');
  if (!(await more.count())) return [];
  await more.click();
  const menu = row.page().getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  const ids = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((i) => (i.getAttribute('data-testid') ?? '').replace(/^row-/, '')));
  await row.page().keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return ids;
}
