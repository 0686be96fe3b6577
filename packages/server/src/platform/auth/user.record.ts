import { SECTION } from '@backhaul/shared';
import { UserFormSchema, type UserRecord, UserRecordSchema } from '@backhaul/shared/modules/users/users.contract';
import { sql } from 'drizzle-orm';
import { references } from '../module-hooks';
import { payStatements } from '../pay/pay.table';
import { defineRecord } from '../record/define-record';
import { users } from './auth.table';

type UserRow = typeof users.$inferSelect;

/** A user as the users module answers it (no secret). */
export const toUserRecord = (u: UserRow): UserRecord => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  permission_role_id: u.permissionRoleId,
  department_id: u.departmentId,
  customer_id: u.customerId,
  active: u.active,
  image: u.image,
});

/**
 * What a user dispatches, manages or is paid by (trips, customers… register their counts from their
 * modules): they keep the user from deletion; a user who left is made inactive instead.
 */
export const userLinks = references();
userLinks.register(
  'statements',
  (id) => sql`select count(*) from ${payStatements} s where s.kind <> 'driver' and s.payee_id = ${id}`,
);

/**
 * A user of the caller's company, as the write engine locks and audits it. The users table lives in
 * platform/auth beside sessions, so several modules (users, roles, session, account) lock a user's
 * row through this one record (`ctx.lock(userRecord, id)`, or a command's target).
 */
export const userRecord = defineRecord({
  table: users,
  section: SECTION.Users,
  form: UserFormSchema,
  row: UserRecordSchema,
  toRow: toUserRecord,
  heldBy: userLinks,
  active: (u) => u.active,
});
