// The bench's baseline: a bare node:http server that answers the bench's requests with
// hand-written SQL — no framework, no validation library, no list engine, no job queue — on the
// same database. Its answers must equal the app's byte for byte (the bench checks every scenario),
// so the gap between the two is what the app's layers cost. Plain JavaScript run by plain node: no
// TypeScript compiler at run time, nothing loaded that the bench's calls do not use.
//
// Calls it answers (only the request shapes the bench sends):
//   POST /api/version                 readiness
//   POST /api/login                   argon2 check, a session row (sha256 of an opaque token)
//   POST /api/trips/list              a page of the trips list with totals, as the app answers it
//   POST /api/trips/export            XLSX or CSV of the trips list, keyset batches, as a "job"
//   GET  /api/jobs/:id                the job's state
//   GET  /api/files/:id/download      the exported file
//   POST /api/generate-invoice        invoice generation, set-based, in one transaction
//
// Environment: BARE_PORT (0: any), BARE_DATABASE_URL (a PostgreSQL server) or BARE_PGLITE_DIR
// (a PGlite data folder), BARE_FILES_DIR (where exports are written).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const TZ = 'America/Chicago';
const SECTION_TRIPS = 18;
const ACTION_EXPORT = 72;
const VIEW_ALL_TRIPS = 1001;
const PAGE_SIZE_ALL = 99999999;
const LIST_ROW_CAP = 50_000;
const EXPORT_BATCH = 5000;
const SESSION_SECONDS = 8 * 3600;

// ---------------------------------------------------------------- database

const parsers = { 1082: (v) => v, 20: (v) => Number(v) };

async function openDatabase() {
  if (process.env.BARE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    // The app's pool settings (packages/server/src/db/client.ts): ten connections, no JIT (the
    // 'All' statement's estimate would JIT-compile it for ~1.5 s).
    const pool = new pg.Pool({
      connectionString: process.env.BARE_DATABASE_URL,
      max: 10,
      options: '-c jit=off',
      types: { getTypeParser: (oid, format) => parsers[oid] ?? pg.types.getTypeParser(oid, format) },
    });
    pool.on('error', () => {});
    const query = async (text, params) => (await pool.query(text, params)).rows;
    return {
      query,
      async tx(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const out = await work(async (text, params) => (await client.query(text, params)).rows);
          await client.query('commit');
          return out;
        } catch (err) {
          await client.query('rollback').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: process.env.BARE_PGLITE_DIR, parsers });
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    tx: (work) => db.transaction((t) => work(async (text, params) => (await t.query(text, params)).rows)),
  };
}

const db = await openDatabase();

// ---------------------------------------------------------------- the trips list, by hand

// The table columns' metadata the app answers (`columns`): id, title, filter, footer, and flags.
const column = (id, title, filter, format, o = {}) => ({
  id,
  title,
  filter,
  sortable: true,
  footer: o.footer ?? null,
  dollar: format === 'money',
  miles: format === 'miles',
  hidden: Boolean(o.hidden),
  clip: o.clip ?? null,
  align: o.align ?? (format === 'money' || format === 'miles' ? 'right' : 'left'),
  format,
  // Declared, else 2 for money and a status, 4 for the rest (the first column's is declared: 1).
  priority: o.priority ?? (format === 'money' || /(^|_)status$/.test(id) ? 2 : 4),
});
const COLUMNS = [
  column('trip_id', 'Trip', 'number', 'id', { footer: 'unique', priority: 1 }),
  column('load_id', 'Load', 'number', 'id', { footer: 'count', priority: 2 }),
  column('routs', 'Route', 'address', 'text', { clip: 48, priority: 3 }),
  column('pick_up_datetime', 'Pick up', 'date', 'datetime', { priority: 5 }),
  column('delivery_datetime', 'Delivery', 'date', 'datetime', { priority: 3 }),
  column('customer', 'Customer', 'list', 'text', { clip: 28, priority: 2 }),
  column('broker_name', 'Broker', 'list', 'text', { clip: 28, priority: 4 }),
  column('broker_number', 'Broker #', 'note', 'text', { priority: 6 }),
  column('gross', 'Gross', 'number', 'money', { footer: 'sum' }),
  column('dispatcher', 'Dispatcher', 'list', 'text', { priority: 5 }),
  column('bol', 'BOL', 'note', 'text', { priority: 6 }),
  column('invoice', 'Invoice', 'options', 'text', { priority: 5 }),
  column('factoring', 'Factoring', 'options', 'text', { priority: 6 }),
  column('ppw_url', 'PPW', 'options', 'text', { priority: 6 }),
  column('rpm', 'RPM', 'number', 'number', { align: 'right', priority: 4 }),
  column('mileage_total', 'Total miles', 'number', 'miles', { footer: 'sum', priority: 4 }),
  column('pick_up_mileage', 'Loaded miles', 'number', 'miles', { footer: 'sum', priority: 6 }),
  column('mileage_empty', 'Empty miles', 'number', 'miles', { footer: 'sum', priority: 6 }),
  column('created_at', 'Created', 'date', 'datetime', { hidden: true }),
  column('customer_invoice', 'Customer invoice', 'number', 'number', { hidden: true }),
  column('dispatcher_statement', 'Dispatcher statement', 'number', 'number', { hidden: true }),
  column('ai_status', 'AI status', 'list', 'text', { hidden: true }),
  column('truck', 'Truck', 'list', 'text', { hidden: true }),
  column('trailer', 'Trailer', 'list', 'text', { hidden: true }),
  column('trailer_type', 'Trailer type', 'list', 'text', { hidden: true }),
  column('driver', 'Driver', 'list', 'text', { hidden: true }),
];
/** What the app's search box covers (its placeholder): the searched columns, then the other targets. */
const SEARCH_FIELDS = [
  'Customer',
  'Broker',
  'Broker #',
  'BOL',
  'Stop city or state',
  'Driver',
  'Truck',
  'Trailer',
  'Load #',
  'Trip #',
  'Invoice #',
];

