import {
  buildPermissionTree,
  type Grant,
  grantKey,
  grantsFromTree,
  invalidGrants,
  makeGrantSet,
  PERMISSION_CATALOGUE,
  withAncestors,
} from '@backhaul/shared';
import type { RoleRow, RoleSaveBody } from '@backhaul/shared/modules/roles/roles.contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { rolePermissions, roles, users } from '../../platform/auth/auth.table';
import { loadGrants } from '../../platform/auth/session.repository';
import { AppError } from '../../platform/errors';
import { customers } from '../customers';

const roleColumns = {
  id: roles.id,
  name: roles.name,
  all_permissions: roles.allPermissions,
  customer_id: roles.customerId,
  customer: customers.name,
  users_count: sql<number>`(select count(*)::int from ${users} where ${users.permissionRoleId} = ${roles.id})`,
};

export async function listRoles(db: DbOrTx, companyId: number, customerId?: number | null): Promise<RoleRow[]> {
  return db
    .select(roleColumns)
    .from(roles)
    .leftJoin(customers, eq(customers.id, roles.customerId))
    .where(
      and(
        eq(roles.companyId, companyId),
        customerId === undefined
          ? undefined
          : customerId === null
            ? isNotNull(roles.customerId)
            : eq(roles.customerId, customerId),
      ),
    )
    .orderBy(asc(roles.name));
}

async function getRole(db: DbOrTx, companyId: number, id: number): Promise<RoleRow> {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .leftJoin(customers, eq(customers.id, roles.customerId))
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)));
  if (!row) throw AppError.notFound('The role was not found.');
  return row;
}

export const emptyTree = () => buildPermissionTree(makeGrantSet([]), PERMISSION_CATALOGUE);

/** The catalogue tree with what the role already grants selected ("merged by name"). */
export async function roleForEdit(db: Db, companyId: number, id: number) {
  const role = await getRole(db, companyId, id);
  const grants = await loadGrants(db, id);
  return { role, all_permissions: buildPermissionTree(makeGrantSet(grants, role.all_permissions)) };
}

function grantsOf(body: RoleSaveBody): Grant[] {
  const grants = grantsFromTree(body.permissions);
  const bad = invalidGrants(grants);
  if (bad.length > 0) {
    throw AppError.invalidField(
      'permissions',
      `Unknown permissions: ${bad.map((g) => `${g.section}/${g.action}`).join(', ')}.`,
    );
  }
  return withAncestors(grants);
}

async function assertCustomer(tx: DbOrTx, companyId: number, customerId: number | null | undefined) {
  if (customerId === null || customerId === undefined) return;
  const [c] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  if (!c) throw AppError.invalidField('customer_id', 'The selected customer is invalid.');
}

/**
 * No escalation: a caller without every permission may not edit its own role, nor put into a
 * role (or give a role holding) a grant it does not hold itself.
 */
function assertWithinOwnGrants(
  auth: AuthContext,
  grants: readonly Grant[],
  opts: { roleId?: number; allPermissions?: boolean },
) {
  if (auth.grants.all) return;
  if (opts.allPermissions) throw AppError.forbidden('Only an administrator may give the administrator role.');
  if (opts.roleId !== undefined && opts.roleId === auth.user.permissionRoleId) {
    throw AppError.forbidden('You cannot change the permissions of your own role.');
  }
  const missing = grants.filter((g) => !auth.grants.keys.has(grantKey(g.section, g.action)));
  if (missing.length > 0) {
    throw AppError.forbidden(
      `You cannot grant permissions you do not hold (${missing.map((g) => `${g.section}/${g.action}`).join(', ')}).`,
    );
  }
}

/** Creates a role, or updates it when the body has an id; grants replaced in one transaction. */
export async function saveRole(db: Db, auth: AuthContext, body: RoleSaveBody): Promise<RoleRow> {
  const actor = auth.user;
  const grants = grantsOf(body);
  assertWithinOwnGrants(auth, grants, body.id ? { roleId: body.id } : {});
  return db.transaction(async (tx) => {
    await assertCustomer(tx, actor.companyId, body.customer_id);
    let id = body.id;
    let before: { role: RoleRow; grants: Grant[] } | null = null;
    if (id) {
      const role = await getRole(tx, actor.companyId, id);
      if (role.all_permissions) throw AppError.precondition('The administrator role always holds every permission.');
      before = { role, grants: await loadGrants(tx, id) };
      await tx
        .update(roles)
        .set({ name: body.name, customerId: body.customer_id ?? null, updatedAt: new Date() })
        .where(eq(roles.id, id));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    } else {
      const [created] = await tx
        .insert(roles)
        .values({ companyId: actor.companyId, name: body.name, customerId: body.customer_id ?? null })
        .returning({ id: roles.id });
      id = created?.id;
    }
    if (!id) throw new AppError('internal', 'Role was not saved');
    if (grants.length > 0) {
      await tx
        .insert(rolePermissions)
        .values(grants.map((g) => ({ roleId: id, sectionId: g.section, actionId: g.action })));
    }
    const role = await getRole(tx, actor.companyId, id);
    await writeAudit(tx, {
      actor,
      entity: 'roles',
      entityId: id,
      action: before ? 'update' : 'create',
      before,
      after: { role, grants },
    });
    return role;
  });
}

export async function deleteRole(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await getRole(tx, actor.companyId, id);
    if (role.all_permissions) throw AppError.precondition('The administrator role cannot be deleted.');
    if (role.users_count > 0) {
      throw AppError.precondition(
        `The role is assigned to ${role.users_count} user(s); assign them another role first.`,
      );
    }
    const grants = await loadGrants(tx, id);
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, { actor, entity: 'roles', entityId: id, action: 'delete', before: { role, grants } });
  });
}

/** Gives a role to users of the caller's company. */
export async function assignRole(db: Db, auth: AuthContext, id: number, userIds: number[]): Promise<number> {
  const actor = auth.user;
  return db.transaction(async (tx) => {
    const role = await getRole(tx, actor.companyId, id);
    assertWithinOwnGrants(auth, await loadGrants(tx, id), { allPermissions: role.all_permissions });
    const before = await tx
      .select({ id: users.id, permissionRoleId: users.permissionRoleId })
      .from(users)
      .where(and(inArray(users.id, userIds), eq(users.companyId, actor.companyId)));
    if (before.length !== new Set(userIds).size)
      throw AppError.invalidField('user_ids', 'The selected user is invalid.');
    await tx.update(users).set({ permissionRoleId: id, updatedAt: new Date() }).where(inArray(users.id, userIds));
    for (const u of before) {
      await writeAudit(tx, {
        actor,
        entity: 'users',
        entityId: u.id,
        action: 'assign-role',
        before: { permission_role_id: u.permissionRoleId },
        after: { permission_role_id: id },
      });
    }
    return before.length;
  });
}

export async function listCustomersForRoles(db: DbOrTx, companyId: number) {
  return db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.name));
}
