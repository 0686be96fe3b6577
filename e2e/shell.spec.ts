import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin, closeVersionPopup, PASSWORD, SHOTS, signInWithForm, signInWithStorage, USERS } from './helpers';
import { receivedMails } from './mail';

mkdirSync(SHOTS, { recursive: true });

test('admin signs in with the form and lands on /account with the menu and header', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login.png` });

  await signInWithForm(page, USERS.admin);
  await expect(page).toHaveURL(/\/account$/);
  // The session is an httpOnly cookie for /api; local storage holds only a marker, never the token.
  const session = (await page.context().cookies()).find((c) => c.name === 'backhaul_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('cookie');
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(session?.value ?? '?');
  // version_show on: the change-information popup opens once for this version, then is remembered.
  const popup = page.getByRole('dialog', { name: /What's new/ });
  if ((await page.evaluate(() => localStorage.getItem('version_show'))) === 'true') {
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    const seen = await page.evaluate(() => [localStorage.getItem('versionShowPopup'), localStorage.getItem('version')]);
    expect(seen[0]).toBe(seen[1]);
    await page.reload();
    await expect(page.getByTestId('user-name')).toBeVisible();
    await expect(popup).toBeHidden();
  }
  await closeVersionPopup(page);
  await page.getByTestId('version-button').click();
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('user-name')).toHaveText('Avery Admin');
  await expect(page.getByTestId('header-user-name')).toHaveText('Avery Admin');
  const menu = page.getByTestId('app-menu');
  for (const group of [
    'Account',
    'Dispatch',
    'Statistics',
    'Safety',
    'Accounting',
    'Shop',
    'Maintenance',
    'Settings',
    'Log out',
  ]) {
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('breadcrumbs')).toContainText('Account');
  await expect(page.getByTestId('global-loading')).toHaveCount(0);
  await menu.getByText('Maintenance', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Trucks', exact: true })).toBeVisible();
  await page.waitForTimeout(300); // let the group finish opening for the picture
  await page.screenshot({ path: `${SHOTS}/menu-header.png` });
  await page.screenshot({ path: `${SHOTS}/account.png`, fullPage: true });

  // Log out goes to /auth and clears the stored session.
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await page.context().cookies()).find((c) => c.name === 'backhaul_session')).toBeUndefined();
});

test('a wrong password stores no session and says why', async ({ page }) => {
  await signInWithForm(page, USERS.accountant, 'not-the-password');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the customer user lands on /profile with real data', async ({ page }) => {
  await signInWithForm(page, USERS.customer);
  await expect(page).toHaveURL(/\/profile$/);
  await closeVersionPopup(page);
  await expect(page.getByTestId('user-name')).toHaveText('Casey Customer');
  await expect(page.getByTestId('user-role')).toBeVisible();
  // The customer's menu: its profile, invoices and payments, nothing internal.
  const menu = page.getByTestId('app-menu');
  await menu.getByText('Accounting', { exact: true }).click();
  await expect(menu.getByRole('link')).toHaveText(['Profile', 'Customer invoices', 'Customer payments']);
  await expect(menu.getByText('Maintenance', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/profile.png`, fullPage: true });
});

test('the dispatcher opening /settings/system-settings gets the Error page', async ({ page }) => {
  await signInWithStorage(page, USERS.dispatcher);
  await page.goto('/settings/system-settings');
  await expect(page.getByTestId('error-page')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/system-settings$/);
  // Role 2 has no Safety or Settings group in the menu.
  await page.goto('/account');
  await closeVersionPopup(page);
  const menu = page.getByTestId('app-menu');
  await expect(menu.getByText('Dispatch', { exact: true })).toBeVisible();
  await expect(menu.getByText('Settings', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Safety', { exact: true })).toHaveCount(0);
});

test('an unknown path shows the Error page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('error-page')).toBeVisible();
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/statistics/no-such-child');
  await expect(page.getByTestId('error-page')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/error.png` });
});

test('a signed-in user opening /auth or /reset is sent to /', async ({ page }) => {
  await signInWithStorage(page, USERS.accountant);
  await page.goto('/auth');
  // / then goes on to /account for a staff user.
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/reset');
  await expect(page).toHaveURL(/\/account$/);
});

test('without a token a protected route goes to /auth', async ({ page }) => {
  await page.goto('/trips/list');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an expired session sends the user to /auth with the alert', async ({ page }) => {
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('token', 'Bearer expired-or-garbage'));
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('alert').filter({ hasText: 'You are not authorized' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByTestId('global-loading')).toHaveCount(0);
});

test('the redirects of the spec', async ({ page }) => {
  await signInWithStorage(page, USERS.admin);
  const cases: Array<[string, RegExp]> = [
    ['/dispatch', /\/trips\/list$/],
    ['/safety', /\/statistics$/],
    ['/settings', /\/maintenance\/roles$/],
    ['/accounting', /\/accounting\/customer-invoices$/],
    ['/shop', /\/shop\/work-orders$/],
    ['/', /\/account$/],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
});

test('role 3 sees the vacation, comment and notes badges; the feedback dialog thanks the user', async ({ page }) => {
  await signInWithStorage(page, USERS.safety);
  await page.goto('/account');
  await expect(page.getByTestId('badge-vacation')).toContainText(/\d+/);
  await expect(page.getByTestId('badge-comments')).toContainText(/\d+/);
  await expect(page.getByTestId('badge-notes')).toContainText(/\d+/);
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.getByTestId('feedback-open').click();
  await page.getByLabel('Your feedback').fill('The new shell looks good.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('alert').filter({ hasText: 'Thanks a lot for your feedback' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/header-role3.png` });
});

test('a password is reset through the link mailed to the user', async ({ page, request }) => {
  const email = USERS.shop;
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  // The mail went through the journeys' SMTP server (e2e/smtp-sink.mjs).
  // Other journeys mail this user too (the Shop's road report): pick the reset mail by its link.
  const resetLink = () =>
    receivedMails(email)
      .map((m) => /\/password\/reset\/[A-Za-z0-9_-]+/.exec(m.text ?? '')?.[0])
      .find((l) => l !== undefined);
  await expect.poll(resetLink, { timeout: 15_000 }).toBeTruthy();
  const link = resetLink();
  expect(link, 'reset link in the mail').toBeTruthy();
  // The app's outbox (the mail log an admin reads) records it as sent.
  const admin = await apiLogin(request, USERS.admin);
  const outbox = await request.get('/api/mail/outbox', { headers: { Authorization: `Bearer ${admin.access_token}` } });
  const { rows } = (await outbox.json()) as { rows: Array<{ to: string; template: string; status: string }> };
  expect(rows.find((r) => r.to === email && r.template === 'password-reset')?.status).toBe('sent');

  await page.goto(link ?? '/');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  const newPassword = 'a-new-password-123';
  await page.getByRole('textbox', { name: /^New password/ }).fill(newPassword);
  await page.getByRole('textbox', { name: /^Confirm new password/ }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInWithForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/account$/);
  // The old password no longer works, and the used link is refused.
  const old = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(((await old.json()) as { error?: string }).error).toBeTruthy();
  // The user's password back, for the journeys that sign in as this user after this one.
  const back = await apiLogin(request, email, newPassword);
  const restored = await request.post('/api/user/update', {
    headers: { Authorization: `Bearer ${back.access_token}` },
    data: { current_password: newPassword, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(restored.ok()).toBe(true);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link ?? '/');
  await expect(page.getByTestId('reset-invalid')).toBeVisible();
});
