import { type Grant, type GrantSet, makeGrantSet } from '@backhaul/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { rolePermissions, roles, users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';

/**
 * The one rule on what a caller may hand out or take away, called by every path that changes
 * what a user holds: users create, edit (role, password, e-mail, deactivation) and delete; roles
 * assign, edit and delete. "Every permission" is the Administrator role's flag (`all_permissions`).
 */
export const ROLE_RULE_MSG = {
  administratorsOnly: 'Only a user with every permission may change an administrator or give that role.',
  targetHoldsMore: 'You cannot change a user who holds permissions you do not hold.',
  roleHoldsMore: 'You cannot change a role that holds permissions you do not hold.',
  grantBeyond: (missing: string) => `You cannot give a role holding permissions you do not hold (${missing}).`,
  ownRole: 'You cannot change your own role or permission role.',
  lastAdministrator:
    'This is the last user with every permission; it cannot be deleted, deactivated or given another role.',
} as const;

const NO_GRANTS: GrantSet = makeGrantSet([]);

/** What a role grants (nothing for no role); the administrator role holds everything. */
export async function roleGrantSet(db: DbOrTx, roleId: number | null): Promise<GrantSet> {
  if (roleId === null) return NO_GRANTS;
  const [role] = await db.select({ all: roles.allPermissions }).from(roles).where(eq(roles.id, roleId));
  if (!role) return NO_GRANTS;
  const grants = await db
    .select({ section: rolePermissions.sectionId, action: rolePermissions.actionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return makeGrantSet(grants, role.all);
}

/** Every role of a company with what it grants, in one query (for option lists). */
export async function companyRoleGrantSets(db: DbOrTx, companyId: number): Promise<Map<number, GrantSet>> {
  const rows = await db
    .select({
      id: roles.id,
      all: roles.allPermissions,
      section: rolePermissions.sectionId,
      action: rolePermissions.actionId,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(roles.companyId, companyId));
  const byRole = new Map<number, { all: boolean; grants: Grant[] }>();
  for (const r of rows) {
    const entry = byRole.get(r.id) ?? { all: r.all, grants: [] };
    if (r.section !== null && r.action !== null) entry.grants.push({ section: r.section, action: r.action });
    byRole.set(r.id, entry);
  }
  return new Map([...byRole].map(([id, e]) => [id, makeGrantSet(e.grants, e.all)]));
}

/** The grants of `target` the caller lacks, as `section/action`; empty when it holds them all. */
export function missingGrants(caller: GrantSet, target: GrantSet): string[] {
  if (caller.all) return [];
  if (target.all) return ['every permission'];
  return [...target.keys].filter((k) => !caller.keys.has(k)).map((k) => k.replace(':', '/'));
}

export const covers = (caller: GrantSet, target: GrantSet) => missingGrants(caller, target).length === 0;

/** Giving a role (to a user, or as a role's new grants): the caller must hold all of it. */
export function assertMayGiveRole(auth: AuthContext, target: GrantSet): void {
  if (target.all && !auth.grants.all) throw AppError.forbidden(ROLE_RULE_MSG.administratorsOnly);
  const missing = missingGrants(auth.grants, target);
  if (missing.length > 0) throw AppError.forbidden(ROLE_RULE_MSG.grantBeyond(missing.join(', ')));
}

/**
 * Serialises changes that may take every permission away from someone, per company, and answers
 * how many active users other than `exceptIds` still hold it. Called inside the writing
 * transaction, so two administrators demoting each other at once cannot both succeed.
 */
async function otherAdministrators(tx: DbOrTx, companyId: number, exceptIds: number[]): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x61646d}, ${companyId})`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.permissionRoleId))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.active, true),
        eq(roles.allPermissions, true),
        exceptIds.length ? notInArray(users.id, exceptIds) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export type UserChange = {
  /** The user as it is now; null for a user being created. */
  user: { id: number; permissionRoleId: number | null; active: boolean } | null;
  /** Its permission role after the change. */
  roleId: number | null;
  /** Deleted or deactivated: it will hold nothing. */
  leaves?: boolean;
};

/**
 * A caller may change another user (its role, password, e-mail, active flag, or delete it) only
 * when it holds every grant of the user's role, and give a role only when it holds all of it; no
 * one changes its own role; the last active user with every permission keeps it.
 * Run it inside the transaction that writes, for each user changed.
 */
export async function assertUserChange(tx: DbOrTx, auth: AuthContext, changes: UserChange[]): Promise<void> {
  const cache = new Map<number | null, GrantSet>();
  const grantsOf = async (roleId: number | null) => {
    const known = cache.get(roleId);
    if (known) return known;
    const set = await roleGrantSet(tx, roleId);
    cache.set(roleId, set);
    return set;
  };
  const losing: number[] = [];
  for (const { user, roleId, leaves } of changes) {
    const roleChanges = !user || user.permissionRoleId !== roleId;
    if (user && user.id === auth.user.id && roleChanges) throw AppError.forbidden(ROLE_RULE_MSG.ownRole);
    const before = user ? await grantsOf(user.permissionRoleId) : NO_GRANTS;
    if (user && user.id !== auth.user.id && !covers(auth.grants, before)) {
      throw AppError.forbidden(before.all ? ROLE_RULE_MSG.administratorsOnly : ROLE_RULE_MSG.targetHoldsMore);
    }
    const after = await grantsOf(roleId);
    if (roleChanges) assertMayGiveRole(auth, after);
    if (user?.active && before.all && (leaves || !after.all)) losing.push(user.id);
  }
  if (losing.length > 0 && (await otherAdministrators(tx, auth.user.companyId, losing)) === 0) {
    throw AppError.precondition(ROLE_RULE_MSG.lastAdministrator);
  }
}

/** Whether the caller may edit, delete or give this role (the web hides what this refuses). */
export function mayChangeRole(auth: AuthContext, roleId: number, grants: GrantSet | undefined): boolean {
  if (auth.grants.all) return true;
  return grants !== undefined && roleId !== auth.user.permissionRoleId && covers(auth.grants, grants);
}

/**
 * Editing or deleting a role changes what every holder holds: the caller must hold the whole role
 * before and after (and never edit its own role unless it holds every permission).
 */
export function assertRoleChange(
  auth: AuthContext,
  change: { roleId: number; before: GrantSet; after: GrantSet | null },
): void {
  if (!auth.grants.all && change.roleId === auth.user.permissionRoleId) {
    throw AppError.forbidden('You cannot change the permissions of your own role.');
  }
  if (!covers(auth.grants, change.before)) {
    throw AppError.forbidden(change.before.all ? ROLE_RULE_MSG.administratorsOnly : ROLE_RULE_MSG.roleHoldsMore);
  }
  if (change.after) assertMayGiveRole(auth, change.after);
}
