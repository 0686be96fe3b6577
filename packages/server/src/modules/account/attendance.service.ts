import { APP_MSG, MSG } from '@backhaul/shared';
import { addDays, COMPANY_TIME_ZONE_DEFAULT as TZ } from '@backhaul/shared/formats/formats';
import type { CheckState } from '@backhaul/shared/modules/account/account.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { attendanceDayRecord } from './account.record';
import { attendanceDays } from './account.table';

type DayRow = { check_in: string | null; check_out: string | null };

/** Today's check state of a user (company date). */
export async function checkState(db: DbOrTx, userId: number, today = clock.today()): Promise<CheckState> {
  const [row] = await rowsOf<DayRow>(
    db,
    sql`select to_char(check_in at time zone ${TZ}, 'HH24:MI') as check_in,
               to_char(check_out at time zone ${TZ}, 'HH24:MI') as check_out
        from attendance_days where user_id = ${userId} and date = ${today}`,
  );
  const status = !row?.check_in ? 0 : row.check_out ? 2 : 1;
  return { status, check_in: row?.check_in ?? null, check_out: row?.check_out ?? null };
}

/** The first check-in of the day; null when the day already has one (the unique (user, date) index makes two parallel ones one). */
const takeCheckIn = defineCommand({
  action: 'check_in',
  run: async ({ tx, user, audit, input: today }: CommandContext<string, typeof attendanceDays>) => {
    const [row] = await tx
      .insert(attendanceDays)
      .values({ companyId: user.companyId, userId: user.id, date: today, checkIn: clock.now() })
      .onConflictDoUpdate({
        target: [attendanceDays.userId, attendanceDays.date],
        set: { checkIn: clock.now() },
        setWhere: sql`${attendanceDays.checkIn} is null`,
      })
      .returning({ id: attendanceDays.id });
    if (!row) return null;
    await audit({
      entity: attendanceDayRecord.entity,
      entityId: row.id,
      action: 'check_in',
      after: { date: today },
    });
    return row;
  },
});

/** POST /check/1: the first check-in of the company day; a second is refused. */
export async function checkIn(db: Db, user: AuthUser): Promise<{ message: string; check: CheckState }> {
  const today = clock.today();
  const saved = await runCommand(db, takeCheckIn, user, today);
  if (!saved) throw AppError.precondition(MSG.alreadyCheckedIn);
  return { message: MSG.checkedIn, check: await checkState(db, user.id, today) };
}

/** Closes the open day, locked; false when a parallel check-out closed it first. */
const takeCheckOut = defineCommand({
  action: 'check_out',
  auditUnchanged: true,
  target: { record: attendanceDayRecord, id: (dayId: number) => dayId },
  run: async ({ tx, row }) => {
    if (!row.checkIn || row.checkOut) return false;
    await tx.update(attendanceDays).set({ checkOut: clock.now() }).where(eq(attendanceDays.id, row.id));
    return true;
  },
});

/** POST /check/2: closes today's open day (or yesterday's, for a shift past midnight). */
export async function checkOut(db: Db, user: AuthUser): Promise<{ message: string; check: CheckState }> {
  const today = clock.today();
  const [open] = await rowsOf<{ id: number }>(
    db,
    sql`select id from attendance_days
        where user_id = ${user.id} and date between ${addDays(today, -1)} and ${today}
          and check_in is not null and check_out is null
        order by date desc limit 1`,
  );
  const closed = open ? await runCommand(db, takeCheckOut, user, open.id) : false;
  if (!closed) {
    const state = await checkState(db, user.id, today);
    throw AppError.precondition(state.status === 2 ? MSG.alreadyCheckedOut : APP_MSG.notCheckedIn);
  }
  return { message: MSG.checkedOut, check: await checkState(db, user.id, today) };
}

type SickInput = { userId: number; date: string; sick: boolean };

const writeSick = defineCommand({
  action: 'sick',
  run: async ({ tx, user, audit, input }: CommandContext<SickInput, typeof attendanceDays>) => {
    const [row] = await tx
      .insert(attendanceDays)
      .values({
        companyId: user.companyId,
        userId: input.userId,
        date: input.date,
        sick: input.sick,
        correctedBy: user.id,
      })
      .onConflictDoUpdate({
        target: [attendanceDays.userId, attendanceDays.date],
        set: { sick: input.sick, correctedBy: user.id },
      })
      .returning({ id: attendanceDays.id });
    if (!row) throw AppError.notFound();
    await audit({ entity: attendanceDayRecord.entity, entityId: row.id, action: 'sick', after: input });
  },
});

/** POST /info/users/sick/:date/:id: marks (or unmarks) a sick day. */
export async function markSick(db: Db, actor: AuthUser, input: SickInput) {
  await runCommand(db, writeSick, actor, input);
}

type DayTimesInput = { userId: number; date: string; check_in: string; check_out: string };

/** The day as it was (locked when it exists), then both times written over it. */
const writeDayTimes = defineCommand({
  action: 'update',
  run: async ({ tx, user, lock, audit, input }: CommandContext<DayTimesInput, typeof attendanceDays>) => {
    const at = (time: string) => (time ? sql`((${input.date}::date + ${time}::time) at time zone ${TZ})` : sql`null`);
    const [existing] = await tx
      .select({ id: attendanceDays.id })
      .from(attendanceDays)
      .where(and(eq(attendanceDays.userId, input.userId), eq(attendanceDays.date, input.date)));
    const before = existing ? await lock(attendanceDayRecord, existing.id) : null;
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into attendance_days (company_id, user_id, date, check_in, check_out, corrected_by)
          values (${user.companyId}, ${input.userId}, ${input.date}, ${at(input.check_in)}, ${at(input.check_out)}, ${user.id})
          on conflict (user_id, date) do update
            set check_in = excluded.check_in, check_out = excluded.check_out, corrected_by = excluded.corrected_by
          returning id`,
    );
    if (!row) throw AppError.notFound();
    await audit({ entity: attendanceDayRecord.entity, entityId: row.id, action: 'update', before, after: input });
  },
});

/** POST /info/users/date-time/:date/:id: sets a day's check-in and check-out ("HH:mm", company time). */
export async function setDayTimes(db: Db, actor: AuthUser, input: DayTimesInput) {
  await runCommand(db, writeDayTimes, actor, input);
}
