import { APP_MSG, MSG } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT as TZ } from '@backhaul/shared/formats/formats';
import type { NoteForm, NoteRow } from '@backhaul/shared/modules/account/account.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { staffNoteRecord } from './account.record';
import { staffNotes } from './account.table';

export async function unreadNotes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from staff_notes where user_id = ${userId} and status = 0`,
  );
  return row?.n ?? 0;
}

/** POST /info/notes/list: notes to me (inbox) or written by me (sent), newest first. */
export async function listNotes(db: Db, user: AuthUser, body: { box: 'inbox' | 'sent'; page: number; limit: number }) {
  const where = body.box === 'inbox' ? sql`n.user_id = ${user.id}` : sql`n.author_id = ${user.id}`;
  const offset = (body.page - 1) * body.limit;
  const [rows, total, unread, users, departments] = await Promise.all([
    rowsOf<NoteRow>(
      db,
      sql`select n.id, n.text, n.status, to_char(n.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at,
                 a.name as author, r.name as recipient, d.name as department
          from staff_notes n
          join users r on r.id = n.user_id
          left join users a on a.id = n.author_id
          left join departments d on d.id = n.department_id
          where n.company_id = ${user.companyId} and ${where}
          order by n.status, n.created_at desc, n.id desc limit ${body.limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from staff_notes n where n.company_id = ${user.companyId} and ${where}`,
    ),
    unreadNotes(db, user.id),
    rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, name as label from users
          where company_id = ${user.companyId} and active and customer_id is null and id <> ${user.id} order by name`,
    ),
    rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, name as label from departments where company_id = ${user.companyId} order by name`,
    ),
  ]);
  return { rows, total: total[0]?.n ?? 0, unread, page: body.page, limit: body.limit, users, departments };
}

/** One note per recipient, each audited. */
const sendNotes = defineCommand({
  action: 'create',
  run: async ({
    tx,
    user,
    audit,
    input,
  }: CommandContext<{ form: NoteForm; recipients: number[] }, typeof staffNotes>) => {
    const { form } = input;
    const saved = await tx
      .insert(staffNotes)
      .values(
        input.recipients.map((userId) => ({
          companyId: user.companyId,
          authorId: user.id,
          userId,
          departmentId: form.department_id,
          text: form.text,
        })),
      )
      .returning({ id: staffNotes.id });
    for (const s of saved)
      await audit({ entity: staffNoteRecord.entity, entityId: s.id, action: 'create', after: form });
    return saved.length;
  },
});

/** POST /info/notes: to one person, or to every active member of a department (one note each). */
export async function sendNote(db: Db, user: AuthUser, form: NoteForm): Promise<{ message: string; count: number }> {
  const recipients = await rowsOf<{ id: number }>(
    db,
    form.user_id !== null
      ? sql`select id from users where id = ${form.user_id} and company_id = ${user.companyId} and customer_id is null`
      : sql`select id from users where department_id = ${form.department_id} and company_id = ${user.companyId}
              and active and customer_id is null and id <> ${user.id}`,
  );
  if (!recipients.length)
    throw AppError.invalidField(form.user_id !== null ? 'user_id' : 'department_id', APP_MSG.notFound);
  const count = await runCommand(db, sendNotes, user, {
    form,
    recipients: recipients.map((r) => r.id),
  });
  return { message: APP_MSG.noteSent, count };
}

/** Read (1) or unread (0), by the note's recipient (the record's scope: anyone else gets a 404). */
const markNote = defineCommand({
  action: 'update',
  target: { record: staffNoteRecord, id: (input: { id: number; status: number }) => input.id },
  run: async ({ tx, row, input }) => {
    await tx
      .update(staffNotes)
      .set({ status: input.status, readAt: input.status === 1 ? clock.now() : null })
      .where(eq(staffNotes.id, row.id));
  },
});

/** PUT /info/notes/:id: the recipient marks a note read (1) or unread (0). */
export async function setNoteStatus(db: Db, user: AuthUser, id: number, status: number) {
  await runCommand(db, markNote, user, { id, status });
  return { message: MSG.readStatusChanged, count: await unreadNotes(db, user.id) };
}
