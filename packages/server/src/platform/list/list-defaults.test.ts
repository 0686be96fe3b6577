import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import type { AuthUser } from '../auth/access';
import { defineList, forgetList, type ListSpec } from './define-list';
import { compileList, runList } from './run-list';

// Ten orders of company 1 (statuses 1, 2, 9 Closed and 11 Canceled) and one of company 2.
const FIXTURE = `
  create table list_defaults_fixture (id int primary key, company int not null, name text not null, status int not null, amount_cents int not null);
  insert into list_defaults_fixture values
    (1, 1, 'Brake job', 1, 10000), (2, 1, 'Tires', 2, 20000), (3, 1, 'Alignment', 9, 30000),
    (4, 1, 'PM service', 1, 40000), (5, 1, 'Towing', 11, 50000), (6, 1, 'Clutch', 9, 60000),
    (7, 1, 'Wipers', 2, 70000), (8, 1, 'Lights', 1, 80000), (9, 1, 'Mirror', 9, 90000),
    (10, 1, 'Hoses', 2, 100000), (11, 2, 'Other company', 9, 110000);
`;

const OPEN = [1, 2];
const spec = (key: string, searchPast: boolean): ListSpec => ({
  key,
  title: 'Defaults fixture',
  section: SECTION.Cities,
  from: sql`list_defaults_fixture f`,
  rowKey: sql`f.id`,
  base: (user) => sql`f.company = ${user.companyId}`,
  defaultSort: { sort: 'id', order: 'asc' },
  defaults: { filters: () => ({ status: { values: OPEN } }), searchPast },
  removedOnSave: sql`f.status = 11`,
  columns: [
    { id: 'id', title: 'ID', sql: sql`f.id`, filter: 'number', search: true },
    { id: 'name', title: 'Name', sql: sql`f.name`, filter: 'note', search: true },
    { id: 'status', title: 'Status', sql: sql`f.status`, filter: 'list' },
    { id: 'amount', title: 'Amount', sql: sql`f.amount_cents`, filter: 'number', dollar: true },
    { id: 'note', title: 'Note', sql: sql`f.name`, priority: 7 },
  ],
});
const pastList = defineList(spec('defaults-fixture-past', true));
const windowList = defineList(spec('defaults-fixture-window', false));

type Row = { id: number; name: string; status: number; amount: number };
const user: AuthUser = {
  id: 0,
  companyId: 1,
  email: 'x@backhaul.demo',
  name: 'X',
  role: 0,
  permissionRoleId: null,
  departmentId: null,
  customerId: null,
  image: null,
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.exec(FIXTURE);
});
afterAll(async () => {
  forgetList(pastList.key);
  forgetList(windowList.key);
  await t.close();
});

const run = (list = pastList, body: object = {}) => runList<Row>(t.db, list, user, { limit: 100, ...body });
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('default filters', () => {
  it('apply when the request sets none, and the answer names them', async () => {
    const res = await run();
    expect(ids(res.rows)).toEqual([1, 2, 4, 7, 8, 10]);
    expect(res.total).toBe(6);
    expect(res.defaults).toEqual({ status: { values: [1, 2] } });
  });

  it('a filter set to null clears the default: every status in scope', async () => {
    const res = await run(pastList, { filters: { status: null } });
    expect(ids(res.rows)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(res.defaults).toEqual({});
  });

  it("the request's own filter on that column replaces the default", async () => {
    const res = await run(pastList, { filters: { status: { values: [9] } } });
    expect(ids(res.rows)).toEqual([3, 6, 9]);
    expect(res.defaults).toEqual({});
  });

  it('a search looks past them where the list says so: a closed order is found by its number', async () => {
    const res = await run(pastList, { search: '6' });
    expect(ids(res.rows)).toEqual([6]);
    expect(res.defaults).toEqual({});
    expect(res.outside).toBeNull();
  });

  it('where the search stays within them, a search that finds nothing says how many rows match outside', async () => {
    const res = await run(windowList, { search: 'o' });
    // Within statuses 1-2 of company 1, the names with an "o": Brake job (1) and Hoses (10).
    expect(ids(res.rows)).toEqual([1, 10]);
    expect(res.outside).toBeNull();
    const none = await run(windowList, { search: 'clutch' });
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.outside).toEqual({ count: 1, filters: ['status'] });
    // The other company's closed "Other company" order is out of scope, never counted.
    const other = await run(windowList, { search: 'other' });
    expect(other.outside).toBeNull();
  });

  it('only list views take them: a compiled list for a lookup or the global search has none', () => {
    expect(compileList(pastList, user, {}).defaults).toEqual({});
    expect(compileList(pastList, user, {}, { withDefaults: true }).defaults).toEqual({ status: { values: [1, 2] } });
  });
});

describe('rows kept in view after a save', () => {
  it('a kept row the filters hide comes back marked with them; visible, canceled and foreign rows do not', async () => {
    // 3 is Closed (hidden by the default), 5 Canceled (removed on save), 4 open (on the page), 11 another company's.
    const res = await run(pastList, { keep: [3, '5', 4, 11] });
    expect(res.kept).toEqual([
      { row: { id: 3, name: 'Alignment', status: 9, amount: 300, note: 'Alignment' }, hidden_by: ['status'] },
    ]);
  });

  it('names the search too, and keeps the order the screen asked in', async () => {
    const res = await run(pastList, { keep: [9, 6], filters: { status: { values: [1, 2] } }, search: 'brake' });
    expect(ids(res.rows)).toEqual([1]);
    expect(res.kept.map((k) => [k.row.id, k.hidden_by])).toEqual([
      [9, ['status', 'search']],
      [6, ['status', 'search']],
    ]);
  });

  it('with nothing filtered nothing is hidden: no kept rows', async () => {
    const res = await run(pastList, { keep: [3], filters: { status: null } });
    expect(res.kept).toEqual([]);
  });
});

describe('column priorities', () => {
  it('are declared or inferred: the first column 1, money and status 2, the rest 4', async () => {
    const res = await run();
    expect(Object.fromEntries(res.columns.map((c) => [c.id, c.priority]))).toEqual({
      id: 1,
      name: 4,
      status: 2,
      amount: 2,
      note: 7,
    });
  });

  it('a priority out of 1-9 is refused when the list is declared', () => {
    expect(() =>
      defineList({
        ...spec('defaults-fixture-bad', true),
        columns: [{ id: 'id', title: 'ID', sql: sql`1`, priority: 12 }],
      }),
    ).toThrow(/priority 12/);
  });
});
