import { randomBytes } from 'node:crypto';
import { ACTION, can, SECTION } from '@backhaul/shared';
import type { UserFormOutput, UserOptions, UserRecord } from '@backhaul/shared/modules/users/users.contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext } from '../../platform/auth/access';
import { departments, roles, sessions, users } from '../../platform/auth/auth.table';
import { hashPassword } from '../../platform/auth/password';
import { AppError } from '../../platform/errors';
import { customers } from '../customers';
import { employees } from '../employees';
import { assertUserChange, companyRoleGrantSets, covers, lockUsers, ROLE_RULE_MSG } from '../roles';
import { checkCurrentPassword, recordEmailChange, type SessionDeps, sendResetLink } from '../session';

type UserRow = typeof users.$inferSelect;

export const USER_MSG = {
  ownRole: 'You cannot change your own role or permission role.',
  ownFields: 'Without the Users edit permission you may change only your name, e-mail, password and picture.',
  emailTaken: 'The e-mail has already been taken.',
  passwordOrReset: 'Set a password or send a reset link.',
  administratorsOnly: ROLE_RULE_MSG.administratorsOnly,
  lastAdministrator: ROLE_RULE_MSG.lastAdministrator,
} as const;

const toRecord = (u: UserRow): UserRecord => ({
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

const canUsers = (auth: AuthContext, action: number) => can(auth.grants, { section: SECTION.Users, action });

async function findUser(db: DbOrTx, auth: AuthContext, id: number): Promise<UserRow> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, auth.user.companyId)));
  if (!u) throw AppError.notFound();
  return u;
}

/**
 * The form's options. Roles are only those the caller may give (it holds all they grant), plus
 * the edited user's current role so the form shows it.
 */
export async function userOptions(
  db: DbOrTx,
  auth: AuthContext,
  currentRoleId: number | null = null,
): Promise<UserOptions> {
  const { companyId } = auth.user;
  const grantSets = await companyRoleGrantSets(db, companyId);
  const allRoles = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(asc(roles.name));
  const givable = (id: number) => {
    const set = grantSets.get(id);
    return id === currentRoleId || (set !== undefined && covers(auth.grants, set));
  };
  return {
    roles: allRoles.filter((r) => givable(r.id)),
    departments: await db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.companyId, companyId))
      .orderBy(asc(departments.name)),
    customers: await db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.companyId, companyId))
      .orderBy(asc(customers.name)),
  };
}

/** GET /users/:id/edit: one's own record always; another's with Users edit or view. */
export async function userForEdit(db: Db, auth: AuthContext, id: number) {
  if (id !== auth.user.id && !canUsers(auth, ACTION.EDIT) && !canUsers(auth, ACTION.VIEW)) {
    throw AppError.forbidden();
  }
  const user = await findUser(db, auth, id);
  return { user: toRecord(user), ...(await userOptions(db, auth, user.permissionRoleId)) };
}

