import { can } from '@backhaul/shared';
import { formatMoney, formatPhone } from '@backhaul/shared/formats/formats';
import {
  SEARCH_GROUP_LABELS,
  SEARCH_GROUP_LIMIT,
  SEARCH_GROUPS,
  type SearchGroup,
  type SearchResponse,
  type SearchResult,
} from '@backhaul/shared/modules/search/search.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { findList, searchFields } from '../../platform/list/define-list';
import { compileList, refuseDataErrors, searchCondition, selectPage } from '../../platform/list/run-list';
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

/** The global search: every group the caller may read, newest or first rows of each list first. */
export async function globalSearch(db: DbOrTx, auth: AuthContext, q: string): Promise<SearchResponse> {
  const id = idOf(q);
  const groups = await refuseDataErrors(
    Promise.all(
      SEARCH_GROUPS.map(async (group) => {
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
  );
  return { q, groups: groups.filter((g) => g !== null) };
}
