import { ACTION, can, type GrantSet } from '@backhaul/shared';
import { nowInCompanyTimeZone, COMPANY_TIME_ZONE_DEFAULT as TZ } from '@backhaul/shared/formats/formats';
import {
  ACCOUNT_SECTION,
  type AccountResponse,
  type CalendarDay,
  VACATION_STATUS,
} from '@backhaul/shared/modules/account/account.contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock, SQL_NOW } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { listHolidays, offices, positions } from '../settings';
import { scheduledDays } from '../work-schedule';
import { checkState } from './attendance.service';
import { upcomingEvents } from './events.service';

const pad = (n: number) => String(n).padStart(2, '0');

/** The dates of a YYYY-MM month. */
export function monthDates(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${pad(i + 1)}`);
}

/** The month's dates in weeks of seven, Sunday first, '' outside the month. */
export function monthWeeks(month: string): string[][] {
  const dates = monthDates(month);
  const lead = new Date(`${dates[0]}T00:00:00Z`).getUTCDay();
  const cells = [...Array<string>(lead).fill(''), ...dates];
  while (cells.length % 7) cells.push('');
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Role 3 and holders of Vacation edit see and answer everyone's requests. */
export const decidesVacations = (user: AuthUser, grants: GrantSet) =>
  user.role === 3 || can(grants, { section: ACCOUNT_SECTION.vacation, action: ACTION.EDIT });

/** Who may open another user's account page and change its days. */
export const managesUsers = (grants: GrantSet, action: number = ACTION.EDIT) =>
  can(grants, { section: ACCOUNT_SECTION.users, action });

/** A staff user of the caller's company, else 404. */
export async function ensureStaff(db: Db, viewer: AuthUser, userId: number): Promise<void> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where id = ${userId} and company_id = ${viewer.companyId} and customer_id is null`,
  );
  if (!row) throw AppError.notFound();
}

type AttendanceRow = {
  date: string;
  check_in: string | null;
  check_out: string | null;
  worked: number;
  sick: boolean;
};

/**
 * The account of one user for one month (001 §3): scheduled time from the work schedule, worked
 * time from check-in and check-out, in America/Chicago. A day's overtime is the time worked beyond
 * its schedule (all of it on a day without a shift); vacation days and holidays (Settings' list)
 * are not scheduled.
 */