async function assertOwned(db: DbOrTx, companyId: number, form: UserFormOutput) {
  const checks = [
    ['permission_role_id', roles, form.permission_role_id, roles.id, roles.companyId],
    ['department_id', departments, form.department_id, departments.id, departments.companyId],
    ['customer_id', customers, form.customer_id, customers.id, customers.companyId],
  ] as const;
  for (const [field, table, id, idCol, companyCol] of checks) {
    if (id === null) continue;
    const [row] = await db
      .select({ id: idCol })
      .from(table)
      .where(and(eq(idCol, id), eq(companyCol, companyId)));
    if (!row) throw AppError.invalidField(field, 'The selected value is invalid.');
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${form.email})`, form.id ? ne(users.id, form.id) : undefined));
  if (taken) throw AppError.invalidField('email', USER_MSG.emailTaken);
}

/**
 * The own-record rule (000 §6 "own records may always be edited"): a user may edit itself, but
 * never its role number or permission role, and without Users edit only name, e-mail, password, image.
 */
function checkSelfEdit(auth: AuthContext, before: UserRow, form: UserFormOutput) {
  if (form.role !== before.role || form.permission_role_id !== before.permissionRoleId) {
    throw AppError.forbidden(USER_MSG.ownRole);
  }
  if (canUsers(auth, ACTION.EDIT)) return;
  const same =
    form.department_id === before.departmentId &&
    form.customer_id === before.customerId &&
    form.active === before.active;
  if (!same) throw AppError.forbidden(USER_MSG.ownFields);
}

async function revokeSessions(tx: DbOrTx, userId: number, keepSessionId?: number): Promise<number> {
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
 * POST /users: creates (Users create 8) or updates by id (Users edit 9, or one's own record).
 * A new user gets the password given, or a reset link through the session module's reset flow.
 * One's own password or e-mail changes only with the current password; the old address gets a
 * link that undoes an e-mail change. Another user's (with Users edit) is an administrator change,
 * audited as such ('admin-credentials').
 */
export async function saveUser(
  deps: SessionDeps,
  request: { auth: AuthContext; form: UserFormOutput; ip?: string | undefined },
): Promise<{ user: UserRecord; resetSent: boolean }> {
  const { db, config, mailer } = deps;
  const { auth, form } = request;
  const before = form.id ? await findUser(db, auth, form.id) : null;
  const self = before?.id === auth.user.id;
  const email = form.email.trim();
  const emailChanged = before !== null && email !== before.email;
  const credentialsChanged = before !== null && (Boolean(form.password) || emailChanged);
  if (before) {
    if (self) checkSelfEdit(auth, before, form);
    else if (!canUsers(auth, ACTION.EDIT)) throw AppError.forbidden();
  } else {
    if (!canUsers(auth, ACTION.CREATE)) throw AppError.forbidden();
    if (!form.password && !form.send_reset) throw AppError.invalidField('password', USER_MSG.passwordOrReset);
  }
  await assertOwned(db, auth.user.companyId, form);
  if (self && before && credentialsChanged) {
    await checkCurrentPassword(
      { db, config },
      { email: before.email, passwordHash: before.passwordHash, password: form.current_password, ip: request.ip },
    );
  }
  // A user created for a reset link holds a password nobody knows until the link is used.
  const passwordHash = form.password
    ? await hashPassword(form.password)
    : before
      ? null
      : await hashPassword(randomBytes(32).toString('base64url'));
  const values = {
    name: form.name,
    email,
    role: form.role,
    permissionRoleId: form.permission_role_id,
    departmentId: form.department_id,
    customerId: form.customer_id,
    active: form.active,
    image: form.image || null,
    ...(passwordHash ? { passwordHash } : {}),
  };
  const { saved, undoMail } = await db.transaction(async (tx) => {
    const [current] = before ? await lockUsers(tx, auth.user.companyId, [before.id]) : [null];
    if (current === undefined) throw AppError.notFound();
    // The address the undo link restores: the one stored just before this write, read under the lock.
    const [previous] =
      self && current ? await tx.select({ email: users.email }).from(users).where(eq(users.id, current.id)) : [];
    await assertUserChange(tx, auth, [{ user: current, roleId: form.permission_role_id, leaves: !form.active }]);
    const [row] = before
      ? await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, before.id))
          .returning()
      : await tx
          .insert(users)
          .values({ companyId: auth.user.companyId, ...values, passwordHash: passwordHash as string })
          .returning();
    if (!row) throw AppError.notFound();
    // A new password or a deactivation ends the user's other sessions (one's own current one stays).
    let revoked = 0;
    if (before && (form.password || !form.active)) {
      revoked = await revokeSessions(tx, row.id, self && form.active ? auth.sessionId : undefined);
    }
    const undoMail =
      previous && previous.email !== row.email
        ? await recordEmailChange(tx, config, { user: row, oldEmail: previous.email, newEmail: row.email })
        : null;
    const adminChange = !self && credentialsChanged;
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'users',
      entityId: row.id,
      action: before ? (adminChange ? 'admin-credentials' : 'update') : 'create',
      before: before ? toRecord(before) : null,
      after: {
        ...toRecord(row),
        credentials_changed: Boolean(form.password),
        email_changed: emailChanged,
        ...(adminChange ? { by_administrator: true } : {}),
        sessions_revoked: revoked,
      },
    });
    return { saved: row, undoMail };
  });
  if (undoMail) await mailer.send(undoMail);
  const resetSent = form.send_reset && !form.password;
  if (resetSent) await sendResetLink(deps, saved.email);
  return { user: toRecord(saved), resetSent };
}

/**
 * DELETE /users/:id: one's own record always, another's with Users delete (11). Its sessions are
 * revoked and an employee record linked to it is unlinked, in the same transaction.
 */
export async function deleteUser(db: Db, auth: AuthContext, id: number): Promise<void> {
  const before = await findUser(db, auth, id);
  if (id !== auth.user.id && !canUsers(auth, ACTION.DELETE)) throw AppError.forbidden();
  await db.transaction(async (tx) => {
    const [current] = await lockUsers(tx, auth.user.companyId, [id]);
    if (!current) throw AppError.notFound();
    await assertUserChange(tx, auth, [{ user: current, roleId: current.permissionRoleId, leaves: true }]);
    const revoked = await revokeSessions(tx, id);
    await tx.update(employees).set({ userId: null }).where(eq(employees.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'users',
      entityId: id,
      action: 'delete',
      before: { ...toRecord(before), sessions_revoked: revoked },
    });
  });
}