const shown = (expr) => `to_char(${expr} at time zone '${TZ}', 'YYYY-MM-DD HH24:MI')`;

// Every column of a row, in the app's order (the JSON keys' order), from the page's loads joined
// to the registries: what the list answers, written once by hand. PostgreSQL writes each row's JSON
// itself (row_to_json: the same keys, numbers and escapes JSON.stringify writes), so no row becomes
// a JavaScript object on the list's path; gross leaves as float8 dollars (cents / 100, the same
// IEEE division the app does).
const rowSelect = (gross, names = { customer: 'c.name', broker: 'b.name', dispatcher: 'u.name' }) => `
  l.trip_id, l.id as load_id,
  l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state as routs,
  ${shown('l.pickup_at')} as pick_up_datetime, ${shown('l.delivery_at')} as delivery_datetime,
  ${names.customer} as customer, ${names.broker} as broker_name, l.broker_number, ${gross} as gross,
  ${names.dispatcher} as dispatcher, l.bol,
  case when l.customer_invoice_id is not null then 'Exist' else 'Not exist' end as invoice,
  case when l.factoring then 'Yes' else 'No' end as factoring,
  case when l.ppw = 1 then 'PPW exist' else 'PPW not exist' end as ppw_url,
  round(l.gross_cents / 100.0 / nullif(l.mileage_loaded + l.mileage_empty, 0), 2)::float8 as rpm,
  l.mileage_loaded + l.mileage_empty as mileage_total, l.mileage_loaded as pick_up_mileage, l.mileage_empty`;
const ROW_JOINS = `
  left join customers c on c.id = l.customer_id
  left join brokers b on b.id = l.broker_id
  left join users u on u.id = l.dispatcher_id`;

/** The columns after the registries' (the hidden ones and the data the web reads), by how they are read. */
const rowTail = (t) => `,
  ${shown('l.created_at')} as created_at, l.customer_invoice_id as customer_invoice, ${t.statement} as dispatcher_statement,
  l.ai_status, ${t.truck} as truck, ${t.trailer} as trailer, ${t.trailerType} as trailer_type, ${t.driver} as driver,
  l.billing, l.trip_id as trip_ids, l.ppw, ${t.tripLoads} as trip_loads, ${t.tripHighlight} as trip_highlight`;

/**
 * One page of the list as JSON text: the page's loads (in the list's order, limit and offset),
 * each row's JSON written by PostgreSQL. Up to 100 rows (the app's engine switches at the same
 * size) the registries and the per-trip figures are scalar lookups: ~0.5 ms to plan against 2–5
 * for the joins, and a few index probes a row. Beyond, one set-based statement: the registries
 * joined as the planner likes, and the loads in each trip, the trips with new notes and the
 * dispatchers' statement lines read once for the page's trips and loads instead of once per row.
 * $1 company, $2/$3 the window, then the caller's scope; limit and offset are the last two.
 */
function pageJsonSql(where, n, limit) {
  const page = `page as (
    select l.* from loads l where ${where} order by l.delivery_at desc, l.id desc limit $${n + 1} offset $${n + 2})`;
  const statementLine = `pl.company_id = l.company_id and pl.kind = 'dispatcher' and pl.source = 'load' and pl.source_key = l.id::text`;
  if (limit <= 100) {
    const one = (expr, table, on) => `(select ${expr} from ${table} where ${on})`;
    return `
  with ${page}
  select row_to_json(x)::text as j from (
    select ${rowSelect('l.gross_cents::float8 / 100', {
      customer: one('c.name', 'customers c', 'c.id = l.customer_id'),
      broker: one('b.name', 'brokers b', 'b.id = l.broker_id'),
      dispatcher: one('u.name', 'users u', 'u.id = l.dispatcher_id'),
    })}${rowTail({
      statement: one('pl.statement_id', 'pay_statement_lines pl', statementLine),
      truck: one('tk.truck_number', 'trucks tk', 'tk.id = l.truck_id'),
      trailer: one('tl.trailer_number', 'trailers tl', 'tl.id = l.trailer_id'),
      trailerType: one(
        'tt.name',
        'trailers tl join trailer_types tt on tt.id = tl.trailer_type_id',
        'tl.id = l.trailer_id',
      ),
      driver: one('dr.name', 'drivers dr', 'dr.id = l.driver_id'),
      tripLoads: one('count(*)::int', 'loads l2', 'l2.trip_id = l.trip_id'),
      tripHighlight: `exists ${one('1', 'trip_notes tn', "tn.trip_id = l.trip_id and tn.status in ('new', 'edit')")}`,
    })}
    from page l
    order by l.delivery_at desc, l.id desc) x`;
  }
  return `
  with ${page},
  trip_loads as (
    select l2.trip_id, count(*)::int as n from loads l2 where l2.trip_id in (select trip_id from page) group by 1),
  trip_notes_new as (
    select distinct tn.trip_id from trip_notes tn where tn.trip_id in (select trip_id from page) and tn.status in ('new', 'edit'))
  select row_to_json(x)::text as j from (
    select ${rowSelect('l.gross_cents::float8 / 100')}${rowTail({
      statement: 'pl.statement_id',
      truck: 'tk.truck_number',
      trailer: 'tl.trailer_number',
      trailerType: 'tt.name',
      driver: 'dr.name',
      tripLoads: 'coalesce(tc.n, 0)',
      tripHighlight: 'nn.trip_id is not null',
    })}
    from page l ${ROW_JOINS}
      left join trucks tk on tk.id = l.truck_id
      left join trailers tl on tl.id = l.trailer_id
      left join trailer_types tt on tt.id = tl.trailer_type_id
      left join drivers dr on dr.id = l.driver_id
      left join pay_statement_lines pl on ${statementLine}
      left join trip_loads tc on tc.trip_id = l.trip_id
      left join trip_notes_new nn on nn.trip_id = l.trip_id
    order by l.delivery_at desc, l.id desc) x`;
}

