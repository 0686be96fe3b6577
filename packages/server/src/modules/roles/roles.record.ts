import { SECTION } from '@backhaul/shared';
import { type RoleRow, RoleRowSchema, RoleSaveBodySchema } from '@backhaul/shared/modules/roles/roles.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../platform/auth/auth.table';
import { loadGrants } from '../../platform/auth/session.repository';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { customers } from '../customers';

export const roleColumns = {
  id: roles.id,
  name: roles.name,
  all_permissions: roles.allPermissions,
  customer_id: roles.customerId,
  customer: customers.name,
  users_count: sql<number>`(select count(*)::int from ${users} where ${users.permissionRoleId} = ${roles.id})`,
};

/** A role of the company with its customer's name and how many users hold it; 404 in the role's words. */
export async function getRole(db: DbOrTx, companyId: number, id: number): Promise<RoleRow> {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .leftJoin(customers, eq(customers.id, roles.customerId))
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)));
  if (!row) throw AppError.notFound('The role was not found.');
  return row;
}

/**
 * A permission role: its row and its grants are one record (the grants are replaced whole), so
 * the audit keeps both before and after.
 */
export const roleRecord = defineRecord({
  table: roles,
  section: SECTION.Roles,
  form: RoleSaveBodySchema,
  row: RoleRowSchema,
  toRow: (r, { tx }) => getRole(tx, r.companyId, r.id),
  audit: async (r, { tx }) => ({ role: await getRole(tx, r.companyId, r.id), grants: await loadGrants(tx, r.id) }),
});
