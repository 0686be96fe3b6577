import { can } from '@backhaul/shared';
import { formatMoney, formatPhone, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  loadStatus,
  SEARCH_DRIVER_LOADS,
  SEARCH_GROUP_LABELS,
  SEARCH_GROUP_LIMIT,
  SEARCH_GROUPS,
  type SearchGroup,
  type SearchResponse,
  type SearchResult,
} from '@backhaul/shared/modules/search/search.contract';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { findList, searchFields } from '../../platform/list/define-list';
import { compileList, refuseDataErrors, searchCondition, selectPage } from '../../platform/list/run-list';
import { driverScope, drivers } from '../drivers';
import { loads } from '../trips';

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const join = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' · ');

/**
 * Each group is a defined list, read by its key from the list registry: the caller needs the
 * list's section, and the list's own row scope (`base`) and search apply, so the palette finds
 * exactly what that list's search box finds for this caller — plus the record by its number.
 */
type GroupDefinition = {
  list: string;
  /** What a number matches exactly, listed first (default: the list's row key). */
  exact?: (id: number) => SQL;
  result: (r: Row) => Omit<SearchResult, 'group'>;
};

const GROUPS: Record<SearchGroup, GroupDefinition> = {
  trips: {
    list: 'trips',
    exact: (id) => sql`(${loads.id} = ${id} or ${loads.tripId} = ${id})`,
    result: (r) => ({
      id: Number(r.load_id),
      trip_id: Number(r.trip_id),
      title: `Trip #${text(r.trip_id)} · Load #${text(r.load_id)}`,
      subtitle: join(r.routs, r.customer, r.bol ? `BOL ${text(r.bol)}` : '', r.delivery_datetime),
    }),
  },
  invoices: {
    list: 'invoice',
    result: (r) => ({
      id: Number(r.invoice_id),
      trip_id: null,
      title: `Invoice #${text(r.invoice_id)}`,
      subtitle: join(
        r.customer,
        r.from && r.to ? `${text(r.from)} → ${text(r.to)}` : '',
        formatMoney(r.total_check as number),
        r.invoice_status,
      ),
    }),
  },
  customers: {
    list: 'customers',
    result: (r) => ({
      id: Number(r.id),
      trip_id: null,
      title: text(r.name),
      subtitle: join(r.city, r.state, formatPhone(text(r.phone))),
    }),
  },
  drivers: {
    list: 'drivers',
    result: (r) => ({
      id: Number(r.id),
      trip_id: null,
      title: text(r.driver),
      subtitle: join(formatPhone(text(r.phone)), r.truck_number ? `truck ${text(r.truck_number)}` : ''),
    }),
  },
  trucks: {
    list: 'trucks',
    result: (r) => ({
      id: Number(r.id),
      trip_id: null,
      title: `Truck ${text(r.truck_number)}`,
      subtitle: join(r.driver, r.trailer_number ? `trailer ${text(r.trailer_number)}` : '', r.customer),
    }),
  },
};

/** A whole number the text may be: the record's own id (at most 9 digits, an integer column). */
const idOf = (q: string) => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

type Group = SearchResponse['groups'][number];

/**
 * A driver's recent loads (Ctrl+K on a driver's name): the next load to pick up, then the last ones
 * picked up in the trips list's own scope and order (newest delivery first), five in all; the loads
 * the driver drives or rides on as a team's second driver, every date (the loads' driver indexes). Null when the caller sees none of them. Who reads trips
 * sees their drivers' names in the list, so the driver registry's section is not needed.
 */