/** WHERE of the trips list for a caller and a delivery window ($1 company, $2 from, $3 to). */
function tripsWhere(caller, params) {
  let where = `l.company_id = $1 and l.delivery_at >= ($2::date)::timestamp at time zone '${TZ}'
    and l.delivery_at < (($3::date + 1)::timestamp at time zone '${TZ}')`;
  if (caller.customer_id) {
    params.push(caller.customer_id);
    where += ` and l.customer_id = $${params.length}`;
  }
  if (!caller.all_permissions && !caller.view_all) {
    params.push(caller.id);
    where += ` and l.dispatcher_id = $${params.length}`;
  }
  return where;
}

/** The caller, its trips grants and its saved trips columns, in one query; null for a bad token. */
async function authenticate(req) {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) return null;
  const [row] = await db.query(
    `select u.id, u.company_id, u.customer_id, coalesce(r.all_permissions, false) as all_permissions,
       exists (select 1 from role_permissions p where p.role_id = u.permission_role_id and p.section_id = $2 and p.action_id = 0) as trips,
       exists (select 1 from role_permissions p where p.role_id = u.permission_role_id and p.section_id = $2 and p.action_id = $3) as export,
       exists (select 1 from role_permissions p where p.role_id = u.permission_role_id and p.section_id = $2 and p.action_id = $4) as view_all,
       (select ls.settings from list_settings ls where ls.user_id = u.id and ls.section = 'trips') as settings
     from sessions s join users u on u.id = s.user_id left join roles r on r.id = u.permission_role_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active`,
    [createHash('sha256').update(token).digest('hex'), SECTION_TRIPS, ACTION_EXPORT, VIEW_ALL_TRIPS],
  );
  return row ?? null;
}

/** Saved settings kept in step with the columns (unknown ones dropped, new ones appended), as the app does. */
function normalizeSettings(saved) {
  if (!saved) return null;
  const known = new Map(COLUMNS.map((c) => [c.id, c]));
  const seen = new Set();
  const columns = saved.columns.filter((c) => known.has(c.id) && !seen.has(c.id) && seen.add(c.id));
  for (const c of known.values()) if (!seen.has(c.id)) columns.push({ id: c.id, visible: !c.hidden, width: null });
  return { columns };
}

/** The request shapes the bench sends: a delivery window, a page size and a page. */
function readListRequest(body) {
  const window = body?.filters?.delivery_datetime;
  const extra = Object.keys(body?.filters ?? {}).filter((k) => k !== 'delivery_datetime');
  if (!window?.from || !window?.to || extra.length || body.search || body.sort || body.order || body.with_options) {
    throw Object.assign(new Error('The bare server answers only the bench requests.'), { status: 400 });
  }
  return { window, limit: Number(body.limit ?? 15), page: Number(body.page ?? 1) };
}

/** 'All' in batches of this many rows, at most two statements at once (as the app's engine does). */
const ALL_BATCH = 8000;
const ALL_CONCURRENCY = 2;

/**
 * Every row of 'All' (at most LIST_ROW_CAP) as JSON texts, in order: the first batch starts at once,
 * beside one index-only read of where each later batch starts (every ALL_BATCH-th row's key); the
 * later batches then run by keyset, two at a time on their own connections, and are put in order.
 */
