import { ACTION, APP_MSG, type Grant, SECTION } from '@backhaul/shared';
import { ACCOUNT_SECTION } from '@backhaul/shared/modules/account/account.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';

// Issue 27, "Self-service that asks for the password": one's own password or e-mail changes only
// with the current password; an e-mail change is mailed to the old address with an undo link.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // A long backoff, so the throttle test does not depend on how fast argon2 runs.
  t = await createTestApp({ config: { SMTP_URL: smtp.url, LOGIN_BACKOFF_BASE_SECONDS: 60 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: t.bearer(token) } : {}),
  });
const alive = async (token: string) => (await call('POST', '/isLogin', token)).statusCode;
const undo = (token: string | undefined) => call('POST', '/email/undo', null, { token });

/** A user with only the Profile section, signed in twice (the attacker's session and the owner's). */
async function person(email: string, grants: Grant[] = []) {
  const { user, token } = await t.createUser({ email, grants: [{ section: SECTION.Profile, action: 0 }, ...grants] });
  const other = await t.login(email);
  const own = (await call('GET', `/users/${user.id}/edit`, token)).json().user as Record<string, unknown>;
  return { id: user.id, token, other, own };
}
const stored = async (id: number) => {
  const [row] = await t.database.query<{ email: string; password_hash: string }>(
    'select email, password_hash from users where id = $1',
    [id],
  );
  return row as { email: string; password_hash: string };
};
const revokedCount = async (id: number) => {
  const [row] = await t.database.query<{ n: number }>(
    'select count(*)::int as n from sessions where user_id = $1 and revoked_at is not null',
    [id],
  );
  return row?.n;
};
const userAudits = (id: number) =>
  t.database.query<{
    action: string;
    user_id: number;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>("select action, user_id, before, after from audit_log where entity = 'users' and entity_id = $1 order by id", [
    String(id),
  ]);
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const undoLink = (address: string) => {
  const raw = (mailsTo(address).at(-1)?.raw ?? '').replace(/=\r?\n/g, '');
  return /\/email\/undo\/([\w-]+)/.exec(raw)?.[1];
};

describe('own password through POST /users', () => {
  it('without or with a wrong current password: 422 on current_password, nothing changed, no session ended', async () => {
    const p = await person('own-pass@backhaul.demo');
    const before = await stored(p.id);
    const missing = await call('POST', '/users', p.token, { ...p.own, password: 'taken-over-1' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [APP_MSG.currentPasswordRequired] });
    const wrong = await call('POST', '/users', p.token, {
      ...p.own,
      password: 'taken-over-1',
      current_password: 'a-guess-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [APP_MSG.currentPasswordWrong] });
    expect(await stored(p.id)).toEqual(before);
    expect(await revokedCount(p.id)).toBe(0);
    expect([await alive(p.token), await alive(p.other)]).toEqual([200, 200]);
    expect(await userAudits(p.id)).toEqual([]);
  });

  it('with it: changed, the other sessions signed out, the current one kept', async () => {
    const p = await person('own-pass-ok@backhaul.demo');
    const res = await call('POST', '/users', p.token, {
      ...p.own,
      password: 'my-new-pass-1',
      current_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(await alive(p.token)).toBe(200);
    expect(await alive(p.other)).toBe(401);
    expect(await revokedCount(p.id)).toBe(1);
    expect(
      (await call('POST', '/login', null, { email: 'own-pass-ok@backhaul.demo', password: TEST_PASSWORD })).json(),
    ).toEqual({ error: APP_MSG.wrongCredentials });
    await t.login('own-pass-ok@backhaul.demo', 'my-new-pass-1');
    const [audit] = await userAudits(p.id);
    expect(audit).toMatchObject({
      action: 'update',
      user_id: p.id,
      after: { credentials_changed: true, sessions_revoked: 1 },
    });
  });

  it('a caller with Users edit needs it for its own record too', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const [me] = await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'");
    const own = (await call('GET', `/users/${me?.id}/edit`, admin)).json().user;
    const res = await call('POST', '/users', admin, { ...own, email: 'admin-moved@backhaul.demo' });
    expect(res.json().errors).toEqual({ current_password: [APP_MSG.currentPasswordRequired] });
    expect((await stored(me?.id as number)).email).toBe('admin@backhaul.demo');
  });

  it('guesses count as failed sign-ins: a stolen session cannot try passwords faster than the sign-in form', async () => {
    const passwordPage = [0, ACTION.EDIT].map((action) => ({ section: ACCOUNT_SECTION.passwordChange, action }));
    const p = await person('own-guess@backhaul.demo', passwordPage);
    const guess = (current_password: string) =>
      call('POST', '/users', p.token, { ...p.own, password: 'taken-over-1', current_password });
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) expect((await guess(`guess-${i}-x`)).statusCode).toBe(422);
    // Now even the right password waits, on this path and on the account page's.
    expect((await guess(TEST_PASSWORD)).statusCode).toBe(429);
    const page = await call('POST', '/user/update', p.token, {
      current_password: TEST_PASSWORD,
      password: 'taken-over-1',
      password_confirmation: 'taken-over-1',
    });
    expect(page.statusCode).toBe(429);
    expect((await stored(p.id)).email).toBe('own-guess@backhaul.demo');
    expect(await revokedCount(p.id)).toBe(0);
  });
});

describe('own e-mail through POST /users', () => {
  it('without the current password: 422, the address unchanged, nothing mailed', async () => {
    const p = await person('mail-keep@backhaul.demo');
    const res = await call('POST', '/users', p.token, { ...p.own, email: 'thief@evil.test' });
    expect(res.json().errors).toEqual({ current_password: [APP_MSG.currentPasswordRequired] });
    expect((await stored(p.id)).email).toBe('mail-keep@backhaul.demo');
    expect(mailsTo('mail-keep@backhaul.demo')).toHaveLength(0);
    const [changes] = await t.database.query<{ n: number }>('select count(*)::int as n from email_changes');
    expect(changes?.n).toBe(0);
  });

  it('with it: the old address gets an undo link; the undo restores it and ends every session', async () => {
    const p = await person('mail-owner@backhaul.demo');
    const res = await call('POST', '/users', p.token, {
      ...p.own,
      email: 'mail-new@backhaul.demo',
      current_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(p.id)).email).toBe('mail-new@backhaul.demo');
    // The change alone ends no session; the mail goes to the old address only.
    expect(await revokedCount(p.id)).toBe(0);
    expect(mailsTo('mail-owner@backhaul.demo')).toHaveLength(1);
    expect(mailsTo('mail-new@backhaul.demo')).toHaveLength(0);
    const raw = (mailsTo('mail-owner@backhaul.demo')[0]?.raw ?? '').replace(/=\r?\n/g, '');
    expect(raw).toContain('from mail-owner@backhaul.demo to mail-new@backhaul.demo');
    const token = undoLink('mail-owner@backhaul.demo');
    expect(token).toBeTruthy();
    const [row] = await t.database.query<{ token_hash: string; expires_in_days: number }>(
      'select token_hash, round(extract(epoch from expires_at - now()) / 86400)::int as expires_in_days from email_changes where user_id = $1',
      [p.id],
    );
    expect(row?.token_hash).not.toContain(token);
    expect(row?.expires_in_days).toBe(7);

    const done = await undo(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      email: 'mail-owner@backhaul.demo',
      message: APP_MSG.emailRestored('mail-owner@backhaul.demo'),
    });
    expect((await stored(p.id)).email).toBe('mail-owner@backhaul.demo');
    expect([await alive(p.token), await alive(p.other)]).toEqual([401, 401]);
    // The password is cleared too: whoever changed the address may know it.
    expect(
      (await call('POST', '/login', null, { email: 'mail-owner@backhaul.demo', password: TEST_PASSWORD })).json(),
    ).toEqual({ error: APP_MSG.wrongCredentials });
    const audits = await userAudits(p.id);
    expect(audits.map((a) => a.action)).toEqual(['update', 'email-restore']);
    expect(audits[1]).toMatchObject({
      before: { email: 'mail-new@backhaul.demo' },
      after: { email: 'mail-owner@backhaul.demo', sessions_revoked: 2, credentials_cleared: true },
    });

    const again = await undo(token);
    expect(again.statusCode).toBe(412);
    expect(again.json()).toEqual({ error: { mail: APP_MSG.emailUndoInvalid } });
  });

  it('an expired or unknown link is refused and changes nothing', async () => {
    const p = await person('mail-late@backhaul.demo');
    await call('POST', '/users', p.token, {
      ...p.own,
      email: 'mail-late-new@backhaul.demo',
      current_password: TEST_PASSWORD,
    });
    const token = undoLink('mail-late@backhaul.demo');
    await t.database.query("update email_changes set expires_at = now() - interval '1 minute' where user_id = $1", [
      p.id,
    ]);
    const late = await undo(token);
    expect(late.statusCode).toBe(412);
    expect(late.json()).toEqual({ error: { mail: APP_MSG.emailUndoInvalid } });
    expect((await undo('not-a-token')).statusCode).toBe(412);
    expect((await undo('')).statusCode).toBe(422);
    expect((await stored(p.id)).email).toBe('mail-late-new@backhaul.demo');
    expect(await alive(p.token)).toBe(200);
  });

  it('the owner’s undo beats the thief’s later change and reset link; a later link cannot undo it', async () => {
    const p = await person('mail-victim@backhaul.demo');
    const thief = p.other;
    const form = (email: string) => ({ ...p.own, email, current_password: TEST_PASSWORD });
    expect((await call('POST', '/users', thief, form('thief-1@evil.test'))).statusCode).toBe(200);
    expect((await call('POST', '/users', thief, form('thief-2@evil.test'))).statusCode).toBe(200);
    const ownerLink = undoLink('mail-victim@backhaul.demo');
    const thiefLink = undoLink('thief-1@evil.test');
    // The thief asks for a reset link at its address.
    await call('POST', '/reset', null, { email: 'thief-2@evil.test' });
    await expect.poll(() => mailsTo('thief-2@evil.test').length, { timeout: 15_000 }).toBe(1);
    const raw = (mailsTo('thief-2@evil.test')[0]?.raw ?? '').replace(/=\r?\n/g, '');
    const resetToken = /\/password\/reset\/([\w-]+)/.exec(raw)?.[1];
    expect(resetToken).toBeTruthy();

    expect((await undo(ownerLink)).statusCode).toBe(200);
    expect((await stored(p.id)).email).toBe('mail-victim@backhaul.demo');
    expect((await undo(thiefLink)).statusCode).toBe(412);
    const reset = await call('POST', '/restore', null, {
      token: resetToken,
      password: 'thief-password',
      password_confirmation: 'thief-password',
    });
    expect(reset.statusCode).toBe(412);
    expect((await stored(p.id)).email).toBe('mail-victim@backhaul.demo');
    expect(await alive(thief)).toBe(401);
  });
});

describe('an administrator changing another user', () => {
  it('needs no current password of the target, is audited as an administrator change and ends the sessions', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const target = await person('managed@backhaul.demo');
    const record = (await call('GET', `/users/${target.id}/edit`, admin)).json().user;
    const res = await call('POST', '/users', admin, {
      ...record,
      email: 'managed-new@backhaul.demo',
      password: 'set-by-admin-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(target.id)).email).toBe('managed-new@backhaul.demo');
    expect([await alive(target.token), await alive(target.other)]).toEqual([401, 401]);
    await t.login('managed-new@backhaul.demo', 'set-by-admin-1');
    const [adminId] = await t.database.query<{ id: number }>(
      "select id from users where email = 'admin@backhaul.demo'",
    );
    const audits = await userAudits(target.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'admin-credentials',
      user_id: adminId?.id,
      before: { email: 'managed@backhaul.demo' },
      after: {
        email: 'managed-new@backhaul.demo',
        by_administrator: true,
        credentials_changed: true,
        email_changed: true,
        sessions_revoked: 2,
      },
    });
    // No undo link: the target did not make the change, an audited administrator did.
    const [changes] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from email_changes where user_id = $1',
      [target.id],
    );
    expect(changes?.n).toBe(0);
  });
});
