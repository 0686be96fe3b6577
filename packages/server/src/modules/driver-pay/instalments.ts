import { addDays } from '@backhaul/shared/formats/formats';

/** A series of scheduled payments: every week or month from `start`, `count` of them or open-ended. */
export type Series = { frequency: string; startDate: string; count: number | null };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The k-th instalment (0-based): start + k weeks, or start + k months with the day clamped to the month's end. */
export function instalmentDate(series: Series, k: number): string {
  if (series.frequency === 'weekly') return addDays(series.startDate, 7 * k);
  const [y, m, d] = series.startDate.split('-').map(Number) as [number, number, number];
  const month0 = m - 1 + k;
  const year = y + Math.floor(month0 / 12);
  const month = ((month0 % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${pad2(month + 1)}-${pad2(Math.min(d, last))}`;
}

/** The instalments due from `from` to `to` (inclusive) with their number in the series (1-based). */
export function instalmentsBetween(series: Series, from: string, to: string): { date: string; n: number }[] {
  const out: { date: string; n: number }[] = [];
  for (let k = 0; series.count === null || k < series.count; k++) {
    const date = instalmentDate(series, k);
    if (date > to) break;
    if (date >= from) out.push({ date, n: k + 1 });
    if (k > 5000) break;
  }
  return out;
}

/** "3 of 10, weekly" or "3, monthly, open-ended". */
export const scheduleLabel = (series: Series, n: number) =>
  series.count === null ? `${n}, ${series.frequency}, open-ended` : `${n} of ${series.count}, ${series.frequency}`;

/** The number (1-based) of the instalment due on `date`, or null when the series has none that day. */
export function instalmentNumber(series: Series, date: string): number | null {
  if (date < series.startDate) return null;
  const found = instalmentsBetween(series, date, date)[0];
  return found ? found.n : null;
}
