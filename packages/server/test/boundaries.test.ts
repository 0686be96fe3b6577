import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, type ImportEdge, readImportGraph, readImports } from './import-graph';
import { type Crossing, readLiterals, readTableCrossings, readTableRefs } from './table-refs';

/**
 * Module boundaries (docs/CODE_STYLE.md, "Imports between modules"). Walks the imports of the
 * server, web and shared sources and bench/, and fails on:
 * - a module importing another module's file other than its `index.ts`;
 * - platform importing a module (a platform test may use a module's `index.ts`);
 * - any other file reaching into a module, except the composition roots in COMPOSITION;
 * - a module or platform file importing a composition root (a way around the rules above);
 * - the server importing the web or the other way round (only @backhaul/shared is common);
 * - a cycle between modules, or between any two files (non-test code, `import type` included).
 * Each failure names the importing file and line and the import as written.
 *
 * Tables too (issue 29): a server module reads another module's table only through that module's
 * index.ts — its table object (`${drivers}`, `drivers.name`, `db.select().from(drivers)`) or a
 * query function it exports — never by its raw name in SQL text, and writes only its own tables
 * (another module's through a function that module exports). Platform's tables (users, companies,
 * files…) any module reads; a module writes them only inside a record or a command (the engine).
 * Each failure prints `file:line: <table> is module <m>'s: …` and the rule.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const DIRS = ['packages/server/src', 'packages/server/test', 'packages/web/src', 'packages/shared/src', 'bench'];

type Place =
  | { kind: 'module'; pkg: string; name: string; file: string }
  | { kind: 'platform' | 'other'; pkg: string; file: string };

/** `packages/<pkg>/src/modules/<m>/…` is module m of pkg; `…/src/platform/…` is platform. */
function placeOf(path: string): Place {
  const m = /^packages\/([a-z]+)\/(?:src\/(modules\/([^/]+)\/|platform\/)?)?/.exec(path);
  const pkg = m?.[1] ?? 'root';
  if (m?.[3]) return { kind: 'module', pkg, name: m[3], file: path.slice(m[0].length) };
  if (m?.[2]) return { kind: 'platform', pkg, file: path };
  return { kind: 'other', pkg, file: path };
}

const isTest = (path: string) => /\.(test|spec)\.tsx?$/.test(path) || path.startsWith('packages/server/test/');
const isIndex = (file: string) => /^index\.tsx?$/.test(file);

/**
 * Composition roots: the files that put modules together, each allowed the one kind of module file
 * it exists for. Shared contracts (`packages/shared/src/modules/<m>/<m>.contract.ts`) are schemas:
 * any module, server or web, may import any module's contract, so they are not checked here.
 */
const COMPOSITION: Record<string, RegExp> = {
  // drizzle-kit reads every table through this file; a module's index would load its services too.
  'packages/server/src/db/schema.ts': /\.table\.ts$/,
  'packages/server/src/modules.ts': /\.routes\.ts$/,
  'packages/server/src/seeders.ts': /\.seed\.ts$/,
  // The router loads each page lazily as its own chunk; a module's index would pull in its other parts.
  'packages/web/src/app/router.tsx': /-page\.tsx$/,
};

const show = (edge: ImportEdge, why: string) => `${edge.from}:${edge.line}: import '${edge.specifier}': ${why}`;

/** Why this import breaks a boundary, or null when it is allowed. */
function checkEdge(edge: ImportEdge): string | null {
  const from = placeOf(edge.from);
  const to = placeOf(edge.to);
  if (edge.to in COMPOSITION && (from.kind === 'module' || from.kind === 'platform') && !isTest(edge.from))
    return `${edge.to} is a composition root: import the module you need through its index.ts`;
  if (to.pkg !== from.pkg && to.pkg !== 'shared' && from.pkg !== 'root')
    return `packages/${from.pkg} imports packages/${to.pkg}: only @backhaul/shared is common to both`;
  if (to.kind !== 'module' || to.pkg === 'shared') return null;
  if (from.kind === 'module' && from.pkg === to.pkg && from.name === to.name) return null;
  if (from.kind === 'platform' && !isTest(edge.from))
    return `platform imports module ${to.name}: let the module register what platform needs`;
  if (isIndex(to.file)) return null;
  if (COMPOSITION[edge.from]?.test(to.file)) return null;
  // Test data builders are public to other modules' tests.
  if (isTest(edge.from) && /\.fixtures\.ts$/.test(to.file)) return null;
  return `reaches into module ${to.name} (${to.file}): import '…/${to.name}' (its index.ts)`;
}

