import type { GrantSet } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { type ExportColumn, xlsxBuffer } from '../../platform/export/export-writers';
import { offices } from '../settings';
import { buildAccount } from './account.service';

/** The payroll sheet's columns: hours with two decimals, days as counts. */
export const ATTENDANCE_COLUMNS: ExportColumn[] = [
  { id: 'employee', title: 'Employee', kind: 'text' },
  { id: 'department', title: 'Department', kind: 'text' },
  { id: 'office', title: 'Office', kind: 'text' },
  { id: 'scheduled_hours', title: 'Scheduled hours', kind: 'number', footer: 'sum' },
  { id: 'worked_hours', title: 'Worked hours', kind: 'number', footer: 'sum' },
  { id: 'overtime_hours', title: 'Overtime hours', kind: 'number', footer: 'sum' },
  { id: 'worked_days', title: 'Days worked', kind: 'number', footer: 'sum' },
  { id: 'sick_days', title: 'Sick days', kind: 'number', footer: 'sum' },
  { id: 'vacation_days', title: 'Vacation days', kind: 'number', footer: 'sum' },
  { id: 'holidays', title: 'Holidays', kind: 'number', footer: 'sum' },
];

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * The monthly attendance of every active staff member (customers' users aside), for payroll: each
 * row is that person's account month (`buildAccount`, the figures the account calendar shows).
 */
export async function attendanceRows(db: Db, viewer: AuthUser, grants: GrantSet, month: string) {
  const people = await rowsOf<{ id: number; name: string; department: string | null; office: string | null }>(
    db,
    sql`select u.id, u.name, d.name as department, o.name as office
        from users u
        left join departments d on d.id = u.department_id
        left join staff_profiles p on p.user_id = u.id
        left join ${offices} o on o.id = p.office_id
        where u.company_id = ${viewer.companyId} and u.active and u.customer_id is null
        order by u.name, u.id`,
  );
  const rows: Array<Record<string, string | number>> = [];
  // A few accounts at a time: each is a handful of small queries.
  for (let i = 0; i < people.length; i += 4) {
    const batch = people.slice(i, i + 4);
    const months = await Promise.all(batch.map((p) => buildAccount(db, { viewer, grants, userId: p.id, month })));
    batch.forEach((p, j) => {
      const a = months[j];
      if (!a) return;
      rows.push({
        employee: p.name,
        department: p.department ?? '',
        office: p.office ?? '',
        scheduled_hours: hours(a.total_schedule_time),
        worked_hours: hours(a.total_work_time),
        overtime_hours: hours(a.overtime),
        worked_days: a.month_info.worked_days,
        sick_days: a.month_info.sick_days,
        vacation_days: a.month_info.vacation_days,
        holidays: a.month_info.holidays,
      });
    });
  }
  return rows;
}

/** GET /info/attendance/export: the month's sheet as XLSX, with a totals row. */
export async function attendanceSheet(db: Db, viewer: AuthUser, grants: GrantSet, month: string) {
  const rows = await attendanceRows(db, viewer, grants, month);
  const totals = Object.fromEntries(
    ATTENDANCE_COLUMNS.filter((c) => c.footer === 'sum').map((c) => [
      c.id,
      Math.round(rows.reduce((s, r) => s + Number(r[c.id] ?? 0), 0) * 100) / 100,
    ]),
  );
  return {
    name: `attendance-${month}.xlsx`,
    data: await xlsxBuffer(`Attendance ${month}`, ATTENDANCE_COLUMNS, rows, () => totals),
  };
}
