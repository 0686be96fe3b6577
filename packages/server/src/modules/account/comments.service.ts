import { ACTION, can, type GrantSet, MSG } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT as TZ } from '@backhaul/shared/formats/formats';
import { ACCOUNT_SECTION, type CommentRow } from '@backhaul/shared/modules/account/account.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { createRecord } from '../../platform/record/record.service';
import { userCommentRecord } from './account.record';
import { ensureStaff } from './account.service';
import { userComments } from './account.table';

type Caller = { user: AuthUser; grants: GrantSet };
const canSwitch = (grants: GrantSet) => can(grants, { section: ACCOUNT_SECTION.comments, action: ACTION.EDIT });

export async function listComments(db: Db, c: Caller, body: { seen: boolean | null; page: number; limit: number }) {
  const where = sql`c.company_id = ${c.user.companyId} and (${body.seen}::boolean is null or c.seen = ${body.seen})`;
  const [rows, total, users] = await Promise.all([
    rowsOf<CommentRow>(
      db,
      sql`select c.id, c.user_id, u.name as user, a.name as author, c.text, c.seen,
                 to_char(c.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at
          from user_comments c join users u on u.id = c.user_id left join users a on a.id = c.author_id
          where ${where} order by c.seen, c.created_at desc, c.id desc
          limit ${body.limit} offset ${(body.page - 1) * body.limit}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from user_comments c where ${where}`),
    rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, name as label from users
          where company_id = ${c.user.companyId} and active and customer_id is null order by name`,
    ),
  ]);
  return { rows, total: total[0]?.n ?? 0, page: body.page, limit: body.limit, users, can_switch: canSwitch(c.grants) };
}

export async function addComment(db: Db, c: Caller, form: { user_id: number; text: string }) {
  await ensureStaff(db, c.user, form.user_id);
  await createRecord(db, userCommentRecord, c.user, form);
  return { message: MSG.itemAdded };
}

const switchSeen = defineCommand({
  action: 'update',
  target: { record: userCommentRecord, id: (input: { id: number; seen: boolean }) => input.id },
  run: async ({ tx, row, input }) => {
    await tx.update(userComments).set({ seen: input.seen }).where(eq(userComments.id, row.id));
  },
});

/** The comments switch: seen or new; disabled (403) without Comments edit. */
export async function setCommentSeen(db: Db, c: Caller, id: number, seen: boolean) {
  if (!canSwitch(c.grants)) throw AppError.forbidden();
  await runCommand(db, switchSeen, c.user, { id, seen });
  return { message: MSG.itemSaved };
}

/** New (not yet seen) comments: the role-3 header badge. */
export async function newComments(db: Db, companyId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_comments where company_id = ${companyId} and not seen`,
  );
  return row?.n ?? 0;
}
