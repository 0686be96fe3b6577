import { addDays } from '@backhaul/shared/formats/formats';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { PayPeriod } from '../../platform/pay/define-statement';

/** Months as the statements use them: 'YYYY-MM', the first day 'YYYY-MM-01' in the database. */
export const firstDay = (month: string): string => `${month.slice(0, 7)}-01`;

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month as a statement period: its first and last day. */
export const monthPeriod = (month: string): PayPeriod => ({
  from: firstDay(month),
  to: addDays(firstDay(addMonths(month, 1)), -1),
});

/** This month in the company's time zone (America/Chicago), by the one clock. */
export const currentMonth = (): string => clock.today().slice(0, 7);

/** The months a statement can be made for: this month and the eleven before it, newest first. */
export const statementMonths = (): string[] => Array.from({ length: 12 }, (_, i) => addMonths(currentMonth(), -i));

/** A month that has not begun is refused (422 on `field`). */
export function refuseFutureMonth(month: string, field: string, message: string): void {
  if (month > currentMonth()) throw AppError.invalidField(field, message);
}