/** Each cycle of the graph made by `edges`, as report lines naming every import that closes it. */
function reportCycles(edges: ImportEdge[], nodeOf: (path: string) => string | null): string[] {
  const between = new Map<string, ImportEdge[]>();
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const a = nodeOf(edge.from);
    const b = nodeOf(edge.to);
    if (a === null || b === null || a === b) continue;
    between.set(`${a} ${b}`, [...(between.get(`${a} ${b}`) ?? []), edge]);
    next.set(a, (next.get(a) ?? new Set()).add(b));
  }
  return findCycles(next.keys(), (n) => next.get(n) ?? []).flatMap((cycle) => [
    `${cycle.join(' ↔ ')} import each other:`,
    ...cycle.flatMap((a) =>
      cycle.flatMap((b) => (between.get(`${a} ${b}`) ?? []).map((edge) => `  ${show(edge, `${a} → ${b}`)}`)),
    ),
  ]);
}

/** A crossing as a report line: where, whose table, what the code does, and what to do instead. */
function showCrossing(c: Crossing): string {
  const whose = c.owner === 'platform' ? `${c.table} is platform's` : `${c.table} is module ${c.owner}'s`;
  if (c.kind === 'read')
    return `${c.file}:${c.line}: ${whose}: SQL names it raw (${c.as}): read it through '../${c.owner}' (its table object or a query function its index.ts exports)`;
  const rule =
    c.owner === 'platform'
      ? 'only platform code, records and commands write platform tables'
      : `only module ${c.owner} writes it: call a function its index.ts exports`;
  return `${c.file}:${c.line}: ${whose}: written here (${c.as.replace(/\s+/g, ' ')}): ${rule}`;
}

const edges = readImportGraph(ROOT, DIRS);
const runtime = edges.filter((e) => !isTest(e.from));

