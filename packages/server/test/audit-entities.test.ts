import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from './factories';
import { createTestApp, type TestContext } from './harness';

/**
 * One audit entity per table (issue 29): the audit entity of a row is its table's SQL name
 * (platform/audit: `auditEntity`), derived by the record engine, never spelled by hand; readers of
 * the audit table use the same derivation; migration 0035 moved rows written under older names.
 */

const SERVER = resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(SERVER, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.ts$/.test(e.name) && !/\.(test|fixtures)\.ts$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

type Found = { where: string; entity: unknown; table: string };

/** Every record the server declares (records, resources, statement kinds, records in exported maps). */
async function declaredRecords(): Promise<Found[]> {
  const out: Found[] = [];
  const seen = new Set<unknown>();
  const modules = new Map<string, Record<string, unknown>>();
  const visit = (value: unknown, where: string, depth: number) => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 2) return;
    seen.add(value);
    const v = value as Record<string, unknown>;
    if (is(v.table, PgTable) && typeof v.scope === 'function' && typeof v.toRow === 'function') {
      out.push({ where, entity: v.entity, table: getTableName(v.table as PgTable) });
      for (const child of (v.children ?? []) as Array<Record<string, unknown>>)
        out.push({
          where: `${where} child`,
          entity: child.entity ?? getTableName(child.table as PgTable),
          table: getTableName(child.table as PgTable),
        });
      return;
    }
    if (is(value, PgTable)) return;
    for (const [key, inner] of Object.entries(v)) visit(inner, `${where}.${key}`, depth + 1);
  };
  for (const file of sources('src')) {
    const text = readFileSync(join(SERVER, file), 'utf8');
    if (!/define(Record|Resource|StatementKind|UnitParts)\(/.test(text)) continue;
    const mod = (await import(join(SERVER, file))) as Record<string, unknown>;
    modules.set(file, mod);
    for (const [name, value] of Object.entries(mod)) visit(value, `${relative(SERVER, join(SERVER, file))}:${name}`, 0);
  }
  // A unit's parts are declared per kind (truckKind, trailerKind) when its routes are mounted.
  const define = modules.get('src/modules/units/unit-parts.record.ts')?.defineUnitParts as (kind: unknown) => unknown;
  const kinds = [...modules.values()].flatMap((m) =>
    Object.values(m).filter(
      (v) => typeof (v as { type?: unknown })?.type === 'string' && (v as { unit?: unknown }).unit,
    ),
  );
  expect(kinds.length).toBe(2);
  for (const kind of kinds) visit(define(kind), `units: ${(kind as { type: string }).type} parts`, 0);
  return out;
}

let t: TestContext;
let f: Factories;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
});
afterAll(() => t.close());

describe('one audit entity per table', () => {
  it("every declared record is audited under its table's name, and each table under one name", async () => {
    const found = await declaredRecords();
    // Trucks, trailers, cities, brokers, the four statement kinds, potential clients and clients at least.
    expect(found.length).toBeGreaterThan(40);
    expect(
      found.filter((r) => r.entity !== r.table).map((r) => `${r.where}: ${String(r.entity)} ≠ ${r.table}`),
    ).toEqual([]);
    const names = new Map<string, Set<unknown>>();
    for (const r of found) names.set(r.table, (names.get(r.table) ?? new Set()).add(r.entity));
    const split = [...names].filter(([, s]) => s.size > 1).map(([table, s]) => `${table}: ${[...s].join(', ')}`);
    expect(split).toEqual([]);
    // Tables that used to be audited under several names each.
    expect(
      ['pay_statements', 'sales_leads', 'unit_notes', 'cities'].map((table) => [...(names.get(table) ?? [])]),
    ).toEqual([['pay_statements'], ['sales_leads'], ['unit_notes'], ['cities']]);
  });

  it('no reader of the audit table spells an entity name in its SQL', () => {
    const spelled: string[] = [];
    for (const file of sources('src')) {
      const lines = readFileSync(join(SERVER, file), 'utf8').split('\n');
      if (!lines.some((l) => l.includes('audit_log'))) continue;
      lines.forEach((line, i) => {
        if (/\b(audit_log|a)\.entity\s*(=|in)\s*\(?\s*'[a-z_]+'/.test(line))
          spelled.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(spelled).toEqual([]);
  });

  it("a truck created through the API and re-assigned by a command is in the audit under 'trucks' only", async () => {
    const [first, second] = [await f.customer(), await f.customer()];
    const truck = await f.truck({ customer_id: first.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trucks/updateTruckCustomer',
      headers: t.bearer(await t.login('admin@backhaul.demo')),
      payload: { id: truck.id, customer_id: second.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.query<{ entity: string; entity_id: string; action: string }>(
      `select entity, entity_id, action from audit_log
        where (entity_id = $1 and entity like '%truck%') or entity_id like $2 order by id`,
      [String(truck.id), `%:${truck.id}`],
    );
    // The truck's own rows: created, then the command's update; its assignment periods under their table.
    expect(rows.filter((r) => r.entity_id === String(truck.id)).map((r) => `${r.entity} ${r.action}`)).toEqual([
      'trucks create',
      'trucks update',
    ]);
    expect(rows.filter((r) => r.entity_id !== String(truck.id)).map((r) => `${r.entity} ${r.entity_id}`)).toEqual(
      expect.arrayContaining([`unit_assignments truck:${truck.id}`]),
    );
    expect(rows.every((r) => ['trucks', 'unit_assignments'].includes(r.entity))).toBe(true);
  });

  it('migration 0035 moves rows written under an older name to the one name of their table', async () => {
    const dir = join(SERVER, 'drizzle');
    const file = readdirSync(dir).find((n) => /^\d{4}_audit_entity_names\.sql$/.test(n));
    expect(file).toBeDefined();
    const statements = readFileSync(join(dir, file ?? ''), 'utf8').split('--> statement-breakpoint');
    const [statement] = await t.database.query<{ id: number }>(
      "select id from pay_statements where kind = 'driver' order by id limit 1",
    );
    expect(statement).toBeDefined();
    const old: Array<[string, string]> = [
      ['customer', '9100001'],
      ['city', '9100002'],
      ['trip', '9100003'],
      ['truck_notes', '9100004'],
      ['potential_clients', '9100005'],
      ['truck_assignments', '9100006'],
      ['driver_statement', String(statement?.id)],
      // A statement of the old tables that is not on the engine stays where it was.
      ['driver_statement', '9100007'],
    ];
    for (const [entity, id] of old)
      await t.database.query(`insert into audit_log (entity, entity_id, action) values ($1, $2, 'update')`, [
        entity,
        id,
      ]);
    for (const sql of statements) if (sql.trim()) await t.database.exec(sql);
    const rows = await t.database.query<{ entity: string; entity_id: string }>(
      `select entity, entity_id from audit_log where entity_id = any($1) or entity_id = 'truck:9100006' order by id`,
      [old.map(([, id]) => id)],
    );
    expect(
      rows
        .filter((r) => r.entity_id.startsWith('91') || r.entity_id.startsWith('truck:'))
        .map((r) => `${r.entity} ${r.entity_id}`),
    ).toEqual([
      'customers 9100001',
      'cities 9100002',
      'trips 9100003',
      'unit_notes 9100004',
      'sales_leads 9100005',
      'unit_assignments truck:9100006',
      'driver_statement 9100007',
    ]);
    expect(rows.some((r) => r.entity === 'pay_statements' && r.entity_id === String(statement?.id))).toBe(true);
    expect(rows.some((r) => r.entity === 'driver_statement' && r.entity_id === String(statement?.id))).toBe(false);
  });
});
