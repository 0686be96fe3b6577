import { APP_MSG } from '@backhaul/shared';
import type { MyInformationForm } from '@backhaul/shared/modules/account/account.contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { revokeSessions } from '../../platform/auth/credentials';
import { hashPassword } from '../../platform/auth/password';
import { userRecord } from '../../platform/auth/user.record';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { checkCurrentPassword } from '../session';
import { staffProfiles } from './account.table';

/** The e-mail, or the part before its @, inside the password (ignoring case). */
export function passwordHoldsEmail(password: string, email: string): boolean {
  const p = password.toLowerCase();
  const e = email.toLowerCase();
  const local = e.split('@')[0] ?? '';
  return p.includes(e) || (local.length >= 3 && p.includes(local));
}

/** The caller's new password, and every other session of the caller revoked; answers how many. */
const setPassword = defineCommand({
  action: 'password_change',
  target: {
    record: userRecord,
    id: (input: { userId: number; passwordHash: string; keepSessionId: number }) => input.userId,
  },
  run: async ({ tx, row, input }) => {
    await tx
      .update(users)
      .set({ passwordHash: input.passwordHash, updatedAt: clock.now() })
      .where(eq(users.id, row.id));
    return revokeSessions(tx, row.id, input.keepSessionId);
  },
});

/**
 * POST /user/update: the current password is required (throttled as a sign-in), the new one is
 * checked against the e-mail, and every other session of the caller is revoked in the same transaction.
 */
export async function changePassword(
  deps: { db: Db; config: Config },
  request: { auth: AuthContext; body: { current_password: string; password: string }; ip?: string | undefined },
): Promise<{ revoked: number }> {
  const { db } = deps;
  const { auth, body } = request;
  const [row] = await db.select().from(users).where(eq(users.id, auth.user.id));
  if (!row) throw AppError.unauthorized();
  await checkCurrentPassword(deps, {
    email: row.email,
    passwordHash: row.passwordHash,
    password: body.current_password,
    ip: request.ip,
  });
  if (passwordHoldsEmail(body.password, row.email))
    throw AppError.invalidField('password', APP_MSG.passwordMatchesEmail);
  const passwordHash = await hashPassword(body.password);
  const revoked = await runCommand(db, setPassword, auth.user, {
    userId: row.id,
    passwordHash,
    keepSessionId: auth.sessionId,
  });
  return { revoked };
}

export async function readMyInformation(db: Db, user: AuthUser): Promise<MyInformationForm> {
  const [p] = await db.select().from(staffProfiles).where(eq(staffProfiles.userId, user.id));
  return { phone: p?.phone ?? '', location: p?.location ?? '', duties: p?.duties ?? '' };
}

type ProfileValues = { phone: string | null; location: string | null; duties: string | null };

/** The caller's profile row, made on first save, written under the caller's user row lock (one row per user). */
const writeMyInformation = defineCommand({
  action: 'update',
  run: async ({ tx, user, lock, audit, input: values }: CommandContext<ProfileValues, typeof users>) => {
    await lock(userRecord, user.id);
    const [before] = await tx.select().from(staffProfiles).where(eq(staffProfiles.userId, user.id));
    await tx
      .insert(staffProfiles)
      .values({ userId: user.id, companyId: user.companyId, ...values })
      .onConflictDoUpdate({ target: staffProfiles.userId, set: { ...values, updatedAt: clock.now() } });
    await audit({ entity: staffProfiles, entityId: user.id, action: 'update', before, after: values });
  },
});

/** Saves the caller's own phone, location and duties (their profile row is made on first save). */
export async function saveMyInformation(db: Db, user: AuthUser, form: MyInformationForm): Promise<MyInformationForm> {
  const values = { phone: form.phone || null, location: form.location || null, duties: form.duties || null };
  await runCommand(db, writeMyInformation, user, values);
  return readMyInformation(db, user);
}
