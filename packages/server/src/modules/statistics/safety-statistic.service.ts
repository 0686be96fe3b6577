import type {
  SafetyCustomerRow,
  SafetyMonth,
  SafetyStatistic,
} from '@backhaul/shared/modules/statistics/statistics.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { customers } from '../customers';
import { loads } from '../trips';

const TZ = 'America/Chicago';

/** YYYY-MM plus n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Safety figures are company-wide (safety staff do not dispatch); a customer user sees its own. */
const scope = (user: AuthUser) =>
  sql`${loads.companyId} = ${user.companyId}${user.customerId ? sql` and ${loads.customerId} = ${user.customerId}` : sql``}`;

/** Loads delivered in [first month, last month], in Chicago months. */
const deliveredIn = (first: string, last: string) =>
  sql`${loads.deliveryAt} >= (${`${first}-01`}::date)::timestamp at time zone ${TZ}
    and ${loads.deliveryAt} < ((${`${addMonths(last, 1)}-01`}::date)::timestamp at time zone ${TZ})`;
const monthOf = sql`to_char(${loads.deliveryAt} at time zone ${TZ}, 'YYYY-MM')`;

/**
 * POST /safety/statistic: per month, active drivers (bars) and customers left (line), from the
 * loads delivered: one grouped query over the months plus the one before the first.
 */
export async function safetyStatistic(
  db: DbOrTx,
  user: AuthUser,
  opts: { date?: string | undefined; months: number },
): Promise<SafetyStatistic> {
  const last = opts.date ?? clock.today().slice(0, 7);
  const first = addMonths(last, -(opts.months - 1));
  const rows = await rowsOf<{ month: string; customer_id: number | null; driver_id: number | null }>(
    db,
    sql`select ${monthOf} as month, ${loads.customerId}, ${loads.driverId} from ${loads}
      where ${scope(user)} and ${deliveredIn(addMonths(first, -1), last)} group by 1, 2, 3`,
  );
  const customers = new Map<string, Set<number>>();
  const drivers = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, month: string, id: number | null) => {
    if (id === null) return;
    const set = map.get(month) ?? new Set<number>();
    set.add(id);
    map.set(month, set);
  };
  for (const r of rows) {
    add(customers, r.month, r.customer_id);
    add(drivers, r.month, r.driver_id);
  }
  const month: SafetyMonth[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) {
    const now = customers.get(m) ?? new Set<number>();
    const before = customers.get(addMonths(m, -1)) ?? new Set<number>();
    month.push({
      date: m,
      name: monthName(m),
      drivers: drivers.get(m)?.size ?? 0,
      company: now.size,
      left: [...before].filter((c) => !now.has(c)).length,
      joined: [...now].filter((c) => !before.has(c)).length,
    });
  }
  return { month, row: month[month.length - 1] as SafetyMonth };
}

/** POST /safety/statistic/:date: the month's figures and each customer's recency, frequency, money. */
export async function safetyMonth(db: DbOrTx, user: AuthUser, date: string) {
  const previous = addMonths(date, -1);
  const [{ row }, customerRows] = await Promise.all([
    safetyStatistic(db, user, { date, months: 1 }),
    rowsOf<{
      customer_id: number;
      customer: string | null;
      loads: number;
      before: number;
      drivers: number;
      gross: string;
      last_delivery: string | null;
      recency_days: number | null;
    }>(
      db,
      sql`select ${loads.customerId}, c.name as customer,
          count(*) filter (where ${monthOf} = ${date})::int as loads,
          count(*) filter (where ${monthOf} = ${previous})::int as before,
          count(distinct ${loads.driverId}) filter (where ${monthOf} = ${date})::int as drivers,
          coalesce(sum(${loads.grossCents}) filter (where ${monthOf} = ${date}), 0) as gross,
          to_char(max(${loads.deliveryAt}) at time zone ${TZ}, 'YYYY-MM-DD') as last_delivery,
          (${`${addMonths(date, 1)}-01`}::date - 1 - max((${loads.deliveryAt} at time zone ${TZ})::date))::int as recency_days
        from ${loads} left join ${customers} c on c.id = ${loads.customerId}
        where ${scope(user)} and ${loads.customerId} is not null and ${deliveredIn(previous, date)}
        group by 1, 2 order by 5 desc, 2`,
    ),
  ]);
  const rows: SafetyCustomerRow[] = customerRows.map((c) => ({
    customer_id: c.customer_id,
    customer: c.customer,
    status: c.loads === 0 ? 'left' : c.before === 0 ? 'new' : 'active',
    drivers: c.drivers,
    loads: c.loads,
    gross: Number(c.gross) / 100,
    last_delivery: c.last_delivery,
    recency_days: c.recency_days,
  }));
  return { row, rows };
}