async function allRowsJson(where, params) {
  const n = params.length;
  const batch = (after, limit) =>
    db
      .query(
        pageJsonSql(
          after ? `${where} and (l.delivery_at, l.id) < ($${n + 3}::timestamptz, $${n + 4}::int)` : where,
          n,
          limit,
        ),
        after ? [...params, limit, 0, after.at, after.id] : [...params, limit, 0],
      )
      .then((r) => r.map((x) => x.j));
  const first = batch(null, ALL_BATCH);
  first.catch(() => {});
  const cursors = await db.query(
    `select k.at, k.id from (
       select l.delivery_at::text as at, l.id, row_number() over (order by l.delivery_at desc, l.id desc) as rn
       from loads l where ${where} order by l.delivery_at desc, l.id desc limit ${LIST_ROW_CAP - 1}) k
     where k.rn % ${ALL_BATCH} = 0 order by k.rn`,
    params,
  );
  const results = [first];
  let next = 0;
  // Two lanes: one takes the next batch when the first is in, the other at once.
  const lane = async (after) => {
    await after;
    while (next < cursors.length) {
      const i = next++;
      results[i + 1] = batch(cursors[i], Math.min(ALL_BATCH, LIST_ROW_CAP - (i + 1) * ALL_BATCH));
      await results[i + 1];
    }
  };
  await Promise.all([lane(first), ...Array.from({ length: ALL_CONCURRENCY - 1 }, () => lane(null))]);
  return (await Promise.all(results)).flat();
}

async function tripsList(caller, body) {
  const { window, limit, page } = readListRequest(body);
  const all = limit >= PAGE_SIZE_ALL;
  const params = [caller.company_id, window.from, window.to];
  const where = tripsWhere(caller, params);
  const n = params.length;
  const [rows, [totals]] = await Promise.all([
    all
      ? allRowsJson(where, params)
      : db.query(pageJsonSql(where, n, limit), [...params, limit, (page - 1) * limit]).then((r) => r.map((x) => x.j)),
    db.query(
      `select count(*) as total, count(distinct l.trip_id) as trip_id, count(*) as load_id,
         coalesce(sum(l.gross_cents), 0) as gross, coalesce(sum(l.mileage_loaded + l.mileage_empty), 0) as mileage_total,
         coalesce(sum(l.mileage_loaded), 0) as pick_up_mileage, coalesce(sum(l.mileage_empty), 0) as mileage_empty
       from loads l where ${where}`,
      params,
    ),
  ]);
  const total = Number(totals.total);
  const rest = JSON.stringify({
    limit,
    order: 'desc',
    sort: 'delivery_datetime',
    page: all ? 1 : page,
    total,
    sum: {
      trip_id: Number(totals.trip_id),
      load_id: Number(totals.load_id),
      gross: Number(totals.gross) / 100,
      mileage_total: Number(totals.mileage_total),
      pick_up_mileage: Number(totals.pick_up_mileage),
      mileage_empty: Number(totals.mileage_empty),
    },
    filter: {},
    settings: normalizeSettings(caller.settings),
    columns: COLUMNS,
    notice:
      all && total > LIST_ROW_CAP
        ? `Showing the first ${LIST_ROW_CAP.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows. Narrow the filters, or use Export for every row.`
        : null,
    can_export: Boolean(caller.all_permissions || (caller.trips && caller.export)),
    search_fields: SEARCH_FIELDS,
    // The request names its own window (no default filter applies), keeps no rows, searches nothing.
    defaults: {},
    kept: [],
    outside: null,
    date_filter: window,
  });
  // The answer's text: the rows' JSON as PostgreSQL wrote it, then the other keys.
  return new RawJson(`{"rows":[${rows.join(',')}],${rest.slice(1)}`);
}

// ---------------------------------------------------------------- export (the app's file, by hand)

// The visible columns in the app's order, with the kind (format) the app exports each as and its footer.
const EXPORT_COLUMNS = [
  ['trip_id', 'Trip', 'id', 'unique'],
  ['load_id', 'Load', 'id', 'count'],
  ['routs', 'Route', 'text'],
  ['pick_up_datetime', 'Pick up', 'datetime'],
  ['delivery_datetime', 'Delivery', 'datetime'],
  ['customer', 'Customer', 'text'],
  ['broker_name', 'Broker', 'text'],
  ['broker_number', 'Broker #', 'text'],
  ['gross', 'Gross', 'money', 'sum'],
  ['dispatcher', 'Dispatcher', 'text'],
  ['bol', 'BOL', 'text'],
  ['invoice', 'Invoice', 'text'],
  ['factoring', 'Factoring', 'text'],
  ['ppw_url', 'PPW', 'text'],
  ['rpm', 'RPM', 'number'],
  ['mileage_total', 'Total miles', 'miles', 'sum'],
  ['pick_up_mileage', 'Loaded miles', 'miles', 'sum'],
  ['mileage_empty', 'Empty miles', 'miles', 'sum'],
].map(([id, title, kind, footer]) => ({ id, title, kind, footer }));

