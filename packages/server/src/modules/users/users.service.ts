import { randomBytes } from 'node:crypto';
import { ACTION, can, SECTION } from '@backhaul/shared';
import type { UserFormOutput, UserOptions, UserRecord } from '@backhaul/shared/modules/users/users.contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { departments, roles, users } from '../../platform/auth/auth.table';
import { revokeSessions } from '../../platform/auth/credentials';
import { hashPassword } from '../../platform/auth/password';
import { toUserRecord, userRecord } from '../../platform/auth/user.record';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { refuseIfHeld } from '../../platform/record/held-by';
import { customers } from '../customers';
import { unlinkEmployeeUser } from '../employees';
import { assertUserChange, companyRoleGrantSets, covers, ROLE_RULE_MSG } from '../roles';
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

const toRecord = toUserRecord;

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

type UserValues = Omit<typeof users.$inferInsert, 'companyId' | 'passwordHash'> & { passwordHash?: string };

type WriteUserInput = {
  auth: AuthContext;
  config: Config;
  form: UserFormOutput;
  /** The user as read before the write (null: a new user). */
  before: UserRow | null;
  values: UserValues;
  emailChanged: boolean;
  credentialsChanged: boolean;
};

/**
 * The write of POST /users under the user's row lock: the role rule, the row, the sessions a new
 * password or a deactivation ends, the e-mail change's undo link (answered as the mail to send
 * after the commit) and one audit row ('create', 'update', or 'admin-credentials' for another
 * user's password or e-mail changed by an administrator).
 */
const writeUser = defineCommand({
  action: 'save',
  conflicts: [{ constraint: 'users_email_lower_uq', field: 'email', message: USER_MSG.emailTaken }],
  run: async ({ tx, lock, audit, input }: CommandContext<WriteUserInput, typeof users>) => {
    const { auth, config, form, before, values } = input;
    const self = before?.id === auth.user.id;
    const current = before ? await lock(userRecord, before.id) : null;
    await assertUserChange(tx, auth, [{ user: current, roleId: form.permission_role_id, leaves: !form.active }]);
    const [row] = current
      ? await tx
          .update(users)
          .set({ ...values, updatedAt: clock.now() })
          .where(eq(users.id, current.id))
          .returning()
      : await tx
          .insert(users)
          .values({ companyId: auth.user.companyId, ...values, passwordHash: values.passwordHash as string })
          .returning();
    if (!row) throw AppError.notFound();
    // A new password or a deactivation ends the user's other sessions (one's own current one stays).
    let revoked = 0;
    if (current && (form.password || !form.active)) {
      revoked = await revokeSessions(tx, row.id, self && form.active ? auth.sessionId : undefined);
    }
    // The address the undo link restores: the one stored just before this write, read under the lock.
    const undoMail =
      self && current && current.email !== row.email
        ? await recordEmailChange(tx, config, { user: row, oldEmail: current.email, newEmail: row.email })
        : null;
    const adminChange = !self && input.credentialsChanged;
    await audit({
      entity: userRecord.entity,
      entityId: row.id,
      action: current ? (adminChange ? 'admin-credentials' : 'update') : 'create',
      before: current ? toRecord(current) : null,
      after: {
        ...toRecord(row),
        credentials_changed: Boolean(form.password),
        email_changed: input.emailChanged,
        ...(adminChange ? { by_administrator: true } : {}),
        sessions_revoked: revoked,
      },
    });
    return { saved: row, undoMail };
  },
});

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
  const values: UserValues = {
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
  const { saved, undoMail } = await runCommand(db, writeUser, auth.user, {
    auth,
    config,
    form,
    before,
    values,
    emailChanged,
    credentialsChanged,
  });
  if (undoMail) await mailer.send(undoMail);
  const resetSent = form.send_reset && !form.password;
  if (resetSent) await sendResetLink(deps, saved.email);
  return { user: toRecord(saved), resetSent };
}

/**
 * The user's row locked, the role rule (the last administrator stays), what holds it (held-by.ts),
 * its sessions revoked, an employee linked to it unlinked (through the employees module), the row
 * deleted and audited.
 */
const removeUser = defineCommand({
  action: 'delete',
  run: async ({ tx, lock, audit, input }: CommandContext<{ auth: AuthContext; id: number }, typeof users>) => {
    const { auth, id } = input;
    const current = await lock(userRecord, id);
    await assertUserChange(tx, auth, [{ user: current, roleId: current.permissionRoleId, leaves: true }]);
    // What the user dispatched or is paid by keeps it ('Deletion error: 40 trips'): make it inactive instead.
    await refuseIfHeld(tx, userRecord, current);
    const revoked = await revokeSessions(tx, id);
    await unlinkEmployeeUser(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await audit({
      entity: userRecord.entity,
      entityId: id,
      action: 'delete',
      before: { ...toRecord(current), sessions_revoked: revoked },
    });
  },
});

/**
 * DELETE /users/:id: one's own record always, another's with Users delete (11). Its sessions are
 * revoked and an employee record linked to it is unlinked, in the same transaction.
 */
export async function deleteUser(db: Db, auth: AuthContext, id: number): Promise<void> {
  await findUser(db, auth, id);
  if (id !== auth.user.id && !canUsers(auth, ACTION.DELETE)) throw AppError.forbidden();
  await runCommand(db, removeUser, auth.user, { auth, id });
}