export async function buildAccount(
  db: Db,
  opts: { viewer: AuthUser; grants: GrantSet; userId: number; month?: string | undefined },
): Promise<AccountResponse> {
  const { viewer, grants, userId } = opts;
  const now = nowInCompanyTimeZone(clock.now());
  const month = opts.month ?? now.date.slice(0, 7);
  const dates = monthDates(month);
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;

  const [person] = await rowsOf<{
    id: number;
    name: string;
    email: string;
    image: string | null;
    role: number;
    department_id: number | null;
    department: string | null;
    phone: string | null;
    location: string | null;
    office_id: number | null;
    position_id: number | null;
    office: string | null;
    position: string | null;
    birthday: string | null;
    duties: string | null;
    manager_id: number | null;
  }>(
    db,
    sql`select u.id, u.name, u.email, u.image, u.role, u.department_id, d.name as department,
               p.phone, p.location, p.office_id, p.position_id, o.name as office, pos.name as position, to_char(p.birthday, 'YYYY-MM-DD') as birthday,
               p.duties, p.manager_id
        from users u
        left join departments d on d.id = u.department_id
        left join staff_profiles p on p.user_id = u.id
        left join ${offices} o on o.id = p.office_id
        left join ${positions} pos on pos.id = p.position_id
        where u.id = ${userId} and u.company_id = ${viewer.companyId} and u.customer_id is null`,
  );
  if (!person) throw AppError.notFound();

  const [shifts, attendance, vacations, managers, events, counts, check, yearVacation, holidays] = await Promise.all([
    scheduledDays(db, userId, first, last),
    rowsOf<AttendanceRow>(
      db,
      sql`select to_char(date, 'YYYY-MM-DD') as date,
                 to_char(check_in at time zone ${TZ}, 'HH24:MI') as check_in,
                 to_char(check_out at time zone ${TZ}, 'HH24:MI') as check_out,
                 coalesce(floor(extract(epoch from (coalesce(check_out, case when date = ${now.date}::date then ${SQL_NOW} end) - check_in)) / 60), 0)::int as worked,
                 sick
          from attendance_days where user_id = ${userId} and date between ${first} and ${last}`,
    ),
    rowsOf<{ date_from: string; date_to: string }>(
      db,
      sql`select to_char(date_from, 'YYYY-MM-DD') as date_from, to_char(date_to, 'YYYY-MM-DD') as date_to
          from vacation_requests
          where user_id = ${userId} and status = ${VACATION_STATUS.approved} and date_from <= ${last} and date_to >= ${first}`,
    ),
    rowsOf<{ id: number; name: string; email: string }>(
      db,
      sql`select u.id, u.name, u.email from users u
          where u.company_id = ${viewer.companyId} and u.active and u.id <> ${userId}
            and (u.id = ${person.manager_id}
                 or (u.role = 3 and u.department_id is not distinct from ${person.department_id} and ${person.department_id}::int is not null))
          order by (u.id = ${person.manager_id}) desc, u.name`,
    ),
    upcomingEvents(db, viewer.companyId, now.date, 8),
    rowsOf<{ notes: number; vacation: number }>(
      db,
      sql`select (select count(*) from staff_notes where user_id = ${userId} and status = 0)::int as notes,
                 (select count(*) from vacation_requests where company_id = ${viewer.companyId} and status = 0
                    and (${decidesVacations(viewer, grants) && userId === viewer.id} or user_id = ${userId}))::int as vacation`,
    ),
    checkState(db, userId, now.date),
    rowsOf<{ days: number }>(
      db,
      sql`select coalesce(sum(least(date_to, ${`${month.slice(0, 4)}-12-31`}::date) - greatest(date_from, ${`${month.slice(0, 4)}-01-01`}::date) + 1), 0)::int as days
          from vacation_requests where user_id = ${userId} and status = ${VACATION_STATUS.approved}
            and date_from <= ${`${month.slice(0, 4)}-12-31`} and date_to >= ${`${month.slice(0, 4)}-01-01`}`,
    ),
    listHolidays(db, viewer.companyId, first, last),
  ]);

  const holidayOf = new Map(holidays.map((h) => [h.date, h.name]));
  const shiftOf = new Map(shifts.map((s) => [s.date, s]));
  const dayOf = new Map(attendance.map((a) => [a.date, a]));
  const onVacation = (d: string) => vacations.some((v) => v.date_from <= d && d <= v.date_to);
  const calendar: CalendarDay[] = dates.map((date) => {
    const shift = shiftOf.get(date);
    const day = dayOf.get(date);
    const vacation = onVacation(date);
    const holiday = holidayOf.get(date) ?? null;
    const scheduled = shift && !vacation && !holiday ? shift.minutes : 0;
    const worked = day?.worked ?? 0;
    return {
      date,
      weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
      scheduled_start: shift?.start ?? null,
      scheduled_end: shift?.end ?? null,
      scheduled_minutes: scheduled,
      check_in: day?.check_in ?? null,
      check_out: day?.check_out ?? null,
      worked_minutes: worked,
      overtime_minutes: Math.max(0, worked - scheduled),
      sick: day?.sick ?? false,
      vacation,
      holiday,
      today: date === now.date,
    };
  });
  const sum = (f: (d: CalendarDay) => number) => calendar.reduce((a, d) => a + f(d), 0);
  return {
    duties: person.duties ?? '',
    user: {
      id: person.id,
      name: person.name,
      email: person.email,
      image: person.image,
      role: person.role,
      phone: person.phone,
      location: person.location,
      office_id: person.office_id,
      position_id: person.position_id,
      office: person.office,
      position: person.position,
      birthday: person.birthday,
    },
    managers,
    month,
    calendar,
    overtime: sum((d) => d.overtime_minutes),
    total_schedule_time: sum((d) => d.scheduled_minutes),
    total_work_time: sum((d) => d.worked_minutes),
    month_calendar: monthWeeks(month),
    month_info: {
      scheduled_days: calendar.filter((d) => d.scheduled_minutes > 0).length,
      worked_days: calendar.filter((d) => d.worked_minutes > 0).length,
      sick_days: calendar.filter((d) => d.sick).length,
      vacation_days: calendar.filter((d) => d.vacation).length,
      holidays: calendar.filter((d) => d.holiday).length,
    },
    total_vocation: yearVacation[0]?.days ?? 0,
    events,
    notes: counts[0]?.notes ?? 0,
    vacation: counts[0]?.vacation ?? 0,
    department: person.department_id !== null ? { id: person.department_id, name: person.department ?? '' } : null,
    check,
    can_edit_days: managesUsers(grants),
  };
}
