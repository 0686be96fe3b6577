import { addDays } from '@backhaul/shared/formats/formats';
import { divRound } from '@backhaul/shared/money';

/** The last day of a month 'YYYY-MM'. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Days of one monthly salary inside a month: `cents` = monthly × days / days of the month. */
export type SalaryPart = { from: string; to: string; days: number; monthlyCents: number; cents: number };
export type MonthSalary = { cents: number; daysInMonth: number; parts: SalaryPart[] };

/**
 * A month's salary by calendar days (README.md): each day the person worked (from the hire date to
 * the termination date) is paid at the monthly salary in effect that day (the latest entry from on or
 * before it); a run of days at one salary is one part, monthly × days / days in the month, rounded
 * once (half away from zero). A whole month at one salary is that salary.
 */
export function prorateMonth(o: {
  month: string;
  /** Salary entries, oldest first (by date, then id): a monthly salary from `date` on. */
  entries: ReadonlyArray<{ date: string; cents: number }>;
  hiredOn?: string | null;
  terminatedOn?: string | null;
}): MonthSalary {
  const first = `${o.month}-01`;
  const last = monthEnd(o.month);
  const daysInMonth = Number(last.slice(8, 10));
  const from = o.hiredOn && o.hiredOn > first ? o.hiredOn : first;
  const to = o.terminatedOn && o.terminatedOn < last ? o.terminatedOn : last;
  const parts: SalaryPart[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const rate = o.entries.filter((e) => e.date <= day).at(-1)?.cents;
    if (rate === undefined) continue;
    const run = parts.at(-1);
    if (run && run.monthlyCents === rate && addDays(run.to, 1) === day) {
      run.to = day;
      run.days += 1;
    } else parts.push({ from: day, to: day, days: 1, monthlyCents: rate, cents: 0 });
  }
  for (const p of parts) p.cents = divRound(p.monthlyCents * p.days, daysInMonth);
  return { cents: parts.reduce((sum, p) => sum + p.cents, 0), daysInMonth, parts };
}
