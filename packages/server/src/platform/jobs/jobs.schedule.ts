import { createHash } from 'node:crypto';
import { addDays, nowInCompanyTimeZone, zonedParts } from '@backhaul/shared/formats/formats';

/** A time of day in a time zone: when a daily job is enqueued. */
export type DailyAt = { hour: number; minute?: number; timeZone?: string };

/** The UTC instant of a wall-clock time on a YYYY-MM-DD day in a time zone (DST-safe). */
function zonedInstant(day: string, hour: number, minute: number, timeZone?: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offset = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  return new Date(wall - offset(wall - offset(wall)));
}

/** The next time a daily job is due after `now`, and the business day it is for. */
export function nextDailyRun(now: Date, at: DailyAt): { at: Date; day: string } {
  const today = nowInCompanyTimeZone(now, at.timeZone).date;
  for (const add of [0, 1, 2]) {
    const day = addDays(today, add);
    const instant = zonedInstant(day, at.hour, at.minute ?? 0, at.timeZone);
    if (instant.getTime() > now.getTime()) return { at: instant, day };
  }
  throw new Error('no next run');
}

/** A stable job id for one run of a daily job: every process that fires computes the same id. */
export const dailyJobId = (name: string, day: string) => {
  const h = createHash('sha1').update(`${name}:${day}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
