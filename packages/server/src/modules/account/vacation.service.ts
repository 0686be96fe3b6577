import { ACTION, APP_MSG, can, type GrantSet, MSG } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT as TZ } from '@backhaul/shared/formats/formats';
import { ACCOUNT_SECTION, VACATION_STATUS, type VacationRow } from '@backhaul/shared/modules/account/account.contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { createRecord } from '../../platform/record/record.service';
import { vacationRecord } from './account.record';
import { decidesVacations, monthDates } from './account.service';
import { vacationRequests } from './account.table';

type Caller = { user: AuthUser; grants: GrantSet };
type Overlap = { id: number; name: string; date_from: string; date_to: string; status: number };

/** Requests of the same department, new or approved, sharing a day with [from, to] (not the person's own). */
function overlapsOf(db: DbOrTx, o: { companyId: number; userId: number; from: string; to: string; except?: number }) {
  return rowsOf<Overlap>(
    db,
    sql`select v.id, u.name, to_char(v.date_from, 'YYYY-MM-DD') as date_from, to_char(v.date_to, 'YYYY-MM-DD') as date_to, v.status
        from vacation_requests v join users u on u.id = v.user_id
        where v.company_id = ${o.companyId} and v.status in (0, 1) and v.user_id <> ${o.userId}
          and v.id <> ${o.except ?? 0}
          and u.department_id = (select department_id from users where id = ${o.userId})
          and v.date_from <= ${o.to} and v.date_to >= ${o.from}
        order by v.date_from, u.name`,
  );
}

const rowSelect = (c: Caller, where: SQL, page = { limit: 1, offset: 0 }) => {
  const decider = decidesVacations(c.user, c.grants);
  const deleter = can(c.grants, { section: ACCOUNT_SECTION.vacation, action: ACTION.DELETE });
  return sql`select v.id, v.user_id, u.name, d.name as department,
                 to_char(v.date_from, 'YYYY-MM-DD') as date_from, to_char(v.date_to, 'YYYY-MM-DD') as date_to,
                 (v.date_to - v.date_from + 1)::int as days, v.comment, v.status, b.name as decided_by,
                 to_char(v.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at,
                 coalesce((select json_agg(json_build_object('id', o.id, 'name', ou.name,
                            'date_from', to_char(o.date_from, 'YYYY-MM-DD'), 'date_to', to_char(o.date_to, 'YYYY-MM-DD'),
                            'status', o.status) order by o.date_from)
                   from vacation_requests o join users ou on ou.id = o.user_id
                   where o.company_id = v.company_id and o.id <> v.id and o.user_id <> v.user_id and o.status in (0, 1)
                     and ou.department_id = u.department_id and o.date_from <= v.date_to and o.date_to >= v.date_from), '[]') as overlaps,
                 (${decider} and v.user_id <> ${c.user.id}) as can_decide,
                 (${deleter} or (v.user_id = ${c.user.id} and v.status = 0)) as can_delete
          from vacation_requests v
          join users u on u.id = v.user_id
          left join departments d on d.id = u.department_id
          left join users b on b.id = v.decided_by
          where v.company_id = ${c.user.companyId} and ${where}
          order by v.status, v.date_from desc, v.id desc
          limit ${page.limit} offset ${page.offset}`;
};

async function readRow(db: DbOrTx, c: Caller, id: number): Promise<VacationRow> {
  const [row] = await rowsOf<VacationRow>(db, rowSelect(c, sql`v.id = ${id}`));
  if (!row) throw AppError.notFound();
  return row;
}

/** GET /info/vacation/request/:id/edit: one's own request, or anyone's for a decider. */
export async function vacationRequest(db: Db, c: Caller, id: number): Promise<VacationRow> {
  const row = await readRow(db, c, id);
  if (row.user_id !== c.user.id && !decidesVacations(c.user, c.grants)) throw AppError.notFound();
  return row;
}

