import { APP_MSG } from '@backhaul/shared';
import type { MyInformationForm } from '@backhaul/shared/modules/account/account.contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { sessions, users } from '../../platform/auth/auth.table';
import { hashPassword } from '../../platform/auth/password';
import { AppError } from '../../platform/errors';
import { checkCurrentPassword } from '../session';
import { staffProfiles } from './account.table';

/** The e-mail, or the part before its @, inside the password (ignoring case). */
export function passwordHoldsEmail(password: string, email: string): boolean {
  const p = password.toLowerCase();
  const e = email.toLowerCase();
  const local = e.split('@')[0] ?? '';
  return p.includes(e) || (local.length >= 3 && p.includes(local));
}

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
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt), ne(sessions.id, auth.sessionId)))
      .returning({ id: sessions.id });
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'users',
      entityId: row.id,
      action: 'password_change',
      after: { sessions_revoked: revoked.length },
    });
    return { revoked: revoked.length };
  });
}

export async function readMyInformation(db: Db, user: AuthUser): Promise<MyInformationForm> {
  const [p] = await db.select().from(staffProfiles).where(eq(staffProfiles.userId, user.id));
  return { phone: p?.phone ?? '', location: p?.location ?? '', duties: p?.duties ?? '' };
}

/** Saves the caller's own phone, location and duties (their profile row is made on first save). */
export async function saveMyInformation(db: Db, user: AuthUser, form: MyInformationForm): Promise<MyInformationForm> {
  const values = { phone: form.phone || null, location: form.location || null, duties: form.duties || null };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffProfiles).where(eq(staffProfiles.userId, user.id)).for('update');
    await tx
      .insert(staffProfiles)
      .values({ userId: user.id, companyId: user.companyId, ...values })
      .onConflictDoUpdate({ target: staffProfiles.userId, set: { ...values, updatedAt: new Date() } });
    await writeAudit(tx, {
      actor: user,
      entity: 'staff_profiles',
      entityId: user.id,
      action: 'update',
      before,
      after: values,
    });
  });
  return readMyInformation(db, user);
}
