import type {
  LoadDetail,
  TripDetail,
  TripDetailView,
  TripFilters,
} from '@backhaul/shared/modules/trips/trips.contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditEntity } from '../../platform/audit/audit';
import type { AuthContext } from '../../platform/auth/access';
import { SQL_NOW } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { brokers } from '../brokers';
import { cities } from '../cities';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trailerTypes } from '../general';
import { readSystemSettings } from '../settings';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { loads } from './loads.table';
import { tripReceivables } from './trip-receivables';
import { tripsScope } from './trips.list';
import { findLoad, findTrip, seesAllTrips, TZ } from './trips.scope';
import { tripConnections, tripNotes, trips } from './trips.table';

export async function connectionsOf(db: DbOrTx, tripId: number) {
  return rowsOf<{ trip_id: number; routs: string | null }>(
    db,
    sql`select c.other as trip_id, (select l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state
        from loads l where l.trip_id = c.other order by l.position limit 1) as routs
      from (select connected_trip_id as other from trip_connections where trip_id = ${tripId}
            union select trip_id from trip_connections where connected_trip_id = ${tripId}) c order by 1`,
  );
}

type StopRow = LoadDetail['locations_pickup'][number] & { load_id: number };

/** Loads with their stops, in trip order: the dialog's and the audit's view of a load. */
export async function loadDetails(db: DbOrTx, ids: number[]): Promise<LoadDetail[]> {
  if (!ids.length) return [];
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const [rows, stops] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select l.id as load_id, l.trip_id, l.position, l.broker_id, b.name as broker_name,
        coalesce(l.broker_number, '') as broker_number, coalesce(l.bol, '') as bol, l.gross_cents,
        l.lumper_cents, l.fuel_surcharge_cents, l.factoring, l.mileage_loaded, l.mileage_empty, l.ppw, l.ppw_created_by,
        to_char(l.ppw_date at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as ppw_date, l.billing,
        l.customer_invoice_id, l.ai_status,
        l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state as routs
      from loads l left join ${brokers} b on b.id = l.broker_id where l.id in (${idList}) order by l.trip_id, l.position, l.id`,
    ),
    rowsOf<StopRow>(
      db,
      sql`select id, load_id, type, position, city_id, city, state, coalesce(zip, '') as zip,
        coalesce(address, '') as address, to_char(at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as at
      from load_stops where load_id in (${idList}) order by load_id, type, position`,
    ),
  ]);
  return rows.map((r) => {
    const gross = Number(r.gross_cents) / 100;
    const miles = Number(r.mileage_loaded) + Number(r.mileage_empty);
    const own = stops.filter((s) => s.load_id === r.load_id).map(({ load_id: _, ...s }) => s);
    return {
      load_id: Number(r.load_id),
      trip_id: Number(r.trip_id),
      position: Number(r.position),
      broker_id: (r.broker_id as number | null) ?? null,
      broker_name: (r.broker_name as string | null) ?? null,
      broker_number: String(r.broker_number),
      bol: String(r.bol),
      gross,
      lumper: Number(r.lumper_cents) / 100,
      fuel_surcharge: Number(r.fuel_surcharge_cents) / 100,
      factoring: Boolean(r.factoring),
      mileage_loaded: Number(r.mileage_loaded),
      mileage_empty: Number(r.mileage_empty),
      rpm: miles ? Math.round((gross / miles) * 100) / 100 : null,
      ppw: Number(r.ppw),
      ppw_created_by: (r.ppw_created_by as number | null) ?? null,
      ppw_date: (r.ppw_date as string | null) ?? null,
      billing: Boolean(r.billing),
      customer_invoice_id: (r.customer_invoice_id as number | null) ?? null,
      ai_status: (r.ai_status as string | null) ?? null,
      routs: (r.routs as string | null) ?? null,
      locations_pickup: own.filter((s) => s.type === 1),
      locations_delivery: own.filter((s) => s.type === 2),
    };
  });
}

export async function tripDetail(db: DbOrTx, auth: Pick<AuthContext, 'user'>, id: number): Promise<TripDetail> {
  const [trip] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select t.id, t.truck_id, t.trailer_id, t.driver_id, t.team_driver_id, t.team_share_bp, t.customer_id, t.dispatcher_id, coalesce(t.notes, '') as notes,
      to_char(t.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at,
      tr.truck_number as truck, tl.trailer_number as trailer, d.name as driver, c.name as customer, u.name as dispatcher
    from trips t left join ${trucks} tr on tr.id = t.truck_id left join ${trailers} tl on tl.id = t.trailer_id
      left join ${drivers} d on d.id = t.driver_id left join ${customers} c on c.id = t.customer_id
      left join users u on u.id = t.dispatcher_id
    where t.id = ${id} and t.company_id = ${auth.user.companyId}`,
  );
  if (!trip) throw AppError.notFound();
  const loadIds = (
    await db.select({ id: loads.id }).from(loads).where(eq(loads.tripId, id)).orderBy(loads.position, loads.id)
  ).map((r) => r.id);
  const [loadRows, files, notes, connections] = await Promise.all([
    loadDetails(db, loadIds),
    tripFiles(db, auth, loadIds),
    rowsOf<TripDetail['notes_rows'][number]>(
      db,
      sql`select n.id, n.text, n.status, u.name as created_by,
        to_char(n.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at
      from trip_notes n left join users u on u.id = n.created_by where n.trip_id = ${id} order by n.id desc`,
    ),
    connectionsOf(db, id),
  ]);
  const text = (k: string) => (trip[k] as string | null) ?? null;
  const num = (k: string) => (trip[k] as number | null) ?? null;
  return {
    trip_id: Number(trip.id),
    truck_id: num('truck_id'),
    trailer_id: num('trailer_id'),
    driver_id: num('driver_id'),
    team_driver_id: num('team_driver_id'),
    team_share: Number(trip.team_share_bp) / 100,
    customer_id: num('customer_id'),
    dispatcher_id: num('dispatcher_id'),
    truck: text('truck'),
    trailer: text('trailer'),
    driver: text('driver'),
    customer: text('customer'),
    dispatcher: text('dispatcher'),
    notes: String(trip.notes),
    created_at: String(trip.created_at),
    loads: loadRows,
    files,
    notes_rows: notes,
    connections,
  };
}

const NEW_FILE_DAYS = 2;

/** Files of the trip's loads; a file added in the last two days is "new" (highlighted, 000 §4). */
export async function tripFiles(
  db: DbOrTx,
  auth: Pick<AuthContext, 'user'>,
  loadIds: number[],
): Promise<TripDetail['files']> {
  if (!loadIds.length) return [];
  const rows = await rowsOf<{
    id: number;
    entity_id: string;
    category: string | null;
    doc_type: string | null;
    original_name: string;
    mime: string;
    created_at: string;
    fresh: boolean;
  }>(
    db,
    sql`select id, entity_id, category, doc_type, original_name, mime, to_char(created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at,
      created_at > ${SQL_NOW} - make_interval(days => ${NEW_FILE_DAYS}) as fresh
    from files where company_id = ${auth.user.companyId} and entity = 'loads'
      and entity_id in (${sql.join(
        loadIds.map((i) => sql`${String(i)}`),
        sql`, `,
      )}) order by id desc`,
  );
  const previewable = /^(image\/(png|jpeg|bmp|gif)|application\/pdf)$/;
  return rows.map((f) => ({
    id: Number(f.id),
    load_id: Number(f.entity_id),
    category: f.category,
    type: f.doc_type,
    name: f.original_name,
    mime: f.mime,
    url: `/api/files/${f.id}/download`,
    preview_url: previewable.test(f.mime) ? `/api/files/${f.id}/preview` : null,
    created_at: f.created_at,
    status: f.fresh ? 'new' : 'seen',
  }));
}

/** GET /trips/:id: the trip dialog's data. */
export async function getTrip(db: DbOrTx, auth: AuthContext, id: number): Promise<TripDetail> {
  await findTrip(db, auth, id);
  return tripDetail(db, auth, id);
}

const HISTORY_LIMIT = 200;

/** The fields an audited update changed: keys whose values differ between before and after. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !['updated_at', 'updatedAt'].includes(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .sort();
}

/** What the history answers for each audit entity it reads (the contract's words, which the web labels). */
const HISTORY_KIND: Record<string, string> = {
  [auditEntity(trips)]: 'trip',
  [auditEntity(loads)]: 'load',
  [auditEntity(tripNotes)]: 'trip_note',
  [auditEntity(tripConnections)]: 'trip_connection',
};

/**
 * GET /trips/:id/detail: the trip (its loads, stops, files, notes), each load's billing and customer
 * invoice, the payments received on those invoices, and the change history from the audit table
 * (the trip, its loads, notes and connections), newest first. Same scope as GET /trips/:id.
 */
export async function getTripDetailView(db: DbOrTx, auth: AuthContext, id: number): Promise<TripDetailView> {
  const trip = await getTrip(db, auth, id);
  const loadIds = trip.loads.map((l) => l.load_id);
  const invoiceIds = [...new Set(trip.loads.map((l) => l.customer_invoice_id).filter((v): v is number => v !== null))];
  const c = auth.user.companyId;
  const [invoices, payments, history] = await Promise.all([
    tripReceivables('invoices', db, c, invoiceIds),
    tripReceivables('payments', db, c, invoiceIds),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select a.at, u.name as user, a.entity, a.entity_id, a.action, a.before, a.after from audit_log a
        left join users u on u.id = a.user_id
        where a.company_id = ${c} and (
          (a.entity = ${auditEntity(trips)} and a.entity_id = ${String(id)})
          or (a.entity = ${auditEntity(loads)} and a.entity_id in (${sql.join(
            [...loadIds.map((l) => sql`${String(l)}`), sql`''`],
            sql`, `,
          )}))
          or (a.entity = ${auditEntity(tripNotes)} and coalesce(a.after, a.before)->>'tripId' = ${String(id)})
          or (a.entity = ${auditEntity(tripConnections)} and (a.entity_id like ${`${id}-%`} or a.entity_id like ${`%-${id}`})))
        order by a.at desc, a.id desc limit ${HISTORY_LIMIT}`,
    ),
  ]);
  const invoiceById = new Map(invoices.map((i) => [Number(i.id), i]));
  const dollars = (v: unknown) => Number(v ?? 0) / 100;
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));
  return {
    trip,
    money: trip.loads.map((l) => {
      const inv = l.customer_invoice_id === null ? undefined : invoiceById.get(l.customer_invoice_id);
      return {
        load_id: l.load_id,
        billing: l.billing,
        ppw: l.ppw === 1,
        invoice: inv
          ? {
              id: Number(inv.id),
              status: String(inv.status),
              from: String(inv.from),
              to: String(inv.to),
              total: dollars(inv.total_cents),
              paid: dollars(inv.paid_cents),
              due: dollars(inv.due_cents),
              sent_at: iso(inv.sent_at),
            }
          : null,
      };
    }),
    payments: payments.map((p) => ({
      id: Number(p.id),
      invoice_id: Number(p.invoice_id),
      paid_on: String(p.paid_on),
      amount: dollars(p.amount_cents),
      method: String(p.method),
    })),
    history: history.map((h) => ({
      at: iso(h.at) ?? '',
      user: h.user === null ? null : String(h.user),
      entity: HISTORY_KIND[String(h.entity)] ?? String(h.entity),
      entity_id: String(h.entity_id),
      action: String(h.action),
      fields: h.action === 'update' ? changedFields(h.before, h.after) : [],
    })),
  };
}

/** POST /trips/filters: the selects of the dialog and the list filters, from the registries. */
export async function tripFilters(db: DbOrTx, auth: AuthContext): Promise<TripFilters> {
  const c = auth.user.companyId;
  const q = (query: SQL) => rowsOf<{ value: number; label: string }>(db, query);
  const [truckRows, trailerRows, trailerTypeRows, driverRows, customerRows, dispatchers, brokerRows] =
    await Promise.all([
      rowsOf<{ value: number; label: string; trailer_id: number | null; driver_id: number | null }>(
        db,
        sql`select id as value, truck_number as label, trailer_id, driver_id from ${trucks}
        where company_id = ${c} and status = 'active' order by truck_number`,
      ),
      q(
        sql`select id as value, trailer_number as label from ${trailers} where company_id = ${c} order by trailer_number`,
      ),
      q(sql`select id as value, name as label from ${trailerTypes} where company_id = ${c} order by name`),
      q(sql`select id as value, name as label from ${drivers} where company_id = ${c} order by name`),
      q(sql`select id as value, name as label from ${customers} where company_id = ${c} order by name`),
      q(sql`select u.id as value, u.name as label from users u left join departments d on d.id = u.department_id
      where u.company_id = ${c} and u.active and (d.name = 'Dispatch' or u.role = 2) order by u.name`),
      q(sql`select id as value, name as label from ${brokers} where company_id = ${c} order by name limit 1000`),
    ]);
  const scopedDispatchers = seesAllTrips(auth) ? dispatchers : dispatchers.filter((d) => d.value === auth.user.id);
  const offered = scopedDispatchers.length ? scopedDispatchers : [{ value: auth.user.id, label: auth.user.name }];
  const preset = (await readSystemSettings(db, c)).dispatcher.default_dispatcher_id;
  // A dispatcher's own trips are theirs; others start with the company's default dispatcher.
  const own = offered.length === 1 ? (offered[0]?.value ?? null) : null;
  return {
    trucks: truckRows,
    trailers: trailerRows,
    trailer_types: trailerTypeRows,
    drivers: driverRows,
    customers: customerRows,
    dispatchers: offered,
    brokers: brokerRows,
    defaults: { dispatcher_id: own ?? (offered.some((d) => d.value === preset) ? preset : null) },
  };
}

/** POST /filterLoads: loads in the caller's scope by load or trip id, broker number or BOL. */
export async function lookupLoads(db: DbOrTx, auth: AuthContext, q: { search: string; limit: number }) {
  const text = q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const numeric = /^\d{1,9}$/.test(q.search) ? Number(q.search) : null;
  const match = q.search
    ? sql`and (${numeric !== null ? sql`loads.id = ${numeric} or loads.trip_id = ${numeric} or ` : sql``}
        loads.broker_number ilike ${`${text}%`} or loads.bol ilike ${`${text}%`})`
    : sql``;
  return rowsOf<{
    load_id: number;
    trip_id: number;
    broker_number: string | null;
    bol: string | null;
    routs: string | null;
  }>(
    db,
    sql`select loads.id as load_id, loads.trip_id, loads.broker_number, loads.bol,
      loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state as routs
    from loads where ${tripsScope(auth.user)} ${match} order by loads.delivery_at desc nulls last, loads.id desc limit ${q.limit}`,
  );
}

/** POST /location: a location from a zip code, or from a city and state (the cities table). */
export async function findLocation(db: DbOrTx, q: { zip: string; city: string; state: string }) {
  const where = q.zip
    ? sql`(',' || replace(zip_codes, ' ', '') || ',') like ${`%,${q.zip},%`}`
    : sql`lower(city) = lower(${q.city}) and state = ${q.state}`;
  const [row] = await rowsOf<{ id: number; city: string; state: string; zip_codes: string }>(
    db,
    sql`select id, city, state, zip_codes from ${cities} where ${where} order by id limit 1`,
  );
  if (!row) throw AppError.notFound('No city matches this location.');
  const zip = q.zip || row.zip_codes.split(',')[0]?.trim() || '';
  return { state_id: row.state, city_id: row.id, zip_code: zip, city: row.city, state: row.state };
}

/** POST /states: the states of the cities table, for the stop's state select. */
export async function listStates(db: DbOrTx) {
  const rows = await rowsOf<{ state: string }>(db, sql`select distinct state from ${cities} order by state`);
  return rows.map((r) => ({ value: r.state, label: r.state }));
}

/** The load when the caller may see its trip (PPW calls). */
export const loadInScope = (db: DbOrTx, auth: AuthContext, loadId: number) => findLoad(db, auth, loadId);
