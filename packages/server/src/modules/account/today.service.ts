import { ACTION, can, type GrantSet, type Requirement, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  TODAY_LATE_WINDOW_DAYS,
  TODAY_LINES_PER_SECTION,
  type TodayLine,
  type TodayPanel,
  type TodaySection,
} from '@backhaul/shared/modules/account/today.contract';
import { WO_HIDDEN_BY_DEFAULT } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { toDollars } from '@backhaul/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { collectDueItems } from '../expiry-digest';
import { invoices } from '../invoices';
import { payments } from '../payments';
import { INVOICE_DUE_DATE } from '../receivables-reports';
import { loads, tripsScope } from '../trips';
import { WO_SQL, workOrders } from '../work-orders';

const TZ = sql`'America/Chicago'`;
const N = TODAY_LINES_PER_SECTION;

type Counted<T> = T & { total: number };

const section = (
  key: string,
  title: string,
  empty: string,
  rows: Array<Counted<Omit<TodayLine, 'trip_id'> & { trip_id?: number | null }>>,
  amount: number | null = null,
): TodaySection => ({
  key,
  title,
  empty,
  amount,
  count: Number(rows[0]?.total ?? 0),
  lines: rows.map(({ total: _t, ...l }) => ({ ...l, id: Number(l.id), trip_id: l.trip_id ? Number(l.trip_id) : null })),
});

const route = (city: string | null, state: string | null) => [city, state].filter(Boolean).join(', ') || '—';

/**
 * The instants [start, end) of a company day: a sargable range on a timestamptz column (the
 * (company_id, pickup_at) / (company_id, delivery_at) indexes), where `(col at time zone …)::date = day`
 * read every load. Postgres turns the day into instants with the zone's rules (23/25-hour days too).
 */
const dayRange = (column: SQL, day: string) =>
  sql`${column} >= (${day}::date)::timestamp at time zone ${TZ} and ${column} < ((${day}::date + 1)::timestamp at time zone ${TZ})`;

/**
 * The caller's loads whose pickup or delivery falls on `today` (company time), first N and the count:
 * the page walks the index in order and stops at N; the count is its own index-only scan (an
 * InitPlan run once), not `count(*) over ()`, which made every matching row pass through the window.
 */
async function loadsOn(db: DbOrTx, user: AuthUser, column: SQL, today: string) {
  const rows = await rowsOf<{
    id: number;
    trip_id: number | null;
    from_city: string | null;
    from_state: string | null;
    to_city: string | null;
    to_state: string | null;
    at: string;
    driver: string | null;
    total: number;
  }>(
    db,
    sql`select ${loads.id} as id, ${loads.tripId} as trip_id, ${loads.pickupCity} as from_city,
        ${loads.pickupState} as from_state, ${loads.deliveryCity} as to_city, ${loads.deliveryState} as to_state,
        to_char(${column} at time zone ${TZ}, 'HH24:MI') as at,
        (select name from ${drivers} where id = ${loads.driverId}) as driver,
        (select count(*) from ${loads} where ${tripsScope(user)} and ${dayRange(column, today)}) as total
      from ${loads}
      where ${tripsScope(user)} and ${dayRange(column, today)}
      order by ${column}, ${loads.id} limit ${N}`,
  );
  return rows.map((r) => ({
    kind: 'load' as const,
    id: r.id,
    trip_id: r.trip_id,
    label: `Load #${r.id} · ${route(r.from_city, r.from_state)} → ${route(r.to_city, r.to_state)}`,
    detail: `${r.at}${r.driver ? ` · ${r.driver}` : ''}`,
    tone: 'default' as const,
    total: Number(r.total),
  }));
}