async function driverLoads(db: DbOrTx, auth: AuthContext, driver: { id: number; name: string }): Promise<Group | null> {
  const def = findList('trips');
  if (!def) return null;
  const compiled = compileList(def, auth.user, { with_options: false });
  const at = clock.now();
  const now = sql`${at.toISOString()}::timestamptz`;
  const drives = sql`${compiled.where} and (${loads.driverId} = ${driver.id} or ${loads.teamDriverId} = ${driver.id})`;
  // The next load to pick up, then the last ones picked up (the list's order): what the driver is
  // about to do, is doing and did, rather than a week of planned loads.
  const next = await selectPage(
    db,
    def,
    { ...compiled, where: sql`${drives} and ${loads.pickupAt} > ${now}`, orderBy: sql`${loads.pickupAt}, ${loads.id}` },
    { limit: 1, offset: 0 },
  );
  const last = await selectPage(
    db,
    def,
    { ...compiled, where: sql`${drives} and (${loads.pickupAt} <= ${now} or ${loads.pickupAt} is null)` },
    { limit: SEARCH_DRIVER_LOADS.loads - next.length, offset: 0 },
  );
  const rows = [...next, ...last];
  if (!rows.length) return null;
  const shownNow = nowInCompanyTimeZone(at).dateTime;
  const time = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    group: 'driver_loads',
    driver_id: driver.id,
    label: `Recent loads · ${driver.name}`,
    fields: ['Driver'],
    results: rows.map((r) => ({
      group: 'driver_loads',
      id: Number(r.load_id),
      trip_id: Number(r.trip_id),
      title: join(time(r.delivery_datetime)?.slice(0, 10), r.routs),
      subtitle: join(`Trip #${text(r.trip_id)} · Load #${text(r.load_id)}`, r.customer, formatMoney(r.gross as number)),
      status: loadStatus(
        { pickup: time(r.pick_up_datetime), delivery: time(r.delivery_datetime), invoiced: r.invoice === 'Exist' },
        shownNow,
      ),
    })),
  };
}

/**
 * The global search: every group the caller may read, newest or first rows of each list first;
 * before them, the recent loads of the first drivers whose name holds the text (those loads are then
 * left out of the trips group, which would repeat them).
 */
export async function globalSearch(db: DbOrTx, auth: AuthContext, q: string): Promise<SearchResponse> {
  const id = idOf(q);
  const [groups, recent] = await refuseDataErrors(
    Promise.all([
      Promise.all(
        SEARCH_GROUPS.map(async (group): Promise<Group | null> => {
          const def = findList(GROUPS[group].list);
          if (!def || !can(auth.grants, { section: def.section })) return null;
          // The list's scope and order; the search text, or the record's own id.
          const compiled = compileList(def, auth.user, { with_options: false });
          const searched = searchCondition(def, q.replace(/^#/, ''));
          const exact = id === null ? null : (GROUPS[group].exact?.(id) ?? sql`${def.rowKey} = ${id}`);
          const match = [searched?.where, exact].filter((c) => c !== undefined && c !== null);
          if (!match.length) return null;
          for (const j of searched?.joins ?? []) compiled.joins.add(j);
          const where = sql`${compiled.where} and (${sql.join(match, sql` or `)})`;
          // The record with that number first, then the list's own order.
          const orderBy = exact ? sql`(${exact}) desc, ${compiled.orderBy}` : compiled.orderBy;
          const page = { ...compiled, where, orderBy };
          const rows = await selectPage(db, def, page, { limit: SEARCH_GROUP_LIMIT, offset: 0 });
          return {
            group,
            label: SEARCH_GROUP_LABELS[group],
            fields: searchFields(def),
            results: rows.map((r) => ({ group, ...GROUPS[group].result(r) })),
          };
        }),
      ),
      recentLoadsOfDrivers(db, auth, q),
    ]),
  );
  const shown = new Set(recent.flatMap((g) => g.results.map((r) => r.id)));
  return {
    q,
    groups: [
      ...recent,
      ...groups
        .filter((g) => g !== null)
        .map((g) => (g.group === 'trips' ? { ...g, results: g.results.filter((r) => !shown.has(r.id)) } : g)),
    ],
  };
}

/**
 * The recent loads of the first drivers whose name holds the text (two letters at least, active
 * drivers first), in the caller's driver scope; none for a caller who may not read trips.
 */
async function recentLoadsOfDrivers(db: DbOrTx, auth: AuthContext, q: string): Promise<Group[]> {
  const needle = q.trim().toLowerCase();
  const trips = findList('trips');
  if (needle.length < 2 || !/\p{L}/u.test(needle) || !trips || !can(auth.grants, { section: trips.section })) return [];
  const named = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(sql`${driverScope(auth.user)} and strpos(lower(${drivers.name}), ${needle}) > 0`)
    .orderBy(desc(drivers.active), drivers.name, drivers.id)
    .limit(SEARCH_DRIVER_LOADS.drivers);
  const groups = await Promise.all(named.map((d) => driverLoads(db, auth, d)));
  return groups.filter((g) => g !== null);
}
