import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from './access';
import { sessions, type users } from './auth.table';

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