describe('module boundaries', () => {
  it('reads imports of every form, with their lines', () => {
    const text = [
      "import { a } from '../x';",
      'import type { B } from "../y";',
      'import {',
      '  c,',
      "} from '../z/index';",
      "export * from './t.table';",
      "import './side-effect';",
      "const page = () => import('../p/p-page');",
      "// import { no } from '../commented';",
    ].join('\n');
    expect(readImports(text)).toEqual([
      { specifier: '../x', line: 1, typeOnly: false },
      { specifier: '../y', line: 2, typeOnly: true },
      { specifier: '../z/index', line: 3, typeOnly: false },
      { specifier: './t.table', line: 6, typeOnly: false },
      { specifier: './side-effect', line: 7, typeOnly: false },
      { specifier: '../p/p-page', line: 8, typeOnly: false },
    ]);
  });

  it('walks the whole tree', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from === 'packages/server/src/modules.ts' && /\.routes\.ts$/.test(e.to))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('packages/web/src/modules/'))).toBe(true);
    expect(edges.some((e) => e.to.startsWith('packages/shared/src/modules/'))).toBe(true);
  });

  it('tells a violation from an allowed import, and finds a cycle', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, line: 3, specifier: to, typeOnly: false });
    const server = 'packages/server/src';
    expect(checkEdge(edge(`${server}/modules/a/a.service.ts`, `${server}/modules/b/b.table.ts`))).toMatch(
      /reaches into module b/,
    );
    expect(checkEdge(edge(`${server}/modules/a/a.service.ts`, `${server}/modules/b/index.ts`))).toBeNull();
    expect(checkEdge(edge(`${server}/modules/a/a.test.ts`, `${server}/modules/a/a.table.ts`))).toBeNull();
    expect(checkEdge(edge(`${server}/platform/p/p.ts`, `${server}/modules/b/index.ts`))).toMatch(/platform imports/);
    expect(checkEdge(edge(`${server}/platform/p/p.test.ts`, `${server}/modules/b/index.ts`))).toBeNull();
    expect(checkEdge(edge(`${server}/modules/a/a.service.ts`, `${server}/db/schema.ts`))).toMatch(/composition root/);
    expect(checkEdge(edge(`${server}/db/schema.ts`, `${server}/modules/b/b.table.ts`))).toBeNull();
    expect(checkEdge(edge(`${server}/main.ts`, `${server}/modules/b/b.seed.ts`))).toMatch(/reaches into/);
    expect(checkEdge(edge(`${server}/modules/a/a.ts`, 'packages/web/src/modules/b/index.ts'))).toMatch(
      /only @backhaul/,
    );
    expect(
      checkEdge(edge('packages/web/src/modules/a/a.tsx', 'packages/shared/src/modules/b/b.contract.ts')),
    ).toBeNull();
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(findCycles(Object.keys(graph), (n) => graph[n] ?? [])).toEqual([['a', 'b', 'c']]);
  });

  it('modules import other modules only through their index.ts, and platform imports no module', () => {
    const violations = edges.flatMap((edge) => {
      const why = checkEdge(edge);
      return why ? [show(edge, why)] : [];
    });
    expect(violations.length, `\n${violations.join('\n')}\n`).toBe(0);
  });

  it('has no cycle between modules', () => {
    const report = reportCycles(runtime, (path) => {
      const place = placeOf(path);
      return place.kind === 'module' ? `${place.pkg}:${place.name}` : null;
    });
    expect(report.length, `\n${report.join('\n')}\n`).toBe(0);
  });

  it('has no cycle between files (platform included)', () => {
    const report = reportCycles(runtime, (path) => path);
    expect(report.length, `\n${report.join('\n')}\n`).toBe(0);
  });

  it('reads table names in SQL text and writes through table objects, with their lines', () => {
    // `$[` stands for `${` in this sample source.
    const text = [
      "import { loads } from '../trips';",
      'const a = sql`select c.name from customers c join $[loads} l on l.customer_id = c.id`;',
      'const b = sql`select drivers.name, x.customers from $[trucks} t where t.driver_id = drivers.id`;',
      "const c = 'update loads set billing = 1'; // from customers",
      'await tx.update(loads).set({ billing: 1 });',
      'await tx.insert(invoices).values(row);',
      'const d = sql`delete from invoices where id = $[id}`;',
      "const e = /from customers/.test(text) ? `$[x} from trucks_extra` : 'x';",
      'const f = defineCommand({ run: async ({ tx }) => { await tx.update(users).set({ name: "(" }); } });',
      "const g = sql`select 1 from $[sql.identifier('trucks')} where id = 1`;",
    ]
      .join('\n')
      .replaceAll('$[', '${');
    expect(readLiterals('a(`x $[`y $[z} w`} v`, "q\\"r")'.replaceAll('$[', '${')).map((l) => l.text)).toEqual([
      'x ',
      'y ',
      ' w',
      ' v',
      'q\\"r',
    ]);
    const refs = readTableRefs(
      text,
      new Set(['customers', 'loads', 'drivers', 'trucks', 'invoices', 'users']),
      new Map([
        ['loads', 'loads'],
        ['users', 'users'],
      ]),
    ).map(({ table, kind, line, inEngine }) => `${line} ${kind} ${table}${inEngine ? ' (engine)' : ''}`);
    expect(refs.sort()).toEqual(
      [
        '2 read customers',
        '3 read drivers',
        '3 read drivers',
        '4 write loads',
        '5 write-object loads',
        '7 write invoices',
        '9 write-object users (engine)',
        '10 read trucks',
      ].sort(),
    );
  });

  it("a module reads another module's tables only through its index.ts, and writes only its own", () => {
    // Test data builders (`*.fixtures.ts`) set rows up directly, like tests.
    const crossings = readTableCrossings(ROOT, (f) => isTest(f) || f.endsWith('.fixtures.ts')).map(showCrossing);
    expect(crossings.length, `\n${crossings.join('\n')}\n`).toBe(0);
  });

  it('every server module has its index.ts', () => {
    const dir = join(ROOT, 'packages/server/src/modules');
    const missing = readdirSync(dir).filter((name) => !existsSync(join(dir, name, 'index.ts')));
    expect(missing).toEqual([]);
  });
});
