import { ACTION, LIST_ROW_CAP, MSG, PAGE_SIZE_ALL, SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { defineList, forgetList, type ListColumn } from './define-list';
import { copyBatchJson, copyPool } from './list-copy';
import { JsonRows, outputRow, runList, runListStreamed } from './run-list';

// A fixture table with a column of every filter kind, created in the test database only.
const FIXTURE = `
  create table list_fixture_customers (id int primary key, name text not null);
  insert into list_fixture_customers values (1, 'Acme Freight'), (2, 'Bolt Carriers'), (3, 'Cobalt Transport');
  create table list_fixture (
    id int primary key, customer_id int, name text, note text, amount_cents int, miles int,
    delivered date, created_at timestamptz, active boolean, flagged boolean,
    pu_state text, pu_city text, del_state text, del_city text
  );
  insert into list_fixture
  select i, (i % 3) + 1, 'Load ' || lpad(i::text, 3, '0'),
         case when i % 4 = 0 then 'Needs LUMPER receipt' when i % 4 = 1 then '50% advance_paid' else null end,
         i * 1000 + 99, i * 10,
         case when i % 10 = 0 then null else date '2026-01-01' + (i % 30) end,
         timestamptz '2026-03-01 12:00:00+00' + make_interval(days => i % 5),
         i % 2 = 0, i % 5 = 0,
         (array['TX','IL','CA'])[(i % 3) + 1], (array['Dallas','Chicago','Fresno'])[(i % 3) + 1],
         (array['GA','TX','OH'])[(i % 3) + 1], (array['Atlanta','Houston','Columbus'])[(i % 3) + 1]
  from generate_series(1, 60) i;
`;

const fixtureList = defineList({
  key: 'list-fixture',
  title: 'Fixture',
  section: SECTION.Cities,
  from: sql`list_fixture f`,
  rowKey: sql`f.id`,
  joins: { customer: sql`left join list_fixture_customers c on c.id = f.customer_id` },
  base: (user) => (user.customerId ? sql`f.customer_id = ${user.customerId}` : undefined),
  defaultSort: { sort: 'id', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`f.id`, filter: 'number', footer: 'count' },
    { id: 'name', title: 'Name', sql: sql`f.name`, filter: 'note', search: true },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`c.name`,
      filterSql: sql`f.customer_id`,
      sortSql: sql`c.name`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`f.customer_id`,
      joins: ['customer'],
      search: true,
    },
    { id: 'note', title: 'Note', sql: sql`f.note`, filter: 'note', sortable: false },
    { id: 'amount', title: 'Amount', sql: sql`f.amount_cents`, filter: 'number', footer: 'sum', dollar: true },
    { id: 'miles', title: 'Miles', sql: sql`f.miles`, filter: 'number', footer: 'sum', miles: true },
    { id: 'delivered', title: 'Delivered', sql: sql`f.delivered`, filter: 'date' },
    { id: 'created_at', title: 'Created', sql: sql`f.created_at`, filter: 'date', dateType: 'timestamp' },
    { id: 'active', title: 'Active', sql: sql`f.active`, filter: 'options' },
    { id: 'flagged', title: 'Flagged', sql: sql`f.flagged`, filter: 'checkbox' },
    {
      id: 'route',
      title: 'Route',
      sql: sql`f.pu_city || ', ' || f.pu_state || ' → ' || f.del_city || ', ' || f.del_state`,
      filter: 'address',
      sortable: false,
      address: {
        1: { state: sql`f.pu_state`, city: sql`f.pu_city` },
        2: { state: sql`f.del_state`, city: sql`f.del_city` },
      },
    },
  ],
});

type Row = { id: number; name: string; customer: string; amount: number; miles: number; delivered: string | null };

let t: TestContext;
let token: string;
let admin: AuthUser;
const ids = (rows: Row[]) => rows.map((r) => r.id);
const range = (from: number, to: number, keep: (i: number) => boolean = () => true) =>
  Array.from({ length: to - from + 1 }, (_, k) => from + k).filter(keep);

