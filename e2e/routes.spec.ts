import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInWithStorage, USERS } from './helpers';
import { UNBUILT_ROUTES } from './unbuilt-routes';

type SpecRoute = { path: string; auth: string; kind: string; redirect_to?: string; default_child?: string };
const spec = JSON.parse(readFileSync(new URL('../packages/shared/src/spec/routes.json', import.meta.url), 'utf8')) as {
  routes: SpecRoute[];
};

// Every route of routes.json that renders a screen of its own once signed in: not the public
// pages, redirects, default-child parents, hash tabs, / or the error page.
const SCREEN_ROUTES = spec.routes
  .filter((r) => r.auth !== 'public' && ['page', 'child', 'test'].includes(r.kind))
  .filter((r) => !r.redirect_to && !r.default_child && r.path.startsWith('/') && r.path !== '/')
  .map((r) => r.path.replace(':user_id', '1'));

// Parents routes.json lists as pages that open their first child (issue 20: /maintenance opens General).
const APP_DEFAULT_CHILD: Record<string, string> = { '/maintenance': '/maintenance/general' };

/**
 * axe-core over the screen on show (WCAG 2 A and AA rules): its serious and critical violations, as
 * "rule id → target selectors" lines. Nothing is excluded: the whole document is scanned, the shell
 * included.
 */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Two halves, so the two workers share the walk through every screen.
const HALVES = [SCREEN_ROUTES.slice(0, 24), SCREEN_ROUTES.slice(24)];

for (const [n, routes] of HALVES.entries()) {
  test(`routes without a built screen show the not-available page, and only those (part ${n + 1})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInWithStorage(page, USERS.admin);
    const unbuilt: string[] = [];
    const inaccessible: string[] = [];
    for (const path of routes) {
      await page.goto(path);
      // The layout marks the path it has rendered: the screen below is this route's (or, for a
      // parent the issues give a default child, that child's).
      const shown = APP_DEFAULT_CHILD[path] ?? path;
      await expect(page.locator(`main[data-pathname="${shown}"]`), path).toBeVisible();
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      if ((await page.getByTestId('not-available').count()) > 0) unbuilt.push(path);
      // The content has loaded (no request in flight, no table skeleton) before axe looks at it.
      await expect(page.getByTestId('global-loading'), path).toHaveCount(0);
      await expect(page.getByTestId('table-skeleton'), path).toHaveCount(0);
      for (const v of await axeViolations(page)) inaccessible.push(`${path} → ${v}`);
    }
    // Both ways: a built screen must leave the list, and an unbuilt one cannot hide outside it.
    expect(unbuilt.sort()).toEqual(UNBUILT_ROUTES.filter((p) => routes.includes(p)).sort());
    // No serious or critical accessibility violation on any screen (issue 32).
    expect(inaccessible, inaccessible.join('\n')).toEqual([]);
  });
}

test('the user page has Back and My Account; Back hides after the all-users-comments tab', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  await page.goto('/account#tabVacation');
  await expect(page.getByRole('tab', { name: 'Vacation' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/account/user/1');
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/account#tabUsers');
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  await page.goto('/account');
  await page.getByRole('tab', { name: 'All users comments' }).click();
  await expect(page).toHaveURL(/#tabAllUsersComments$/);
  await page.goto('/account/user/1');
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveCount(0);
});

test('the theme toggle cycles auto, light, dark while the page stays dark; stored themes are removed', async ({
  page,
}) => {
  await signInWithStorage(page, USERS.admin);
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
  await page.goto('/account');
  expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBeNull();
  const toggle = page.getByTestId('theme-toggle');
  for (const next of ['light', 'dark', 'auto']) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-preference', next);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  }
});
