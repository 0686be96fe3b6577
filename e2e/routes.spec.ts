import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SHOTS, signInWithStorage, USERS } from './helpers';
import { UNBUILT_ROUTES } from './unbuilt-routes';

// Every concrete route of routes.json that renders a screen (redirects and tabs are covered elsewhere).
const SCREEN_ROUTES = ['/profile', '/account', ...UNBUILT_ROUTES];

test('routes without a built screen show the not-available page, and only those', async ({ page }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInWithStorage(page, USERS.admin);
  const unbuilt: string[] = [];
  for (const path of SCREEN_ROUTES) {
    await page.goto(path);
    await expect(page.getByTestId('app-header'), path).toBeVisible();
    await expect(page.getByTestId('error-page'), path).toHaveCount(0);
    if ((await page.getByTestId('not-available').count()) > 0) unbuilt.push(path);
  }
  expect(unbuilt).toEqual([...UNBUILT_ROUTES]);
  await page.goto('/maintenance/trucks');
  await expect(page.getByText('This screen is not available yet')).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Maintenance');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Trucks');
  await page.screenshot({ path: `${SHOTS}/not-available.png` });
});

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