export async function listVacationRequests(
  db: Db,
  c: Caller,
  body: { scope: 'mine' | 'all'; status: number | null; page: number; limit: number },
) {
  const all = decidesVacations(c.user, c.grants);
  if (body.scope === 'all' && !all) throw AppError.forbidden();
  const where = sql.join(
    [
      body.scope === 'mine' ? sql`v.user_id = ${c.user.id}` : sql`true`,
      body.status === null ? sql`true` : sql`v.status = ${body.status}`,
    ],
    sql` and `,
  );
  const [rows, total] = await Promise.all([
    rowsOf<VacationRow>(db, rowSelect(c, where, { limit: body.limit, offset: (body.page - 1) * body.limit })),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from vacation_requests v where v.company_id = ${c.user.companyId} and ${where}`,
    ),
  ]);
  return { rows, total: total[0]?.n ?? 0, page: body.page, limit: body.limit, can_see_all: all };
}

/** POST /info/vacation/request: the overlap with colleagues of the department comes back either way. */
export async function requestVacation(
  db: Db,
  c: Caller,
  form: { date_from: string; date_to: string; comment: string; check_only: boolean },
) {
  const overlaps = await overlapsOf(db, {
    companyId: c.user.companyId,
    userId: c.user.id,
    from: form.date_from,
    to: form.date_to,
  });
  if (form.check_only) return { message: '', item: null, overlaps };
  if (form.date_from < clock.today()) throw AppError.invalidField('date_from', 'A vacation cannot start in the past.');
  const saved = await createRecord(db, vacationRecord, c.user, form);
  return { message: MSG.vacationRequestSent, item: await readRow(db, c, saved.id), overlaps };
}

/** Approved (1) or refused (2) by a decider, never by the person who asked. */
const decide = defineCommand({
  action: 'update',
  target: { record: vacationRecord, id: (input: { id: number; status: number }) => input.id },
  run: async ({ tx, user, row, input }) => {
    if (row.userId === user.id) throw AppError.forbidden();
    await tx
      .update(vacationRequests)
      .set({ status: input.status, decidedBy: user.id, decidedAt: clock.now() })
      .where(eq(vacationRequests.id, row.id));
  },
});

/** PUT /info/vacation/request/:id: a decider (role 3 or Vacation edit) approves (1) or refuses (2) another's request. */
export async function decideVacation(db: Db, c: Caller, id: number, status: number) {
  if (!decidesVacations(c.user, c.grants)) throw AppError.forbidden();
  await runCommand(db, decide, c.user, { id, status });
  return { message: APP_MSG.vacationDecided, item: await readRow(db, c, id) };
}

/** One's own request while new, or any with Vacation delete. */
const withdraw = defineCommand({
  action: 'delete',
  target: { record: vacationRecord, id: (input: { id: number; grants: GrantSet }) => input.id },
  run: async ({ tx, user, row, input }) => {
    const own = row.userId === user.id && row.status === VACATION_STATUS.new;
    if (!own && !can(input.grants, { section: ACCOUNT_SECTION.vacation, action: ACTION.DELETE }))
      throw AppError.forbidden();
    await tx.delete(vacationRequests).where(eq(vacationRequests.id, row.id));
  },
});

/** DELETE /info/vacation/request/:id: one's own request while new, or any with Vacation delete. */
export async function deleteVacation(db: Db, c: Caller, id: number) {
  await runCommand(db, withdraw, c.user, { id, grants: c.grants });
  return { message: MSG.leaveRequestDeleted };
}

/** POST /info/vacation/list: the month's new and approved vacations of my department (everyone's for a decider). */
export async function vacationCalendar(db: Db, c: Caller, month?: string) {
  const m = month ?? clock.today().slice(0, 7);
  const dates = monthDates(m);
  const all = decidesVacations(c.user, c.grants);
  const [dept] = await rowsOf<{ name: string | null }>(
    db,
    sql`select d.name from users u left join departments d on d.id = u.department_id where u.id = ${c.user.id}`,
  );
  const rows = await rowsOf<{ id: number; name: string; date_from: string; date_to: string; status: number }>(
    db,
    sql`select v.id, u.name, to_char(v.date_from, 'YYYY-MM-DD') as date_from, to_char(v.date_to, 'YYYY-MM-DD') as date_to, v.status
        from vacation_requests v join users u on u.id = v.user_id
        where v.company_id = ${c.user.companyId} and v.status in (0, 1)
          and v.date_from <= ${dates[dates.length - 1]} and v.date_to >= ${dates[0]}
          and (${all} or u.department_id is not distinct from (select department_id from users where id = ${c.user.id}))
        order by v.date_from, u.name`,
  );
  return { month: m, department: all ? null : (dept?.name ?? null), rows };
}

/** GET /info/vacation/count: new requests a decider has to answer (the role-3 badge); 0 for others. */
export async function newVacationCount(db: Db, c: Caller): Promise<number> {
  if (!decidesVacations(c.user, c.grants)) return 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from vacation_requests
        where company_id = ${c.user.companyId} and status = 0 and user_id <> ${c.user.id}`,
  );
  return row?.n ?? 0;
}