beforeAll(async () => {
  t = await createTestApp();
  await t.database.exec(FIXTURE);
  token = await t.login('admin@backhaul.demo');
  const [u] = await t.database.query<{ id: number; company_id: number }>(
    "select id, company_id from users where email = 'admin@backhaul.demo'",
  );
  admin = {
    id: u?.id ?? 0,
    companyId: u?.company_id ?? 0,
    email: 'admin@backhaul.demo',
    name: 'Admin',
    role: 0,
    permissionRoleId: null,
    departmentId: null,
    customerId: null,
    image: null,
  };
});
afterAll(async () => {
  forgetList(fixtureList.key);
  await t.close();
});

const run = (body: object, user: AuthUser = admin) => runList<Row>(t.db, fixtureList, user, { limit: 100, ...body });

describe('filters: every kind and operator', () => {
  const cases: Array<{ name: string; filters: Record<string, unknown>; expected: number[] }> = [
    {
      name: 'list (ids behind names)',
      filters: { customer: { values: [1, 3] } },
      expected: range(1, 60, (i) => i % 3 !== 1),
    },
    { name: 'list with no values is no filter', filters: { customer: { values: [] } }, expected: range(1, 60) },
    { name: 'number lte', filters: { id: { op: 'lte', value: 3 } }, expected: [1, 2, 3] },
    { name: 'number gte', filters: { id: { op: 'gte', value: 58 } }, expected: [58, 59, 60] },
    { name: 'number eq', filters: { id: { op: 'eq', value: 7 } }, expected: [7] },
    { name: 'number between', filters: { id: { op: 'between', from: 10, to: 12 } }, expected: [10, 11, 12] },
    { name: 'number on dollars compares cents', filters: { amount: { op: 'lte', value: 20.99 } }, expected: [1, 2] },
    {
      name: 'number between dollars',
      filters: { amount: { op: 'between', from: 50.99, to: 70.98 } },
      expected: [5, 6],
    },
    { name: 'miles gte', filters: { miles: { op: 'gte', value: 595 } }, expected: [60] },
    {
      name: 'date range',
      filters: { delivered: { from: '2026-01-02', to: '2026-01-03' } },
      expected: range(1, 60, (i) => i % 10 !== 0 && [1, 2].includes(i % 30)),
    },
    {
      name: 'date: one end alone is that single day',
      filters: { delivered: { from: '2026-01-04' } },
      expected: range(1, 60, (i) => i % 10 !== 0 && i % 30 === 3),
    },
    {
      name: 'date: only "to" is that single day too',
      filters: { delivered: { to: '2026-01-04' } },
      expected: range(1, 60, (i) => i % 10 !== 0 && i % 30 === 3),
    },
    { name: 'date Empty', filters: { delivered: { empty: true } }, expected: [10, 20, 30, 40, 50, 60] },
    {
      name: 'date range or Empty',
      filters: { delivered: { from: '2026-01-04', empty: true } },
      expected: range(1, 60, (i) => i % 10 === 0 || i % 30 === 3),
    },
    {
      name: 'timestamp date in company time (06:00 Chicago on 2026-03-02)',
      filters: { created_at: { from: '2026-03-02', to: '2026-03-02' } },
      expected: range(1, 60, (i) => i % 5 === 1),
    },
    {
      name: 'note contains, lowercased',
      filters: { note: { value: 'LuMpEr' } },
      expected: range(1, 60, (i) => i % 4 === 0),
    },
    {
      name: 'note: % and _ are literal',
      filters: { note: { value: '50%' } },
      expected: range(1, 60, (i) => i % 4 === 1),
    },
    { name: 'note: _ is literal', filters: { note: { value: 'e_p' } }, expected: range(1, 60, (i) => i % 4 === 1) },
    { name: 'options On', filters: { active: { value: 1 } }, expected: range(1, 60, (i) => i % 2 === 0) },
    { name: 'options Off', filters: { active: { value: 0 } }, expected: range(1, 60, (i) => i % 2 === 1) },
    { name: 'options All', filters: { active: { value: -1 } }, expected: range(1, 60) },
    { name: 'checkbox checked', filters: { flagged: { value: true } }, expected: range(1, 60, (i) => i % 5 === 0) },
    { name: 'checkbox unchecked', filters: { flagged: { value: false } }, expected: range(1, 60, (i) => i % 5 !== 0) },
    {
      name: 'address PickUp state',
      filters: { route: { type: 1, states: ['TX'] } },
      expected: range(1, 60, (i) => i % 3 === 0),
    },
    {
      name: 'address Delivery state and city (case-insensitive city)',
      filters: { route: { type: 2, states: ['TX', 'OH'], cities: ['houston'] } },
      expected: range(1, 60, (i) => i % 3 === 1),
    },
    {
      name: 'filters combine with AND',
      filters: { customer: { values: [2] }, id: { op: 'lte', value: 10 }, active: { value: 1 } },
      expected: [4, 10],
    },
  ];

  it.each(cases)('$name', async ({ filters, expected }) => {
    const res = await run({ filters });
    expect(ids(res.rows)).toEqual(expected);
    expect(res.total).toBe(expected.length);
  });
});