async function dispatchSections(db: DbOrTx, user: AuthUser, today: string): Promise<TodaySection[]> {
  const now = clock.now().toISOString();
  const late = sql`${tripsScope(user)} and ${loads.ppw} = 0 and ${loads.deliveryAt} < ${now}::timestamptz
    and ${loads.deliveryAt} >= ${now}::timestamptz - make_interval(days => ${TODAY_LATE_WINDOW_DAYS})`;
  const [pickups, deliveries, lateRows] = await Promise.all([
    loadsOn(db, user, sql`${loads.pickupAt}`, today),
    loadsOn(db, user, sql`${loads.deliveryAt}`, today),
    rowsOf<{
      id: number;
      trip_id: number | null;
      to_city: string | null;
      to_state: string | null;
      due: string;
      total: number;
    }>(
      db,
      sql`select ${loads.id} as id, ${loads.tripId} as trip_id, ${loads.deliveryCity} as to_city,
          ${loads.deliveryState} as to_state, to_char(${loads.deliveryAt} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as due,
          (select count(*) from ${loads} where ${late}) as total
        from ${loads}
        where ${late}
        order by ${loads.deliveryAt}, ${loads.id} limit ${N}`,
    ),
  ]);
  return [
    section('pickups', 'Picking up today', 'No load picks up today.', pickups),
    section('deliveries', 'Delivering today', 'No load delivers today.', deliveries),
    section(
      'late',
      'Late: delivery passed, no paperwork',
      'Every delivered load has its paperwork.',
      lateRows.map((r) => ({
        kind: 'load' as const,
        id: r.id,
        trip_id: r.trip_id,
        label: `Load #${r.id} → ${route(r.to_city, r.to_state)}`,
        detail: `Delivery was ${r.due}`,
        tone: 'red' as const,
        total: Number(r.total),
      })),
    ),
  ];
}

async function accountingSections(db: DbOrTx, user: AuthUser, today: string): Promise<TodaySection[]> {
  const needPay = sql`(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)`;
  const [pastDue, paid] = await Promise.all([
    rowsOf<{ id: number; customer: string; need: number; days: number; total: number }>(
      db,
      sql`select i.id, c.name as customer, ${needPay}::bigint as need, (${today}::date - ${INVOICE_DUE_DATE})::int as days,
          count(*) over () as total
        from ${invoices} i join ${customers} c on c.id = i.customer_id
        where i.company_id = ${user.companyId} and ${needPay} > 0 and ${INVOICE_DUE_DATE} < ${today}::date
        order by days desc, i.id limit ${N}`,
    ),
    rowsOf<{ invoice_id: number; customer: string; amount: number; method: string; total: number; sum: number }>(
      db,
      sql`select p.invoice_id, c.name as customer, p.amount_cents as amount, p.method,
          count(*) over () as total, sum(p.amount_cents) over () as sum
        from ${payments} p join ${customers} c on c.id = p.customer_id
        where p.company_id = ${user.companyId} and p.paid_on = ${today}::date
        order by p.created_at desc, p.id desc limit ${N}`,
    ),
  ]);
  return [
    section(
      'past-due',
      'Invoices past due',
      'No invoice is past due.',
      pastDue.map((r) => ({
        kind: 'invoice' as const,
        id: r.id,
        label: `Invoice #${r.id} · ${r.customer}`,
        detail: `${formatMoney(toDollars(Number(r.need)))} due, ${r.days} day${Number(r.days) === 1 ? '' : 's'} late`,
        tone: Number(r.days) > 30 ? ('red' as const) : ('yellow' as const),
        total: Number(r.total),
      })),
    ),
    section(
      'payments',
      'Payments received today',
      'No payment was entered today.',
      paid.map((r) => ({
        kind: 'invoice' as const,
        id: r.invoice_id,
        label: `${r.customer} · invoice #${r.invoice_id}`,
        detail: `${formatMoney(toDollars(Number(r.amount)))} by ${r.method}`,
        tone: 'default' as const,
        total: Number(r.total),
      })),
      toDollars(Number(paid[0]?.sum ?? 0)),
    ),
  ];
}

async function safetySections(db: DbOrTx, user: AuthUser, today: string): Promise<TodaySection[]> {
  const due = (await collectDueItems(db, user.companyId, today)).filter((d) => d.days <= 30);
  return [
    section(
      'expiring',
      'Documents expiring within 30 days',
      'Nothing expires within 30 days.',
      due.slice(0, N).map((d) => ({
        kind: d.entity,
        id: d.entityId,
        label: `${d.unit} · ${d.kind}`,
        detail: d.days < 0 ? `Expired ${d.dueOn}` : d.days === 0 ? 'Expires today' : `Expires ${d.dueOn} (${d.days} d)`,
        tone: d.days < 0 ? ('red' as const) : d.days <= 7 ? ('yellow' as const) : ('default' as const),
        total: due.length,
      })),
    ),
  ];
}

