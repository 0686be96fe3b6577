import { randomBytes } from 'node:crypto';
import { APP_MSG, buildPermissionTree, type GrantSet } from '@backhaul/shared';
import { ROLE_NUMBER_NAMES } from '@backhaul/shared/modules/roles/roles.contract';
import type { IsLoginResponse, LoginResponse, Profile } from '@backhaul/shared/modules/session/session.contract';
import { and, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { departments, passwordResets, roles, users } from '../../platform/auth/auth.table';
import {
  actingAs,
  closeSession,
  openPasswordReset,
  openSession,
  revokeSessions,
} from '../../platform/auth/credentials';
import { signInSucceeded, takeSignInAttempt, takeWindowSlot } from '../../platform/auth/login-throttle';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { userRecord } from '../../platform/auth/user.record';
import { appVersions } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import type { JobsService } from '../../platform/jobs/jobs.service';
import type { Mailer } from '../../platform/mail/mailer';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import { emailChangedMail, passwordResetMail } from './session.mail';
import { emailChangeRecord } from './session.record';
import { emailChanges } from './session.table';

export type SessionDeps = { db: Db; config: Config; mailer: Mailer };

const throttleOptions = (config: Config) => ({
  maxFailures: config.LOGIN_MAX_FAILURES,
  lockSeconds: config.LOGIN_LOCK_SECONDS,
  backoffBaseSeconds: config.LOGIN_BACKOFF_BASE_SECONDS,
  backoffMaxSeconds: config.LOGIN_BACKOFF_MAX_SECONDS,
});

export async function currentVersion(db: Db) {
  const [row] = await db.select().from(appVersions).orderBy(desc(appVersions.id)).limit(1);
  return {
    version: row?.version ?? '0.1.0',
    version_show: row?.versionShow ?? false,
    description: row?.description ?? '',
  };
}

/** Signs in: answers the token, or `{ error }` for wrong credentials (no session is created). */
export async function login(
  deps: SessionDeps,
  input: { email: string; password: string; ip?: string; userAgent?: string },
): Promise<LoginResponse | { error: string }> {
  const { db, config } = deps;
  const attempt = { email: input.email, ip: input.ip };
  await takeSignInAttempt(db, attempt, throttleOptions(config));
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${input.email.trim()})`, eq(users.active, true)))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) return { error: APP_MSG.wrongCredentials };
  await signInSucceeded(db, attempt);
  const token = await openSession(db, {
    userId: user.id,
    ttlSeconds: config.SESSION_TTL_SECONDS,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  const version = await currentVersion(db);
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: config.SESSION_TTL_SECONDS,
    version: version.version,
    version_show: version.version_show,
    role: user.role,
    customers: user.customerId !== null,
  };
}

export async function logout(db: Db, auth: AuthContext): Promise<void> {
  await closeSession(db, auth.sessionId);
}

export function sessionCheck(auth: AuthContext): IsLoginResponse {
  return {
    message: 'Authorized',
    permissions: buildPermissionTree(auth.grants as GrantSet),
    role: auth.user.role,
    expires_in: Math.max(0, Math.floor((auth.expiresAt.getTime() - Date.now()) / 1000)),
    image: auth.user.image,
    customers: auth.user.customerId !== null,
  };
}

export async function profile(db: Db, auth: AuthContext): Promise<Profile> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      permission_role: roles.name,
      department: departments.name,
      department_id: users.departmentId,
      image: users.image,
      customer_id: users.customerId,
      customer: customers.name,
      company_id: users.companyId,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.permissionRoleId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, auth.user.id));
  if (!row) throw AppError.unauthorized();
  return { ...row, role_name: ROLE_NUMBER_NAMES[row.role] ?? `Role ${row.role}` };
}

export const PASSWORD_RESET_JOB = 'session.password-reset';

/**
 * POST /reset: throttled per address and per target address, then the same work whoever asks —
 * one queued job — so neither the answer nor its time tells whether the account exists.
 */
export async function requestReset(
  deps: { db: Db; config: Config; jobs: JobsService },
  input: { email: string; ip?: string },
): Promise<void> {
  const { db, config, jobs } = deps;
  const email = input.email.trim();
  const window = { windowSeconds: config.RESET_WINDOW_SECONDS };
  const keys = [
    ...(input.ip ? [{ key: `reset-ip:${input.ip}`, max: config.RESET_MAX_PER_ADDRESS }] : []),
    { key: `reset-email:${email.toLowerCase()}`, max: config.RESET_MAX_PER_EMAIL },
  ];
  for (const { key, max } of keys) {
    const wait = await takeWindowSlot(db, key, { ...window, max });
    if (wait !== null) throw AppError.tooMany(APP_MSG.tooManyResets(Math.ceil(wait / 60)), wait);
  }
  await jobs.enqueue(PASSWORD_RESET_JOB, { email }, { actor: null });
}

/** Mails a single-use reset link when an active user has this address; answers whether it did. */
export async function sendResetLink(deps: SessionDeps, email: string): Promise<boolean> {
  const { db, config, mailer } = deps;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, companyId: users.companyId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, eq(users.active, true)))
    .limit(1);
  if (!user) return false;
  const token = await openPasswordReset(db, { userId: user.id, ttlSeconds: config.RESET_TTL_SECONDS });
  const mail = passwordResetMail({
    name: user.name,
    link: `${config.publicUrl}/password/reset/${token}`,
    minutes: Math.round(config.RESET_TTL_SECONDS / 60),
  });
  await mailer.send({ ...mail, to: user.email, companyId: user.companyId, createdBy: null });
  return true;
}

async function findValidReset(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email, companyId: users.companyId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) throw AppError.precondition(APP_MSG.resetInvalid);
  return row;
}

export async function checkReset(db: Db, token: string) {
  const row = await findValidReset(db, token);
  return { valid: true as const, email: row.email };
}

/** The reset link used once: the new password set and every session of the user revoked (audited as the user's). */
const useResetLink = defineCommand({
  action: 'password-reset',
  target: {
    record: userRecord,
    id: (input: { userId: number; resetId: number; passwordHash: string }) => input.userId,
  },
  run: async ({ tx, row, input }) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, input.resetId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw AppError.precondition(APP_MSG.resetInvalid);
    await tx.update(users).set({ passwordHash: input.passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    await revokeSessions(tx, row.id);
  },
});

/** Sets the new password, uses up the link and signs the user out everywhere, in one transaction. */
export async function restorePassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const reset = await findValidReset(db, token);
  const [owner] = await db.select().from(users).where(eq(users.id, reset.userId));
  if (!owner) throw AppError.precondition(APP_MSG.resetInvalid);
  await runCommand(db, useResetLink, actingAs(owner), { userId: owner.id, resetId: reset.id, passwordHash });
}

/**
 * Re-authentication before one changes one's own password or e-mail: a 422 on `current_password`
 * when it is missing or wrong. A guess counts as a failed sign-in of the account (same throttle),
 * so a stolen session cannot try passwords faster than the sign-in form.
 */
export async function checkCurrentPassword(
  deps: { db: Db; config: Config },
  input: { email: string; passwordHash: string; password: string; ip?: string | undefined },
): Promise<void> {
  if (!input.password) throw AppError.invalidField('current_password', APP_MSG.currentPasswordRequired);
  const attempt = { email: input.email, ip: input.ip };
  await takeSignInAttempt(deps.db, attempt, throttleOptions(deps.config));
  if (!(await verifyPassword(input.passwordHash, input.password))) {
    throw AppError.invalidField('current_password', APP_MSG.currentPasswordWrong);
  }
  await signInSucceeded(deps.db, attempt);
}

/** How long the link mailed to the old address undoes an e-mail change. */
export const EMAIL_UNDO_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Records a self-service e-mail change in the transaction that makes it, and answers the mail to
 * send (after the commit) to the OLD address with the single-use undo link.
 */
export async function recordEmailChange(
  tx: DbOrTx,
  config: Config,
  change: { user: { id: number; name: string; companyId: number }; oldEmail: string; newEmail: string },
) {
  const { token, hash } = newToken();
  await tx.insert(emailChanges).values({
    userId: change.user.id,
    oldEmail: change.oldEmail,
    newEmail: change.newEmail,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + EMAIL_UNDO_TTL_SECONDS * 1000),
  });
  const mail = emailChangedMail({
    name: change.user.name,
    oldEmail: change.oldEmail,
    newEmail: change.newEmail,
    link: `${config.publicUrl}/email/undo/${token}`,
    days: EMAIL_UNDO_TTL_SECONDS / 86400,
  });
  return { ...mail, to: change.oldEmail, companyId: change.user.companyId, createdBy: change.user.id };
}

/** The undo of one e-mail change, run as its user with the change and the user locked. */
const restoreEmail = defineCommand({
  action: 'email-restore',
  run: async ({ tx, lock, audit, input }: CommandContext<{ changeId: number; unusable: string }, typeof users>) => {
    const change = await lock(emailChangeRecord, input.changeId);
    const now = new Date();
    if (change.usedAt || change.expiresAt <= now) throw AppError.precondition(APP_MSG.emailUndoInvalid);
    const user = await lock(userRecord, change.userId);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${change.oldEmail})`, ne(users.id, user.id)));
    if (taken) throw AppError.precondition(APP_MSG.emailUndoTaken);
    // This change and every later one are undone; an earlier change's link (sent to an older address) still works.
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt), gte(emailChanges.id, change.id)));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx
      .update(users)
      .set({ email: change.oldEmail, passwordHash: input.unusable, updatedAt: now })
      .where(eq(users.id, user.id));
    const revoked = await revokeSessions(tx, user.id);
    await audit({
      entity: userRecord.entity,
      entityId: user.id,
      action: 'email-restore',
      before: { email: user.email },
      after: { email: change.oldEmail, credentials_cleared: true, sessions_revoked: revoked },
    });
    return { email: change.oldEmail };
  },
});

/**
 * POST /email/undo: puts back the address from before that change, in one transaction. Whoever
 * changed it may hold a session, a reset link or the password, so every session is revoked, every
 * reset link and the undo links of later changes are used up, and the password is replaced by one
 * nobody knows: the owner chooses a new one through the reset mail, which now reaches the old address.
 */
export async function undoEmailChange(db: Db, token: string): Promise<{ email: string }> {
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const [found] = await db
    .select({ id: emailChanges.id, userId: emailChanges.userId })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, hashToken(token)));
  const [owner] = found ? await db.select().from(users).where(eq(users.id, found.userId)) : [];
  if (!found || !owner) throw AppError.precondition(APP_MSG.emailUndoInvalid);
  return runCommand(db, restoreEmail, actingAs(owner), { changeId: found.id, unusable });
}