describe('validation: a 422 naming the field, never SQL from client text', () => {
  const bad: Array<{ name: string; body: object; field: string; message?: string }> = [
    {
      name: 'unknown filter column',
      body: { filters: { 'id; drop table users': { op: 'eq', value: 1 } } },
      field: 'filters.id; drop table users',
    },
    { name: 'unknown number operator', body: { filters: { id: { op: 'like', value: 1 } } }, field: 'filters.id' },
    {
      name: 'number value not a number',
      body: { filters: { id: { op: 'eq', value: '1 or 1=1' } } },
      field: 'filters.id',
    },
    {
      name: 'between with from > to',
      body: { filters: { id: { op: 'between', from: 9, to: 3 } } },
      field: 'filters.id',
      message: MSG.numberFromGreaterThanTo,
    },
    { name: 'between missing a value', body: { filters: { id: { op: 'between', from: 9 } } }, field: 'filters.id' },
    { name: 'malformed date', body: { filters: { delivered: { from: '01/02/2026' } } }, field: 'filters.delivered' },
    { name: 'empty date filter', body: { filters: { delivered: {} } }, field: 'filters.delivered' },
    { name: 'options outside 1, -1, 0', body: { filters: { active: { value: 2 } } }, field: 'filters.active' },
    { name: 'list values not an array', body: { filters: { customer: { values: 'x' } } }, field: 'filters.customer' },
    { name: 'address with no type', body: { filters: { route: { states: ['TX'] } } }, field: 'filters.route' },
    { name: 'address type 3', body: { filters: { route: { type: 3, states: ['TX'] } } }, field: 'filters.route' },
    { name: 'note empty', body: { filters: { note: { value: '  ' } } }, field: 'filters.note' },
    { name: 'unknown sort column', body: { sort: 'id desc; select 1' }, field: 'sort' },
    { name: 'sort on a column that cannot be sorted', body: { sort: 'note' }, field: 'sort' },
    { name: 'bad order', body: { order: 'sideways' }, field: 'order' },
    { name: 'page size 0', body: { limit: 0 }, field: 'limit' },
    { name: 'page size above All', body: { limit: PAGE_SIZE_ALL + 1 }, field: 'limit' },
    { name: 'page 0', body: { page: 0 }, field: 'page' },
    { name: 'filters not an object', body: { filters: [1, 2] }, field: 'filters' },
  ];

  it.each(bad)('$name', async ({ body, field, message }) => {
    const err = await run(body).catch((e) => e);
    expect(err.kind).toBe('validation');
    expect(Object.keys(err.fields)).toEqual([field]);
    if (message) expect(err.fields[field]).toContain(message);
  });

  it.each([
    { body: { filters: { nope: { value: 'x' } } }, field: 'filters.nope' },
    { body: { filters: { id: { op: 'between', from: 5, to: 1 } } }, field: 'filters.id' },
    { body: { sort: 'password_hash' }, field: 'sort' },
    { body: { limit: 'many' }, field: 'limit' },
  ])('over HTTP: 422 with errors.$field', async ({ body, field }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cities/list',
      payload: body,
      headers: t.bearer(token),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it.each([
    { name: 'text in an id list', filters: { customer: { values: ['abc'] } } },
    { name: 'a number out of the column range', filters: { id: { op: 'eq', value: 1e20 } } },
    { name: 'a date that does not exist', filters: { delivered: { from: '2026-02-31' } } },
  ])('a value that does not fit its column is a 422, not a 500: $name', async ({ filters }) => {
    const err = await run({ filters }).catch((e) => e);
    expect(err.kind).toBe('validation');
    expect(Object.keys(err.fields)[0]).toMatch(/^filters/);
  });

  it('the users table is still there after the injection attempts', async () => {
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from users');
    expect(row?.n).toBeGreaterThan(0);
  });
});

describe('sorting, search, totals and paging', () => {
  it('sorts ascending and descending, ties broken by the row key', async () => {
    const asc = await run({ sort: 'customer', order: 'asc', limit: 5 });
    expect(asc.rows.map((r) => r.customer)).toEqual(Array(5).fill('Acme Freight'));
    expect(ids(asc.rows)).toEqual([3, 6, 9, 12, 15]);
    const desc = await run({ sort: 'amount', order: 'desc', limit: 3 });
    expect(ids(desc.rows)).toEqual([60, 59, 58]);
    expect(desc.sort).toBe('amount');
    expect(desc.order).toBe('desc');
  });

  it('defaults to the definition sort', async () => {
    const res = await run({ limit: 2 });
    expect(res).toMatchObject({ sort: 'id', order: 'asc' });
    expect(ids(res.rows)).toEqual([1, 2]);
  });

  it('search looks in the searchable columns, joined ones included', async () => {
    expect(ids((await run({ search: 'load 05' })).rows)).toEqual(range(50, 59));
    const byCustomer = await run({ search: 'cobalt' });
    expect(byCustomer.total).toBe(20);
    expect(ids((await run({ search: '%' })).rows)).toEqual([]);
  });

  it('totals cover the whole filtered set, not the page', async () => {
    const res = await run({ filters: { id: { op: 'lte', value: 10 } }, limit: 5 });
    expect(res.rows).toHaveLength(5);
    expect(res.total).toBe(10);
    // Σ (i*1000+99) cents for i = 1..10 = 55,990 cents.
    expect(res.sum).toEqual({ id: 10, customer: 3, amount: 559.9, miles: 550 });
    expect(res.rows[0]?.amount).toBe(10.99);
  });

  it('pages with offset, past the end answers no rows but the total', async () => {
    const p2 = await run({ limit: 20, page: 2 });
    expect(ids(p2.rows)).toEqual(range(21, 40));
    expect(p2.page).toBe(2);
    const past = await run({ limit: 20, page: 9 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(60);
  });

  it('"All" answers every row up to the cap, with no notice below it', async () => {
    const res = await run({ limit: PAGE_SIZE_ALL });
    expect(res.rows).toHaveLength(60);
    expect(res.notice).toBeNull();
    expect(LIST_ROW_CAP).toBeGreaterThanOrEqual(20_000);
  });

  it('"All" streamed in batches read two at a time answers the same rows in the same order, nulls included', async () => {
    for (const order of ['asc', 'desc'] as const) {
      for (const sort of ['id', 'delivered', 'customer']) {
        const body = { limit: PAGE_SIZE_ALL, sort, order, with_options: false };
        const streamed = await runListStreamed(t.db, fixtureList, admin, body, { batch: 7 });
        const parts: string[] = [];
        if (!(streamed.rows instanceof JsonRows)) throw new Error('not streamed');
        for await (const piece of streamed.rows.pieces) parts.push(piece.toString());
        // Nine batches of 7 (the last of 4), with a comma between each two.
        expect(parts.filter((p) => p !== ',').length, `${sort} ${order}`).toBe(9);
        const rows = JSON.parse(`[${parts.join('')}]`) as Row[];
        const plain = await runList<Row>(t.db, fixtureList, admin, body);
        expect(
          rows.map((r) => r.id),
          `${sort} ${order}`,
        ).toEqual(plain.rows.map((r) => r.id));
        expect(rows).toEqual(plain.rows);
        expect(new Set(rows.map((r) => r.id)).size).toBe(60);
      }
    }
  });

  it("'All' through COPY (PostgreSQL) writes the bytes the row-by-row path writes, whatever the values hold", async () => {
    if (!copyPool(t.db)) {
      // PGlite: no COPY to the client, so 'All' always goes row by row.
      expect(t.database.kind).toBe('pglite');
      return;
    }
    const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('');
    const names = ['plain', 'O\'Brien "Big" \\ back\\', 'tab\tnew\nline\rcr', controls, '→ ✓ 🚚 ü', '', '\\N', null];
    const values = names.map(
      (name, i) =>
        sql`(${i}::int, ${name}::text, ${i * 12345 - 20000}::bigint, ${[0.1, -0, 1e-5, 1e20, 'NaN', 'Infinity', 3.25, null][i]}::float8, ${['12.50', '-0.001', null, '1e3', '0', '7', '8', '9'][i]}::numeric, ${['2026-11-27', null][i % 2]}::date, ${[true, false, null][i % 3]}::boolean, ${['9007199254740993', -1, 0, null, 5, 6, 7, 8][i]}::bigint)`,
    );
    const query = sql`select v.id, v.name, v.cents, v.rpm, v.amount, v.day, v.ok, v.big from (values ${sql.join(values, sql`, `)}) v(id, name, cents, rpm, amount, day, ok, big) order by v.id`;
    const columns = ['id', 'name', 'cents', 'rpm', 'amount', 'day', 'ok', 'big'].map(
      (id): ListColumn => ({ id, title: id, sql: sql.raw(id), ...(id === 'cents' ? { dollar: true } : {}) }),
    );
    const settings = 'select 1';
    const copied = await copyBatchJson(t.db, query, { key: 'copy-values-test', columns, settings });
    const plain = JSON.stringify((await rowsOf(t.db, query)).map((r) => outputRow(columns, r))).slice(1, -1);
    const pieces: Buffer[] = [];
    for await (const piece of copied ?? []) pieces.push(piece);
    expect(Buffer.concat(pieces).toString()).toBe(plain);
    // Past COPY_PIECE the data is transcoded in several pieces, rows cut across socket reads.
    const many = sql`select i as id, repeat('é\t"', i % 5) || i as name from generate_series(1, 40000) i order by i`;
    const twoColumns = columns.slice(0, 2);
    const big = await copyBatchJson(t.db, many, { key: 'copy-many-test', columns: twoColumns, settings });
    const bigPieces: Buffer[] = [];
    for await (const piece of big ?? []) bigPieces.push(piece);
    expect(bigPieces.length).toBeGreaterThan(2);
    const bigPlain = JSON.stringify((await rowsOf(t.db, many)).map((r) => outputRow(twoColumns, r))).slice(1, -1);
    expect(Buffer.concat(bigPieces).toString()).toBe(bigPlain);
    // A timestamp is a Date to pg (toISOString): such a list goes row by row.
    const stamped = await copyBatchJson(t.db, sql`select now() as at`, {
      key: 'copy-stamp-test',
      columns: [{ id: 'at', title: 'At', sql: sql`now()` }],
      settings,
    });
    expect(stamped).toBeNull();
    // A value that does not fit fails before any row: the batch itself rejects (the route's 422).
    const one = [{ id: 'x', title: 'X', sql: sql`x` }];
    await expect(
      copyBatchJson(t.db, sql`select ${'abc'}::int as x`, { key: 'copy-bad-test', columns: one, settings }),
    ).rejects.toMatchObject({ code: '22P02' });
    // One that fails halfway (after ~360 KB, pieces already handed on) fails the reading, and the
    // connection goes back broken, not reused.
    const halfway = await copyBatchJson(t.db, sql`select i + 1 / (i - 60000) as x from generate_series(1, 70000) i`, {
      key: 'copy-half-test',
      columns: one,
      settings,
    });
    const read = async () => {
      for await (const _piece of halfway ?? []) {
        // read on
      }
    };
    await expect(read()).rejects.toMatchObject({ code: '22012' });
    expect(await rowsOf(t.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('answers list filter options within the caller scope, and leaves them out on request', async () => {
    const res = await run({ limit: 1 });
    expect(res.filter.customer).toEqual([
      { value: 1, label: 'Acme Freight' },
      { value: 2, label: 'Bolt Carriers' },
      { value: 3, label: 'Cobalt Transport' },
    ]);
    expect((await run({ limit: 1, with_options: false })).filter).toEqual({});
  });

  it('the base filter scopes a customer user to its own rows', async () => {
    const res = await run({}, { ...admin, customerId: 2 });
    expect(res.total).toBe(20);
    expect(new Set(res.rows.map((r) => r.customer))).toEqual(new Set(['Bolt Carriers']));
    expect(res.filter.customer).toEqual([{ value: 2, label: 'Bolt Carriers' }]);
    // A customer user's filter cannot widen the scope.
    expect((await run({ filters: { customer: { values: [1] } } }, { ...admin, customerId: 2 })).total).toBe(0);
  });

  it('answers column metadata for the web', async () => {
    const res = await run({ limit: 1 });
    expect(res.columns.find((c) => c.id === 'amount')).toMatchObject({
      filter: 'number',
      footer: 'sum',
      dollar: true,
      align: 'right',
      sortable: true,
    });
    expect(res.columns.find((c) => c.id === 'note')?.sortable).toBe(false);
  });
});

describe('column settings: POST /:section/settings', () => {
  const save = (body: object, section = 'list-fixture', tk = token) =>
    t.app.inject({ method: 'POST', url: `/api/${section}/settings`, payload: body, headers: t.bearer(tk) });

  it('saves order, visibility and widths; lists answer them; reset goes back to default', async () => {
    expect((await run({ limit: 1 })).settings).toBeNull();
    const res = await save({
      settings: {
        columns: [
          { id: 'name', visible: true, width: 240 },
          { id: 'id', visible: false },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const settings = (await run({ limit: 1 })).settings;
    // Columns not sent are appended with their default visibility.
    expect(settings?.columns.slice(0, 3)).toEqual([
      { id: 'name', visible: true, width: 240 },
      { id: 'id', visible: false },
      { id: 'customer', visible: true, width: null },
    ]);
    expect(settings?.columns).toHaveLength(fixtureList.columns.length);
    expect((await save({ reset: true })).json().settings).toBeNull();
    expect((await run({ limit: 1 })).settings).toBeNull();
  });

  it('settings are per user', async () => {
    await save({ settings: { columns: [{ id: 'miles', visible: false }] } });
    const other = await t.createUser({
      email: 'settings-other@backhaul.demo',
      grants: [{ section: SECTION.Cities, action: 0 }],
    });
    const [u] = await t.database.query<{ id: number }>(
      "select id from users where email = 'settings-other@backhaul.demo'",
    );
    expect((await run({ limit: 1 }, { ...admin, id: u?.id ?? 0 })).settings).toBeNull();
    expect(other.token).toBeTruthy();
  });

  it('refuses unknown or repeated columns with 422, an unknown list with 404, a foreign section with 403', async () => {
    const unknown = await save({ settings: { columns: [{ id: 'nope', visible: true }] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['settings.columns.0.id']);
    const twice = await save({
      settings: {
        columns: [
          { id: 'id', visible: true },
          { id: 'id', visible: false },
        ],
      },
    });
    expect(twice.statusCode).toBe(422);
    expect((await save({ settings: { columns: [] } }, 'no-such-list')).statusCode).toBe(404);
    const outsider = await t.createUser({
      email: 'no-cities@backhaul.demo',
      grants: [{ section: SECTION.Brokers, action: 0 }],
    });
    expect((await save({ reset: true }, 'list-fixture', outsider.token)).statusCode).toBe(403);
  });
});

describe('export permission', () => {
  it('needs EXPORT (72) where the section offers it, and the list answer says so', async () => {
    const t = await createTestApp();
    try {
      const viewOnly = await t.createUser({
        email: 'cities-viewer@test.dev',
        grants: [
          { section: SECTION.Maintenance, action: 0 },
          { section: SECTION.Cities, action: 0 },
          { section: SECTION.Cities, action: ACTION.VIEW },
        ],
      });
      const exporter = await t.createUser({
        email: 'cities-exporter@test.dev',
        grants: [
          { section: SECTION.Cities, action: 0 },
          { section: SECTION.Cities, action: ACTION.VIEW },
          { section: SECTION.Cities, action: ACTION.EXPORT },
        ],
      });
      const listAs = (token: string) =>
        t.app.inject({ method: 'POST', url: '/api/cities/list', headers: t.bearer(token), payload: {} });
      const exportAs = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/cities/export',
          headers: t.bearer(token),
          payload: { format: 'csv' },
        });
      expect((await listAs(viewOnly.token)).json().can_export).toBe(false);
      expect((await exportAs(viewOnly.token)).statusCode).toBe(403);
      expect((await listAs(exporter.token)).json().can_export).toBe(true);
      const ok = await exportAs(exporter.token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().link).toMatch(/\/api\/files\/\d+\/download/);
    } finally {
      await t.close();
    }
  });
});
