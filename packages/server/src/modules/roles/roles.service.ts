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
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { roles, users } from '../../platform/auth/auth.table';
import { loadGrants, replaceGrants } from '../../platform/auth/session.repository';
import { userRecord } from '../../platform/auth/user.record';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import { getRole, roleColumns, roleRecord } from './roles.record';
import {
  assertMayGiveRole,
  assertRoleChange,
  assertUserChange,
  companyRoleGrantSets,
  mayChangeRole,
} from './roles.rules';

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

type RoleInput = { auth: AuthContext; body: RoleSaveBody; grants: Grant[] };

const makeRole = defineCommand({
  action: 'create',
  run: async ({ tx, user, audit, input }: CommandContext<RoleInput, typeof roles>) => {
    const { auth, body, grants } = input;
    await assertCustomer(tx, user.companyId, body.customer_id);
    assertMayGiveRole(auth, makeGrantSet(grants));
    const [created] = await tx
      .insert(roles)
      .values({ companyId: user.companyId, name: body.name, customerId: body.customer_id ?? null })
      .returning();
    if (!created) throw new AppError('internal', 'Role was not saved');
    await replaceGrants(tx, created.id, grants);
    await audit({
      entity: roleRecord.entity,
      entityId: created.id,
      action: 'create',
      after: await roleRecord.audit?.(created, { tx, user }),
    });
    return created.id;
  },
});

/** Editing a role changes what its holders hold: the caller must hold it whole, before and after. */
const reviseRole = defineCommand({
  action: 'update',
  target: { record: roleRecord, id: (input: RoleInput & { id: number }) => input.id },
  run: async ({ tx, user, row, input }) => {
    const { auth, body, grants } = input;
    await assertCustomer(tx, user.companyId, body.customer_id);
    const held = await loadGrants(tx, row.id);
    assertRoleChange(auth, {
      roleId: row.id,
      before: makeGrantSet(held, row.allPermissions),
      after: makeGrantSet(grants),
    });
    if (row.allPermissions) throw AppError.precondition('The administrator role always holds every permission.');
    await tx
      .update(roles)
      .set({ name: body.name, customerId: body.customer_id ?? null, updatedAt: clock.now() })
      .where(eq(roles.id, row.id));
    await replaceGrants(tx, row.id, grants);
  },
});

/** Creates a role, or updates it when the body has an id; grants replaced in one transaction. */
export async function saveRole(db: Db, auth: AuthContext, body: RoleSaveBody): Promise<RoleRow> {
  const { companyId } = auth.user;
  const input = { auth, body, grants: grantsOf(body) };
  if (!body.id) return getRole(db, companyId, await runCommand(db, makeRole, auth.user, input));
  // Answers the role's own 404 before the command locks it.
  await getRole(db, companyId, body.id);
  await runCommand(db, reviseRole, auth.user, { ...input, id: body.id });
  return getRole(db, companyId, body.id);
}

const removeRole = defineCommand({
  action: 'delete',
  target: { record: roleRecord, id: (input: { auth: AuthContext; id: number }) => input.id },
  run: async ({ tx, row, input: { auth } }) => {
    const role = await getRole(tx, row.companyId, row.id);
    const grants = await loadGrants(tx, row.id);
    assertRoleChange(auth, { roleId: row.id, before: makeGrantSet(grants, role.all_permissions), after: null });
    if (role.all_permissions) throw AppError.precondition('The administrator role cannot be deleted.');
    if (role.users_count > 0) {
      throw AppError.precondition(
        `The role is assigned to ${role.users_count} user(s); assign them another role first.`,
      );
    }
    await tx.delete(roles).where(eq(roles.id, row.id));
  },
});

export async function deleteRole(db: Db, auth: AuthContext, id: number): Promise<void> {
  await getRole(db, auth.user.companyId, id);
  await runCommand(db, removeRole, auth.user, { auth, id });
}

/**
 * The role locked (its grants cannot change under the check), then each user in id order; the role
 * rule for each; each user's change audited as its own row.
 */
const giveRole = defineCommand({
  action: 'assign',
  auditUnchanged: true,
  target: { record: roleRecord, id: (input: { auth: AuthContext; id: number; userIds: number[] }) => input.id },
  run: async ({ tx, row, lock, audit, input: { auth, userIds } }) => {
    const before = [];
    for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
      before.push(
        await lock(userRecord, userId).catch((err: unknown) => {
          if (err instanceof AppError && err.kind === 'not_found')
            throw AppError.invalidField('user_ids', 'The selected user is invalid.');
          throw err;
        }),
      );
    }
    await assertUserChange(
      tx,
      auth,
      before.map((user) => ({ user, roleId: row.id })),
    );
    await tx.update(users).set({ permissionRoleId: row.id, updatedAt: clock.now() }).where(inArray(users.id, userIds));
    for (const u of before) {
      await audit({
        entity: userRecord.entity,
        entityId: u.id,
        action: 'assign-role',
        before: { permission_role_id: u.permissionRoleId },
        after: { permission_role_id: row.id },
      });
    }
    return before.length;
  },
});

/** Gives a role to users of the caller's company (see `assertUserChange` for who may). */
export async function assignRole(db: Db, auth: AuthContext, id: number, userIds: number[]): Promise<number> {
  await getRole(db, auth.user.companyId, id);
  return runCommand(db, giveRole, auth.user, { auth, id, userIds });
}

export async function listCustomersForRoles(db: DbOrTx, companyId: number) {
  return db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.name));
}