const escapeFormula = (v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const NUMERIC = new Set(['id', 'money', 'miles', 'number']);
/** The list's date-times are company wall-clock text ("2026-03-01 14:05"). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Decimals a figure has, read to 6 places (beyond is a float's noise), and the figure without the noise. */
const decimalsOf = (n) => {
  if (!Number.isFinite(n)) return 0;
  const text = n.toFixed(6).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};
const exactNumber = (n) => Number(n.toFixed(decimalsOf(n)));

/** A cell for the column's kind: numbers as numbers, date-times as spreadsheet dates (XLSX) or as written (CSV). */
function cellValue(kind, v, forXlsx) {
  if (v === null || v === undefined) return null;
  if (NUMERIC.has(kind)) {
    const n = typeof v === 'number' ? v : Number(v);
    if (v !== '' && Number.isFinite(n)) return exactNumber(n);
  }
  if (kind === 'datetime') {
    const w = WALL_CLOCK.exec(String(v));
    if (w && forXlsx) return new Date(Date.UTC(+w[1], +w[2] - 1, +w[3], +w[4], +w[5]));
    if (w) return `${w[1]}-${w[2]}-${w[3]} ${w[4]}:${w[5]}`;
  }
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return escapeFormula(typeof v === 'object' ? JSON.stringify(v) : String(v));
}
const totalsRow = (totals) =>
  EXPORT_COLUMNS.map((c, i) => {
    const t = totals[c.id];
    if (t !== undefined) return exactNumber(t);
    return i === 0 ? 'Total' : null;
  });
/** The cell's number format, by its kind and its own decimals (money at least 2); the column's without a value. */
const fixed = (d) => `#,##0${d > 0 ? `.${'0'.repeat(d)}` : ''}`;
function numFmt(kind, v) {
  const d = typeof v === 'number' ? decimalsOf(v) : 0;
  switch (kind) {
    case 'id':
      return '0';
    case 'money':
      return `"$"${fixed(Math.max(2, d))};[Red]-"$"${fixed(Math.max(2, d))}`;
    case 'miles':
      return `${fixed(d)} "mi"`;
    case 'number':
      return fixed(d);
    case 'datetime':
      return 'yyyy-mm-dd hh:mm';
    default:
      return undefined;
  }
}
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** How wide a cell reads, as the table shows it (sets the column widths from the first rows). */
function shownLength(c, v) {
  if (v === null || v === undefined || v === '') return 0;
  const n = Number(v);
  switch (c.kind) {
    case 'money':
      return (n < 0 && cents.format(-n) !== '0.00' ? 2 : 1) + cents.format(Math.abs(n)).length;
    case 'miles':
      return grouped.format(n).length + 3;
    case 'number':
      return typeof v === 'number' ? grouped.format(v).length : String(v).length;
    default:
      return String(v).length;
  }
}
const WIDTH_SAMPLE = 200;
const columnLetter = (n) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/**
 * exceljs pipes each committed row into the zip without waiting; rows wait here while more than
 * 64 KB is queued uncompressed (the same back-pressure as the app's writer: memory, not speed).
 */
function zipCaughtUp(sheet) {
  const pipe = sheet.stream?.pipes?.[0];
  const queued = (pipe?._writableState?.length ?? 0) + (pipe?._readableState?.length ?? 0);
  if (!pipe || queued <= 1 << 16) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      for (const e of ['drain', 'error', 'close']) pipe.removeListener(e, done);
      resolve();
    };
    for (const e of ['drain', 'error', 'close']) pipe.once(e, done);
  });
}

/**
 * XLSX as the app writes it: frozen header, widths from the first 200 rows, auto-filter, SUM
 * totals, each cell's number format by its value. Only exceljs' streaming writer is loaded, and
 * each cell's style is one shared object per format: exceljs remembers a style by its object, so
 * 100,000 rows cost a few style lookups instead of one per cell.
 */
async function xlsxWriter(path) {
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  const workbook = new WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Trips', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  const styles = new Map();
  const noStyle = {};
  const styleOf = (kind, v) => {
    const fmt = numFmt(kind, v);
    if (!fmt) return noStyle;
    let style = styles.get(fmt);
    if (!style) {
      style = { numFmt: fmt };
      styles.set(fmt, style);
    }
    return style;
  };
  let sample = [];
  let lastRow = 1;
  const writeRow = (row) => {
    const values = EXPORT_COLUMNS.map((c) => cellValue(c.kind, row[c.id], true));
    const added = sheet.addRow(values);
    added.eachCell({ includeEmpty: true }, (cell, i) => {
      cell.style = styleOf(EXPORT_COLUMNS[i - 1].kind, values[i - 1]);
    });
    added.commit();
    lastRow++;
  };
  const start = () => {
    const rows = sample;
    sample = null;
    sheet.columns = EXPORT_COLUMNS.map((c) => {
      const longest = rows.reduce((m, r) => Math.max(m, shownLength(c, r[c.id])), c.title.length + 3);
      const fmt = numFmt(c.kind, undefined);
      return { key: c.id, width: Math.min(Math.max(longest + 2, 8), 60), ...(fmt ? { style: { numFmt: fmt } } : {}) };
    });
    const header = sheet.addRow(EXPORT_COLUMNS.map((c) => escapeFormula(c.title)));
    header.font = { bold: true };
    header.commit();
    for (const r of rows) writeRow(r);
  };
  return {
    add(row) {
      if (!sample) {
        writeRow(row);
        return lastRow % 256 === 0 ? zipCaughtUp(sheet) : undefined;
      }
      sample.push(row);
      if (sample.length >= WIDTH_SAMPLE) start();
    },
    async finish(totals) {
      if (sample) start();
      const dataEnd = lastRow;
      sheet.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: Math.max(1, dataEnd), column: EXPORT_COLUMNS.length },
      };
      const values = totalsRow(totals).map((v, i) => {
        const c = EXPORT_COLUMNS[i];
        if (typeof v !== 'number' || c.footer !== 'sum' || dataEnd < 2) return v;
        const col = columnLetter(i + 1);
        return { formula: `SUM(${col}2:${col}${dataEnd})`, result: v };
      });
      const r = sheet.addRow(values);
      r.eachCell({ includeEmpty: true }, (cell, i) => {
        const c = EXPORT_COLUMNS[i - 1];
        const t = totals[c.id];
        const fmt = typeof t === 'number' ? numFmt(c.kind, exactNumber(t)) : undefined;
        cell.style = { ...(fmt ? { numFmt: fmt } : {}), font: { bold: true } };
      });
      r.commit();
      sheet.commit();
      await workbook.commit();
    },
  };
}