async function shopSections(db: DbOrTx, user: AuthUser, today: string): Promise<TodaySection[]> {
  const hidden = sql.join(
    WO_HIDDEN_BY_DEFAULT.map((s) => sql`${s}`),
    sql`, `,
  );
  const [arriving, open] = await Promise.all([
    rowsOf<{ id: number; unit: string | null; type: string; total: number }>(
      db,
      sql`select w.id, ${WO_SQL.unit} as unit, w.wo_type as type, count(*) over () as total
        from ${workOrders} w
        where w.company_id = ${user.companyId} and w.arrival_date = ${today}::date and not w.arrived
          and w.status not in (${hidden})
        order by w.id limit ${N}`,
    ),
    rowsOf<{ id: number; unit: string | null; type: string; days: number; total: number }>(
      db,
      sql`select w.id, ${WO_SQL.unit} as unit, w.wo_type as type,
          (${today}::date - (w.created_at at time zone ${TZ})::date)::int as days, count(*) over () as total
        from ${workOrders} w
        where w.company_id = ${user.companyId} and w.status not in (${hidden})
        order by w.created_at, w.id limit ${N}`,
    ),
  ]);
  return [
    section(
      'arriving',
      'Units arriving today',
      'No unit is due in today.',
      arriving.map((r) => ({
        kind: 'work-order' as const,
        id: r.id,
        label: `WO #${r.id} · ${r.unit ?? 'Unit'}`,
        detail: r.type,
        tone: 'default' as const,
        total: Number(r.total),
      })),
    ),
    section(
      'open-orders',
      'Work orders open',
      'No work order is open.',
      open.map((r) => ({
        kind: 'work-order' as const,
        id: r.id,
        label: `WO #${r.id} · ${r.unit ?? 'Unit'}`,
        detail: `${r.type}, opened ${r.days} day${Number(r.days) === 1 ? '' : 's'} ago`,
        tone: Number(r.days) > 7 ? ('yellow' as const) : ('default' as const),
        total: Number(r.total),
      })),
    ),
  ];
}

type Part = (db: DbOrTx, user: AuthUser, today: string) => Promise<TodaySection[]>;

/** Each part, what opens it on the server, and the department whose day it is. */
const PARTS: Array<{ department: RegExp; need: Requirement; read: Part }> = [
  { department: /dispatch/i, need: { section: SECTION.Trips, action: ACTION.VIEW }, read: dispatchSections },
  {
    department: /account/i,
    need: { section: SECTION.CustomerNotPaidInvoices, action: ACTION.VIEW },
    read: accountingSections,
  },
  { department: /safety/i, need: { section: SECTION.Safety }, read: safetySections },
  { department: /shop|maintenance|repair/i, need: { section: SECTION.Shop }, read: shopSections },
];

/**
 * Which parts a caller sees, fitted to their role: the part of their department (a dispatcher's
 * loads, an accountant's invoices), else every part their grants open (managers, administrators).
 * Never a part the server would refuse; customers see none.
 */
export function todayParts(user: AuthUser, grants: GrantSet, department: string | null): Part[] {
  if (user.customerId !== null) return [];
  const allowed = PARTS.filter((p) => can(grants, p.need));
  const own = department ? allowed.filter((p) => p.department.test(department)) : [];
  return (own.length ? own : allowed).map((p) => p.read);
}

/** GET /account/today: the caller's panel, its parts read at once. */
export async function todayPanel(db: DbOrTx, user: AuthUser, grants: GrantSet): Promise<TodayPanel> {
  const today = clock.today();
  const [dept] = user.departmentId
    ? await rowsOf<{ name: string }>(db, sql`select name from departments where id = ${user.departmentId}`)
    : [];
  const parts = await Promise.all(todayParts(user, grants, dept?.name ?? null).map((part) => part(db, user, today)));
  return { date: today, sections: parts.flat() };
}
