import { makeGrantSet, PAGE_SIZE_ALL } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLists } from '../../../test/app-lists';
import { createTestApp, type TestContext } from '../../../test/harness';
import type { AuthUser } from '../auth/access';
import { type ListColumn, type ListDefinition, tableColumns } from './define-list';
import { JsonRows, runList, runListStreamed } from './run-list';

/**
 * Every list the modules declare, sorted by each of its sortable columns and filtered by each of
 * its filterable columns once, as an administrator. A column whose SQL doesn't run, or a filter
 * that widens the list instead of narrowing it, fails here (on PGlite in `npm test`, on
 * PostgreSQL in `npm run test:pg`).
 */

let t: TestContext;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.query<Record<string, unknown>>(
    "select id, company_id, email, name, role from users where email = 'admin@backhaul.demo'",
  );
  admin = {
    id: Number(row?.id),
    companyId: Number(row?.company_id),
    email: String(row?.email),
    name: String(row?.name),
    role: Number(row?.role),
    permissionRoleId: null,
    departmentId: null,
    customerId: null,
    image: null,
    grants: makeGrantSet([], true),
  };
});
afterAll(() => t.close());

async function run(def: ListDefinition, body: Record<string, unknown>) {
  try {
    return await runList(t.db, def, admin, { limit: 5, with_options: false, ...body });
  } catch (e) {
    const fields = (e as { details?: unknown; fields?: unknown }).details ?? (e as { fields?: unknown }).fields;
    throw new Error(`${def.key} ${JSON.stringify(body)}: ${(e as Error).message} ${JSON.stringify(fields ?? '')}`);
  }
}

/** A filter value of the column's kind, taken from what the list holds where it can be. */
function filterFor(c: ListColumn, options: Record<string, { value: string | number }[]>): unknown[] {
  switch (c.filter) {
    case 'list': {
      const first = options[c.id]?.[0];
      return first ? [{ values: [first.value] }] : [];
    }
    case 'number':
      return [
        { op: 'gte', value: 0 },
        { op: 'between', from: -1, to: 1 },
      ];
    case 'date':
      return [{ from: '2000-01-01', to: '2100-12-31' }, { empty: true }];
    case 'note':
    case 'text':
      return [{ value: 'a' }];
    case 'options':
      return [{ value: 1 }, { value: 0 }];
    case 'checkbox':
      return [{ value: true }, { value: false }];
    case 'address':
      return [
        { type: 1, states: ['TX'] },
        { type: 2, cities: ['Dallas'] },
      ];
    default:
      return [];
  }
}

describe('every declared list', () => {
  it('sorts by every sortable column and narrows by every filter, both ways', async () => {
    const lists = appLists();
    expect(lists.length).toBeGreaterThan(20);
    let sorts = 0;
    let filters = 0;
    for (const def of lists) {
      // Against every row: the list's default filters (the trips' window, open work orders) cleared.
      const first = await runList(t.db, def, admin, { limit: 1 });
      const cleared = Object.fromEntries(Object.keys(first.defaults).map((id) => [id, null]));
      const base = await runList(t.db, def, admin, { limit: 5, with_options: true, filters: cleared });
      const options = (base as { filter?: Record<string, { value: string | number }[]> }).filter ?? {};
      for (const c of tableColumns(def)) {
        if (c.sortable !== false) {
          for (const order of ['asc', 'desc'] as const) {
            const sorted = await run(def, { sort: c.id, order, filters: cleared });
            expect(sorted.total, `${def.key} sorted by ${c.id} ${order}`).toBe(base.total);
            expect(sorted.rows.length).toBe(Math.min(5, base.total));
            sorts += 1;
          }
        }
        for (const value of filterFor(c, options)) {
          const narrowed = await run(def, { filters: { ...cleared, [c.id]: value } });
          expect(narrowed.total, `${def.key} filtered by ${c.id} ${JSON.stringify(value)}`).toBeLessThanOrEqual(
            base.total,
          );
          expect(narrowed.rows.length).toBe(Math.min(5, narrowed.total));
          filters += 1;
        }
      }
    }
    expect(sorts).toBeGreaterThan(100);
    expect(filters).toBeGreaterThan(50);
  }, 240_000);

  it("answers 'All' streamed (on PostgreSQL through COPY where it can) as the same bytes as its rows", async () => {
    let compared = 0;
    let copied = 0;
    for (const def of appLists()) {
      const body = { limit: PAGE_SIZE_ALL, with_options: false };
      const streamed = await runListStreamed(t.db, def, admin, body);
      let text = JSON.stringify(streamed.rows);
      if (streamed.rows instanceof JsonRows) {
        const parts: string[] = [];
        for await (const piece of streamed.rows.pieces) {
          // COPY's pieces come as bytes, the row-by-row path's as text.
          if (Buffer.isBuffer(piece)) copied += 1;
          parts.push(piece.toString());
        }
        text = `[${parts.join('')}]`;
      }
      const plain = await runList(t.db, def, admin, body);
      expect(text, def.key).toBe(JSON.stringify(plain.rows));
      if (plain.rows.length) compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
    // PGlite has no COPY to the client: every list goes row by row there.
    if (t.database.kind === 'postgres') expect(copied).toBeGreaterThan(20);
    else expect(copied).toBe(0);
  }, 120_000);

  it('an On and an Off filter split the list between them', async () => {
    let checked = 0;
    for (const def of appLists()) {
      const base = await run(def, {});
      for (const c of tableColumns(def).filter((c) => c.filter === 'options' || c.filter === 'checkbox')) {
        const [on, off] =
          c.filter === 'options'
            ? [
                await run(def, { filters: { [c.id]: { value: 1 } } }),
                await run(def, { filters: { [c.id]: { value: 0 } } }),
              ]
            : [
                await run(def, { filters: { [c.id]: { value: true } } }),
                await run(def, { filters: { [c.id]: { value: false } } }),
              ];
        expect(on.total + off.total, `${def.key}.${c.id}`).toBe(base.total);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  }, 120_000);
});
