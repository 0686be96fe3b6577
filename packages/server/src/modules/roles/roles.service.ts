import {
  buildPermissionTree,
  type Grant,
  grantsFromTree,
  invalidGrants,
  makeGrantSet,
  PERMISSION_CATALOGUE,
  withAncestors,
} from '@backhaul/shared';
import type { RoleListRow, RoleRow, RoleSaveBody } from '@backhaul/shared/modules/roles/roles.contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext } from '../../platform/auth/access';
import { rolePermissions, roles, users } from '../../platform/auth/auth.table';
import { loadGrants } from '../../platform/auth/session.repository';
import { AppError } from '../../platform/errors';
import { customers } from '../customers';
import {
  assertMayGiveRole,
  assertRoleChange,
  assertUserChange,
  companyRoleGrantSets,
  lockUsers,
  mayChangeRole,
} from './roles.rules';

const roleColumns = {
  id: roles.id,
  name: roles.name,
  all_permissions: roles.allPermissions,
  customer_id: roles.customerId,
  customer: customers.name,
  users_count: sql<number>`(select count(*)::int from ${users} where ${users.permissionRoleId} = ${roles.id})`,
};

/** The company's roles (or a customer's subroles), each with whether the caller may change it. */
export async function listRoles(db: DbOrTx, auth: AuthContext, customerId?: number | null): Promise<RoleListRow[]> {
  const { companyId } = auth.user;
  const rows = await db
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
  const grantSets = await companyRoleGrantSets(db, companyId);
  return rows.map((r) => ({ ...r, editable: mayChangeRole(auth, r.id, grantSets.get(r.id)) }));
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

/** Creates a role, or updates it when the body has an id; grants replaced in one transaction. */
export async function saveRole(db: Db, auth: AuthContext, body: RoleSaveBody): Promise<RoleRow> {
  const actor = auth.user;
  const grants = grantsOf(body);
  const after = makeGrantSet(grants);
  return db.transaction(async (tx) => {
    await assertCustomer(tx, actor.companyId, body.customer_id);
    let id = body.id;
    let before: { role: RoleRow; grants: Grant[] } | null = null;
    if (id) {
      const role = await lockRole(tx, actor.companyId, id);
      const held = await loadGrants(tx, id);
      assertRoleChange(auth, { roleId: id, before: makeGrantSet(held, role.all_permissions), after });
      if (role.all_permissions) throw AppError.precondition('The administrator role always holds every permission.');
      before = { role, grants: held };
      await tx
        .update(roles)
        .set({ name: body.name, customerId: body.customer_id ?? null, updatedAt: new Date() })
        .where(eq(roles.id, id));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    } else {
      assertMayGiveRole(auth, after);
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

/** The role row, locked so that its holders and grants cannot change under the caller's checks. */
async function lockRole(tx: DbOrTx, companyId: number, id: number): Promise<RoleRow> {
  const [locked] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)))
    .for('update');
  if (!locked) throw AppError.notFound('The role was not found.');
  return getRole(tx, companyId, id);
}

export async function deleteRole(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await lockRole(tx, auth.user.companyId, id);
    const grants = await loadGrants(tx, id);
    assertRoleChange(auth, { roleId: id, before: makeGrantSet(grants, role.all_permissions), after: null });
    if (role.all_permissions) throw AppError.precondition('The administrator role cannot be deleted.');
    if (role.users_count > 0) {
      throw AppError.precondition(
        `The role is assigned to ${role.users_count} user(s); assign them another role first.`,
      );
    }
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'roles',
      entityId: id,
      action: 'delete',
      before: { role, grants },
    });
  });
}

/** Gives a role to users of the caller's company (see `assertUserChange` for who may). */
export async function assignRole(db: Db, auth: AuthContext, id: number, userIds: number[]): Promise<number> {
  const actor = auth.user;
  return db.transaction(async (tx) => {
    await lockRole(tx, actor.companyId, id);
    const before = await lockUsers(tx, actor.companyId, [...new Set(userIds)]);
    if (before.length !== new Set(userIds).size)
      throw AppError.invalidField('user_ids', 'The selected user is invalid.');
    await assertUserChange(
      tx,
      auth,
      before.map((user) => ({ user, roleId: id })),
    );
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
