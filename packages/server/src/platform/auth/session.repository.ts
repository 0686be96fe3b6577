import { makeGrantSet } from '@backhaul/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from './access';
import { rolePermissions, roles, sessions, users } from './auth.table';
import { hashToken } from './tokens';

/**
 * The role's grants as [section, action] pairs, read in the session's own statement: every request
 * resolves its caller in one round trip, and a changed role, user or session counts at the next
 * request (nothing is cached, so several API processes never disagree).
 */
const grantsJson = sql<Array<
  [number, number]
> | null>`(select json_agg(json_build_array(${rolePermissions.sectionId}, ${rolePermissions.actionId})) from ${rolePermissions} where ${rolePermissions.roleId} = ${users.permissionRoleId})`;

/** Resolves a bearer token to the caller and its grants, or null when unknown, revoked or expired. */
export async function findSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        companyId: users.companyId,
        email: users.email,
        name: users.name,
        role: users.role,
        permissionRoleId: users.permissionRoleId,
        departmentId: users.departmentId,
        customerId: users.customerId,
        image: users.image,
      },
      allPermissions: sql<boolean>`coalesce(${roles.allPermissions}, false)`,
      grants: grantsJson,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.permissionRoleId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  const pairs = typeof row.grants === 'string' ? (JSON.parse(row.grants) as Array<[number, number]>) : row.grants;
  const grants = makeGrantSet(
    (pairs ?? []).map(([section, action]) => ({ section, action })),
    row.allPermissions,
  );
  return {
    user: { ...row.user, grants },
    sessionId: row.sessionId,
    expiresAt: new Date(row.expiresAt),
    grants,
  };
}

export async function loadGrants(db: DbOrTx, roleId: number | null) {
  if (roleId === null) return [];
  return db
    .select({ section: rolePermissions.sectionId, action: rolePermissions.actionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
}
