import { type Grant, makeGrantSet } from '@backhaul/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
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

const sessionQuery = (db: Db) =>
  db
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
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('find_session');

/**
 * Every request runs this statement, so it is built once per database (its SQL is not rendered
 * again) and, on PostgreSQL, prepared once per connection (parsed and planned once).
 */
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** Resolves a bearer token to the caller and its grants, or null when unknown, revoked or expired. */
export async function findSession(db: Db, token: string): Promise<AuthContext | null> {
  let query = prepared.get(db);
  if (!query) {
    query = sessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: hashToken(token) });
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

/** Replaces a role's grants (the roles module's commands call it in their transaction, the role locked). */
export async function replaceGrants(tx: DbOrTx, roleId: number, grants: readonly Grant[]): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (grants.length > 0) {
    await tx.insert(rolePermissions).values(grants.map((g) => ({ roleId, sectionId: g.section, actionId: g.action })));
  }
}
