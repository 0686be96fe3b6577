import { APP_MSG } from '@backhaul/shared';
import { addDays, startOfWeek } from '@backhaul/shared/formats/formats';
import {
  SCHEDULE_DAYS,
  type ScheduleDayResponse,
  type ScheduleResponse,
  type ScheduleUpdateBody,
} from '@backhaul/shared/modules/work-schedule/work-schedule.contract';
import { minutesOfTime } from '@backhaul/shared/schemas/dates';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { listHolidays } from '../settings';
import { workShifts } from './work-schedule.table';

export type ScheduledDay = { date: string; start: string; end: string; minutes: number };

/** The scheduled shifts of one user between two dates (inclusive): what the account calendar compares with. */
export async function scheduledDays(db: DbOrTx, userId: number, from: string, to: string): Promise<ScheduledDay[]> {
  const rows = await db
    .select({ date: workShifts.date, start: workShifts.start, end: workShifts.end })
    .from(workShifts)
    .where(and(eq(workShifts.userId, userId), gte(workShifts.date, from), lte(workShifts.date, to)))
    .orderBy(asc(workShifts.date));
  return rows.map((r) => ({ ...r, minutes: minutesOfTime(r.end) - minutesOfTime(r.start) }));
}

/** Staff who may be scheduled: active users of the company that are not customer users. */
async function employees(db: DbOrTx, companyId: number) {
  return db
    .select({ id: users.id, name: users.name, department: sql<string>`coalesce(${departments.name}, '')` })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.companyId, companyId), eq(users.active, true), isNull(users.customerId)))
    .orderBy(asc(users.name));
}

async function shiftsBetween(db: DbOrTx, companyId: number, from: string, to: string) {
  return db
    .select({
      date: workShifts.date,
      user_id: workShifts.userId,
      name: users.name,
      start: workShifts.start,
      end: workShifts.end,
    })
    .from(workShifts)
    .innerJoin(users, eq(users.id, workShifts.userId))
    .where(and(eq(workShifts.companyId, companyId), gte(workShifts.date, from), lte(workShifts.date, to)))
    .orderBy(asc(workShifts.date), asc(workShifts.start), asc(users.name));
}

/** Four weeks of seven days from the Sunday of `dateStart` (today's week when none is given). */
export async function readSchedule(db: Db, user: AuthUser, dateStart?: string): Promise<ScheduleResponse> {
  const start = startOfWeek(dateStart ?? clock.today());
  const end = addDays(start, SCHEDULE_DAYS - 1);
  const [staff, shifts, holidays] = await Promise.all([
    employees(db, user.companyId),
    shiftsBetween(db, user.companyId, start, end),
    listHolidays(db, user.companyId, start, end),
  ]);
  const holidayOf = new Map(holidays.map((h) => [h.date, h.name]));
  const byDate = new Map<string, typeof shifts>();
  for (const s of shifts) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  const days = Array.from({ length: SCHEDULE_DAYS }, (_, i) => {
    const date = addDays(start, i);
    return {
      date,
      holiday: holidayOf.get(date) ?? null,
      shifts: (byDate.get(date) ?? []).map(({ date: _d, ...s }) => s),
    };
  });
  const perUser = new Map<number, { user_id: number; name: string; days: number; minutes: number }>();
  for (const s of shifts) {
    const row = perUser.get(s.user_id) ?? { user_id: s.user_id, name: s.name, days: 0, minutes: 0 };
    row.days += 1;
    row.minutes += minutesOfTime(s.end) - minutesOfTime(s.start);
    perUser.set(s.user_id, row);
  }
  return {
    date_start: start,
    weeks: Array.from({ length: SCHEDULE_DAYS / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7)),
    employees: staff,
    scheduleEmployees: [...perUser.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function checkDay(day: string, schedule: string): void {
  const start = startOfWeek(schedule);
  if (day < start || day > addDays(start, SCHEDULE_DAYS - 1))
    throw AppError.invalidField('day', APP_MSG.dayOutsideSchedule);
}

export async function readScheduleDay(
  db: Db,
  user: AuthUser,
  day: string,
  schedule: string,
): Promise<ScheduleDayResponse> {
  checkDay(day, schedule);
  const [staff, shifts] = await Promise.all([
    employees(db, user.companyId),
    shiftsBetween(db, user.companyId, day, day),
  ]);
  return {
    day,
    schedule: startOfWeek(schedule),
    employees: staff,
    employeeSelected: shifts.map(({ date: _d, ...s }) => s),
  };
}

type DayInput = { day: string; body: ScheduleUpdateBody };

/** The day's shifts replaced by the selection, audited as the day's change. */
const replaceDay = defineCommand({
  action: 'update',
  run: async ({ tx, user, audit, input: { day, body } }: CommandContext<DayInput, typeof workShifts>) => {
    // Serialises two editors of the same day.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('work_shifts'), ${user.companyId})`);
    const before = await shiftsBetween(tx, user.companyId, day, day);
    await tx.delete(workShifts).where(and(eq(workShifts.companyId, user.companyId), eq(workShifts.date, day)));
    if (body.employeeSelected.length) {
      await tx.insert(workShifts).values(
        body.employeeSelected.map((s) => ({
          companyId: user.companyId,
          userId: s.user_id,
          date: day,
          start: s.start,
          end: s.end,
        })),
      );
    }
    await audit({
      entity: workShifts,
      entityId: day,
      action: 'update',
      before: before.map(({ date: _d, ...s }) => s),
      after: body.employeeSelected,
    });
  },
});

/** Replaces the day's shifts with the employees selected, in one transaction with its audit row. */
export async function updateScheduleDay(
  db: Db,
  user: AuthUser,
  input: { day: string; schedule: string; body: ScheduleUpdateBody },
): Promise<ScheduleDayResponse> {
  const { day, schedule, body } = input;
  checkDay(day, schedule);
  const staff = await employees(db, user.companyId);
  const known = new Set(staff.map((s) => s.id));
  const unknown = body.employeeSelected.findIndex((s) => !known.has(s.user_id));
  if (unknown >= 0) throw AppError.invalidField(`employeeSelected.${unknown}.user_id`, APP_MSG.notFound);
  await runCommand(db, replaceDay, user, { day, body });
  return readScheduleDay(db, user, day, schedule);
}
