import { clock } from '../../platform/clock';
import { monthEnd } from '../salaries';

/** Months as staff statements use them: 'YYYY-MM'; the statement's period is the month's first to last day. */
export const monthPeriod = (month: string) => ({ from: `${month}-01`, to: monthEnd(month) });

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** This month in the company's time zone, by the one clock (frozen in tests). */
export const currentMonth = (): string => clock.today().slice(0, 7);

/** The months a statement can be made for: this month and the eleven before it, newest first. */
export const statementMonths = (): string[] => Array.from({ length: 12 }, (_, i) => addMonths(currentMonth(), -i));