const csvField = (v) => {
  if (v === null) return '';
  const s = typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvMoney = (c, v) => (c.kind === 'money' && typeof v === 'number' ? v.toFixed(Math.max(2, decimalsOf(v))) : v);
function csvWriter(path) {
  const out = createWriteStream(path);
  const line = (cells) => `${cells.map(csvField).join(',')}\r\n`;
  const write = async (s) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  out.write(`\uFEFF${line(EXPORT_COLUMNS.map((c) => escapeFormula(c.title)))}`);
  return {
    add: (row) => write(line(EXPORT_COLUMNS.map((c) => csvMoney(c, cellValue(c.kind, row[c.id], false))))),
    async finish(totals) {
      await write(line(totalsRow(totals).map((v, i) => csvMoney(EXPORT_COLUMNS[i], v))));
      out.end();
      await once(out, 'close');
    },
  };
}

const jobs = new Map();
const files = new Map();
const filesDir = process.env.BARE_FILES_DIR ?? join(process.cwd(), 'bare-files');
await mkdir(filesDir, { recursive: true });

/**
 * Rows in the list's order, keyset batches: each batch starts after the last row of the one before,
 * and is asked for as soon as that row is known, so the database reads it while this one is written.
 */
async function* exportRows(caller, window) {
  const params = [caller.company_id, window.from, window.to];
  const where = tripsWhere(caller, params);
  const n = params.length;
  const batch = (after) =>
    db.query(
      `select ${rowSelect('l.gross_cents')}, l.delivery_at::text as key_at
       from loads l ${ROW_JOINS}
       where ${where} ${after ? `and (l.delivery_at, l.id) < ($${n + 1}::timestamptz, $${n + 2}::int)` : ''}
       order by l.delivery_at desc, l.id desc limit ${EXPORT_BATCH}`,
      after ? [...params, after.key_at, after.load_id] : params,
    );
  let next = batch(null);
  while (next) {
    const rows = await next;
    next = rows.length < EXPORT_BATCH ? null : batch(rows[rows.length - 1]);
    for (const r of rows) {
      if (r.gross !== null) r.gross = r.gross / 100;
      yield r;
    }
  }
}

async function startExport(caller, body) {
  const window = body?.filters?.delivery_datetime;
  const format = body?.format === 'csv' ? 'csv' : 'xlsx';
  if (!window?.from || !window?.to) throw Object.assign(new Error('A delivery window is needed.'), { status: 400 });
  const params = [caller.company_id, window.from, window.to];
  const [totals] = await db.query(
    `select count(*) as total, coalesce(sum(l.gross_cents), 0) as gross,
       coalesce(sum(l.mileage_loaded + l.mileage_empty), 0) as mileage_total,
       coalesce(sum(l.mileage_loaded), 0) as pick_up_mileage, coalesce(sum(l.mileage_empty), 0) as mileage_empty
     from loads l where ${tripsWhere(caller, params)}`,
    params,
  );
  const job = { id: randomUUID(), name: 'export.list', status: 'running', done: 0, total: Number(totals.total) };
  jobs.set(job.id, job);
  const fileId = files.size + 1;
  const path = join(filesDir, `${job.id}.${format}`);
  (async () => {
    const writer = format === 'xlsx' ? await xlsxWriter(path) : csvWriter(path);
    for await (const row of exportRows(caller, window)) {
      const wait = writer.add(row);
      if (wait) await wait;
      job.done++;
    }
    await writer.finish({
      gross: Number(totals.gross) / 100,
      mileage_total: Number(totals.mileage_total),
      pick_up_mileage: Number(totals.pick_up_mileage),
      mileage_empty: Number(totals.mileage_empty),
    });
    files.set(fileId, { path, mime: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/octet-stream' });
    job.result = { link: `/api/files/${fileId}/download`, file_id: fileId, rows: job.done };
    job.status = 'completed';
  })().catch((err) => {
    job.status = 'failed';
    job.error = err.message;
  });
  return { link: null, job_id: job.id };
}

// ---------------------------------------------------------------- invoice generation, set-based

/** The candidate lines of one service for every customer at once (the app bills batches of 10). */
function candidates(s, companyId) {
  const rate = `coalesce(r.rate, ${Number(s.default_rate)})`;
  const customerHas = `c.company_id = ${companyId} and lower($3) = any(c.services)`;
  const rates = `left join customer_service_rates r on r.customer_id = c.id and r.service_id = ${Number(s.id)}`;
  const billedPeriod = (period) => `not exists (select 1 from invoice_lines il join invoices i on i.id = il.invoice_id
    where i.customer_id = c.id and il.service_id = ${Number(s.id)} and il.period_start = ${period})`;
  switch (s.billing_method) {
    case 'percent_of_gross':
      return `select l.customer_id, l.id as load_id, null::date as period_start,
          'Load #' || l.id || coalesce(' · ' || l.broker_number, '') || ' · delivered '
            || to_char(l.delivery_at at time zone '${TZ}', 'YYYY-MM-DD') as description,
          1 as quantity, ${rate} as rate, l.gross_cents as base_cents,
          round(l.gross_cents * ${rate} / 100000.0)::bigint as amount_cents
        from loads l join billings b on b.load_id = l.id join customers c on c.id = l.customer_id ${rates}
        where l.company_id = ${companyId} and ${customerHas}
          and l.delivery_at >= ($1::date)::timestamp at time zone '${TZ}'
          and l.delivery_at < (($2::date + 1)::timestamp at time zone '${TZ}')
          and l.delivery_at <= now() and l.gross_cents > 0
          and not exists (select 1 from invoice_lines il where il.load_id = l.id and il.service_id = ${Number(s.id)})`;
    case 'per_driver_week':
      return `select c.id as customer_id, null::int as load_id, wk.week as period_start,
          'Week of ' || to_char(wk.week, 'YYYY-MM-DD') || ': ' || count(d.id) || ' active drivers' as description,
          count(d.id)::int as quantity, ${rate} as rate, 0::bigint as base_cents, (count(d.id) * ${rate})::bigint as amount_cents
        from customers c
        cross join (select w::date as week from generate_series($1::date, $2::date, interval '1 day') w where extract(dow from w) = 0) wk
        join drivers d on d.customer_id = c.id and d.company_id = c.company_id
          and (d.hired_on is null or d.hired_on <= wk.week + 6)
          and (d.terminated_on is null or d.terminated_on >= wk.week)
          and (d.terminated_on is not null or d.active) ${rates}
        where ${customerHas} and ${billedPeriod('wk.week')}
        group by c.id, wk.week, r.rate having count(d.id) * ${rate} > 0`;
    case 'flat_month':
      return `select c.id as customer_id, null::int as load_id, mo.month as period_start,
          $3 || ' · ' || to_char(mo.month, 'FMMonth YYYY') as description,
          1 as quantity, ${rate} as rate, 0::bigint as base_cents, ${rate}::bigint as amount_cents
        from customers c
        cross join (select m::date as month from generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') m
          where m::date >= $1::date) mo ${rates}
        where ${customerHas} and ${billedPeriod('mo.month')} and ${rate} > 0`;
    default:
      return null;
  }
}

async function generateInvoices(caller, body) {
  const { from, to } = body ?? {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(to ?? '')) {
    throw Object.assign(new Error('from and to are dates.'), { status: 400 });
  }
  const companyId = Number(caller.company_id);
  // Each statement's time, to the server's log (bench/.data/run-<database>/bare.log): where a slow run waits.
  const steps = [];
  const t0 = performance.now();
  const result = await db.tx(async (query) => {
    const q = async (text, params) => {
      const t = performance.now();
      const rows = await query(text, params);
      steps.push(`${text.trim().split(/\s+/).slice(0, 3).join(' ')} ${Math.round(performance.now() - t)} ms`);
      return rows;
    };
    await q('select pg_advisory_xact_lock($1)', [7_121_000_000 + companyId]);
    const [run] = await q(
      `insert into invoice_generation_runs (company_id, period_from, period_to, status, created_by)
       values ($1, $2, $3, 'running', $4) returning id`,
      [companyId, from, to, caller.id],
    );
    const services = await q(
      'select id, name, billing_method, default_rate from accounting_services where company_id = $1 and status = 1',
      [companyId],
    );
    const [{ n: customers }] = await q(
      'select count(*)::int as n from customers where company_id = $1 and services && $2::text[]',
      [companyId, services.map((s) => s.name.toLowerCase())],
    );
    for (const s of services) {
      const cand = candidates(s, companyId);
      if (!cand) continue;
      await q(
        `with cand as (${cand}),
         inv as (
           insert into invoices (company_id, customer_id, service_id, period_from, period_to, status, generated,
             generated_at, generation_run_id, created_by)
           select ${companyId}, x.customer_id, ${Number(s.id)}, $1::date, $2::date, 'Open', true, now(), $4, $5
           from (select distinct customer_id from cand) x
           returning id, customer_id)
         insert into invoice_lines (invoice_id, service_id, load_id, period_start, description, quantity, rate, base_cents, amount_cents)
         select inv.id, ${Number(s.id)}, cand.load_id, cand.period_start, cand.description, cand.quantity, cand.rate,
           cand.base_cents, cand.amount_cents
         from cand join inv on inv.customer_id = cand.customer_id
         on conflict do nothing`,
        [from, to, s.name, run.id, caller.id],
      );
    }
    await q(
      `delete from invoices i where i.generation_run_id = $1
         and not exists (select 1 from invoice_lines il where il.invoice_id = i.id)`,
      [run.id],
    );
    const made = await q(
      `update invoices i set total_cents = t.total, updated_at = now()
       from (select il.invoice_id, sum(il.amount_cents)::bigint as total from invoice_lines il
         join invoices i on i.id = il.invoice_id where i.generation_run_id = $1 group by il.invoice_id) t
       where i.id = t.invoice_id returning i.id, i.total_cents as total`,
      [run.id],
    );
    const [{ lines }] = await q(
      `with linked as (update loads l set customer_invoice_id = il.invoice_id, updated_at = now()
         from invoice_lines il join invoices i on i.id = il.invoice_id
         where i.generation_run_id = $1 and il.load_id = l.id returning l.id)
       select (select count(*) from invoice_lines il join invoices i on i.id = il.invoice_id
         where i.generation_run_id = $1)::int as lines, (select count(*) from linked)::int as linked`,
      [run.id],
    );
    await q(
      `update customers c set balance_cents = c.balance_cents + t.total, updated_at = now()
       from (select customer_id, sum(total_cents)::bigint as total from invoices where generation_run_id = $1 group by 1) t
       where c.id = t.customer_id`,
      [run.id],
    );
    const amount = made.reduce((s, r) => s + Number(r.total), 0);
    await q(
      `insert into audit_log (company_id, user_id, entity, entity_id, action, after)
       values ($1, $2, 'invoice_generation_run', $3, 'generate', $4)`,
      [
        companyId,
        caller.id,
        String(run.id),
        JSON.stringify({ invoice_ids: made.map((r) => r.id), amount_cents: amount }),
      ],
    );
    await q(
      `update invoice_generation_runs set status = 'completed', invoices_count = $2, amount_cents = $3, finished_at = now()
       where id = $1`,
      [run.id, made.length, amount],
    );
    return { run_id: run.id, invoices: made.length, lines, amount: amount / 100, customers };
  });
  console.log(`invoice generation ${from}…${to}: ${Math.round(performance.now() - t0)} ms (${steps.join(', ')})`);
  const job = {
    id: randomUUID(),
    name: 'invoice-generation',
    status: 'completed',
    done: result.customers,
    total: result.customers,
    result,
  };
  jobs.set(job.id, job);
  return { message: 'bare', run_id: result.run_id, job_id: job.id };
}

// ---------------------------------------------------------------- login

async function login(body) {
  const [user] = await db.query('select id, password_hash from users where lower(email) = lower($1) and active', [
    String(body?.email ?? ''),
  ]);
  const { verify } = await import('@node-rs/argon2');
  if (!user || !(await verify(user.password_hash, String(body?.password ?? '')))) {
    throw Object.assign(new Error('The email or password is wrong.'), { status: 422 });
  }
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [user.id, createHash('sha256').update(token).digest('hex'), SESSION_SECONDS],
  );
  return { access_token: token, token_type: 'Bearer', expires_in: SESSION_SECONDS };
}

// ---------------------------------------------------------------- HTTP

async function readJson(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
}

/** A body already serialized (the list's rows as PostgreSQL wrote them). */
class RawJson {
  constructor(text) {
    this.text = text;
  }
}

// The app's compression (@fastify/compress as app.ts sets it): answers of 1 KB and more leave as
// brotli quality 3 (text mode), else gzip or deflate level 4, as the client accepts; smaller ones
// and clients asking for none get the plain bytes. Compressed in libuv's thread pool, off the
// main thread, as the app's zlib streams are.
const COMPRESS_THRESHOLD = 1024;
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const ZLIB = { level: 4 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

function encodingFor(req) {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((e) => e.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([e]) => e.toLowerCase());
  return ['br', 'gzip', 'deflate'].find((e) => accepted.includes(e)) ?? null;
}

async function send(req, res, status, value) {
  let body = Buffer.from(value instanceof RawJson ? value.text : JSON.stringify(value));
  const headers = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
  const encoding = body.length >= COMPRESS_THRESHOLD ? encodingFor(req) : null;
  if (encoding) {
    body = await (encoding === 'br'
      ? brotli(body, BROTLI)
      : encoding === 'gzip'
        ? gzip(body, ZLIB)
        : deflate(body, ZLIB));
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(body);
}

const unauthorized = () => Object.assign(new Error('You are not authorized'), { status: 401 });

async function route(req, res) {
  const { pathname } = new URL(req.url, 'http://x');
  const post = req.method === 'POST';
  if (post && pathname === '/api/version') return send(req, res, 200, { version: 'bare' });
  if (post && pathname === '/api/login') return send(req, res, 200, await login(await readJson(req)));
  const caller = await authenticate(req);
  if (!caller) throw unauthorized();
  if (post && pathname === '/api/trips/list') return send(req, res, 200, await tripsList(caller, await readJson(req)));
  if (post && pathname === '/api/trips/export')
    return send(req, res, 200, await startExport(caller, await readJson(req)));
  if (post && pathname === '/api/generate-invoice') {
    return send(req, res, 200, await generateInvoices(caller, await readJson(req)));
  }
  const job = /^\/api\/jobs\/([\w-]+)$/.exec(pathname);
  if (req.method === 'GET' && job) {
    const j = jobs.get(job[1]);
    return j ? send(req, res, 200, j) : send(req, res, 404, { message: 'Not found' });
  }
  const file = /^\/api\/files\/(\d+)\/download$/.exec(pathname);
  if (req.method === 'GET' && file) {
    const f = files.get(Number(file[1]));
    if (!f) return send(req, res, 404, { message: 'Not found' });
    res.writeHead(200, { 'content-type': f.mime, 'content-length': (await stat(f.path)).size });
    createReadStream(f.path).pipe(res);
    return;
  }
  return send(req, res, 404, { message: 'Not found' });
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err) => {
    if (!err.status) console.error(err);
    if (!res.headersSent) send(req, res, err.status ?? 500, { message: err.message }).catch(() => res.destroy());
    else res.destroy();
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.BARE_PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare server listening on ${server.address().port}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
