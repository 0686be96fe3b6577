import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from './access';
import { passwordResets, sessions, type users } from './auth.table';
import { newToken } from './tokens';

/** A new session for a user who signed in: answers its bearer token (stored hashed). */
export async function openSession(
  db: DbOrTx,
  opts: { userId: number; ttlSeconds: number; ip?: string | undefined; userAgent?: string | undefined },
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    userId: opts.userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + opts.ttlSeconds * 1000),
    ip: opts.ip ?? null,
    userAgent: opts.userAgent ?? null,
  });
  return token;
}

/** The caller signs out: its session is revoked. */
export async function closeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** A single-use password reset for the user: answers the link's token (stored hashed). */
export async function openPasswordReset(db: DbOrTx, opts: { userId: number; ttlSeconds: number }): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({
    userId: opts.userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + opts.ttlSeconds * 1000),
  });
  return token;
}

/** Revokes the user's live sessions (but `keepSessionId`, the caller's own) in the caller's transaction; answers how many. */
export async function revokeSessions(tx: DbOrTx, userId: number, keepSessionId?: number): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * The user as the caller of a write it makes without a session (a reset link, an undo link): the
 * command runs in that user's scope and the audit names the user.
 */
export const actingAs = (u: typeof users.$inferSelect): AuthUser => ({
  id: u.id,
  companyId: u.companyId,
  email: u.email,
  name: u.name,
  role: u.role,
  permissionRoleId: u.permissionRoleId,
  departmentId: u.departmentId,
  customerId: u.customerId,
  image: u.image,
});
