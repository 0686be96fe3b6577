/**
 * Rows change only by a call that may change them (issue 27), on a test database with a row probe
 * (test/row-changes.ts: it counts the rows each request inserts, deletes or updates to a different
 * value, per table, so a write is pinned on the call that made it; a checksum of every table before
 * and after is the second witness).
 *
 * - Reads: every registered GET route, called as the administrator (who may call them all), changes
 *   no row. No table is excluded: reads do not touch `sessions` (the guard only reads the session),
 *   sign-in attempts are written by POST /login only, list settings by their POST, and this app works
 *   no jobs (JOBS_IN_API=0), so neither a daily job nor queued work writes meanwhile.
 * - Refused writes, a property beside the authorization matrix: for random write routes (POST, PUT,
 *   PATCH, DELETE), random callers the route's declaration refuses (anonymous; a demo role or a role
 *   with no grants that the declaration does not allow; the administrator's own cookie sent without
 *   the web app's header, a cross-site write) and random bodies (built from the route's body schema in
 *   the OpenAPI document, or any JSON), the answer is the refusal (401 or 403) and no row changed.
 */
import { SESSION_COOKIE } from '@backhaul/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/harness';
import { describeRoute, fillParams } from '../../../test/route-urls';
import { createProbedApp, type RowProbe } from '../../../test/row-changes';
import type { RegisteredRoute } from '../http/route-registry';
import type { AuthContext } from './access';
import { allows } from './guard';
import { findSession } from './session.repository';

// GETs allowed to write: none (issue 27 moved the salary statements' generation to POST /info/statements/create).
const KNOWN_WRITERS = new Set<string>();
/**
 * Caches of what other tables determine, which a read may fill: routed legs (the road network's
 * answer for two places, kept so it is routed once) and trucks' odometers (the last reading plus the
 * routed miles of loads delivered since). No business row changes when they do.
 */
const DERIVED_CACHES = new Set(['routed_legs', 'truck_odometers']);
const businessChanges = (changed: Record<string, number>) =>
  Object.fromEntries(Object.entries(changed).filter(([table]) => !DERIVED_CACHES.has(table)));
// An event stream that never ends; it subscribes to the in-process bus and reads no table.
const NOT_WALKED = new Set(['GET /api/live']);

// Values that reach the handler where the contract wants more than an id (a 422 would prove nothing).
const PARAMS: Record<string, string> = {
  date: '2026-03-02',
  day: '2026-03-02',
  schedule: '2026-03-02',
  type: 'truck',
  entity: 'exports',
  id: '1',
};
const QUERIES: Record<string, string> = {
  'GET /api/restore': 'token=not-a-link',
  'GET /api/ifta/rates': 'quarter=2026-Q1',
  'GET /api/search': 'q=a',
  'GET /api/info/attendance/export': 'month=2026-03',
};
const JOB_ID = '00000000-0000-4000-8000-000000000001';

/** Routes whose parameters must name a real thing of the seed (an instalment's day), read before the walk. */
const FROM_SEED: Record<string, string> = {};

function urlOf(route: { method: string; url: string }): string {
  const seeded = FROM_SEED[describeRoute(route)];
  if (seeded) return seeded;
  const path = fillParams(
    route.url
      .replace(/^\/api\/jobs\/:id/, `/api/jobs/${JOB_ID}`)
      .replace(/:([A-Za-z_]+)(?=\/|$)/g, (m, name: string) => PARAMS[name] ?? m),
  );
  const query = QUERIES[describeRoute(route)];
  return query ? `${path}?${query}` : path;
}

const RUNS = 300;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ROLES = ['admin', 'dispatcher', 'accountant', 'safety', 'shop', 'customer'];

type Caller = { name: string; headers: Record<string, string>; expected: 401 | 403 };
type Refusal = { route: RegisteredRoute; caller: Caller };

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};

/** Values a body schema accepts, or nearly: the refusal must not depend on the body either way. */
function arbitraryOf(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 3) return fc.jsonValue({ maxDepth: 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => arbitraryOf(o, depth + 1)));
  switch ([s.type].flat()[0]) {
    case 'object': {
      const properties = s.properties ?? {};
      const fields = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      return fc.record(fields, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(arbitraryOf(s.items, depth + 1), { maxLength: 3 });
    case 'string':
      return fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom('2026-03-02', '1', 'ACH', ''));
    case 'integer':
      return fc.integer({ min: 0, max: 1000 });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)(\([^)]*\))?/g, '{$1}');

let t: TestContext;
let probe: RowProbe;
let admin: string;
let refusals: Refusal[];
let bodySchemas: Map<string, Schema>;
beforeAll(async () => {
  ({ t, probe } = await createProbedApp());
  admin = await t.login('admin@backhaul.demo');
  // The edit form of an instalment answers 422 on a day its series has no payment: use the first one's start.
  const [series] = await t.database.query<{ id: number; start: string }>(
    'select id, start_date::text as start from scheduled_payments order by id limit 1',
  );
  if (series)
    FROM_SEED['GET /api/scheduled-payments/:id/edit/:date'] =
      `/api/scheduled-payments/${series.id}/edit/${series.start}`;
  const callers: Array<{ caller: Caller; auth: AuthContext | null }> = [
    { caller: { name: 'anonymous', headers: {}, expected: 401 }, auth: null },
  ];
  const { user } = await t.createUser({ email: 'refused-nothing@backhaul.demo', grants: [] });
  for (const name of [...ROLES, user.email.split('@')[0] ?? '']) {
    const token = await t.login(`${name}@backhaul.demo`);
    callers.push({ caller: { name, headers: t.bearer(token), expected: 403 }, auth: await findSession(t.db, token) });
  }
  // The session cookie without the web app's header: a page of another site writing as the admin.
  const cookie = `${SESSION_COOKIE}=${admin}`;
  const crossSite = { name: 'admin cookie, cross-site', headers: { cookie }, expected: 403 as const };

  refusals = [];
  for (const route of t.routes) {
    const access = route.access;
    if (!WRITES.has(route.method) || !access || access === 'public') continue;
    refusals.push({ route, caller: crossSite });
    for (const { caller, auth } of callers) if (!auth || !allows(auth, access)) refusals.push({ route, caller });
  }
  type Doc = {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  };
  const doc = (t.app as unknown as { swagger: () => Doc }).swagger();
  bodySchemas = new Map();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema) bodySchemas.set(`${method.toUpperCase()} ${path}`, schema);
    }
  }
  await probe.take();
});
afterAll(() => t.close());

describe('reads', () => {
  it('no GET route changes a row', { timeout: 120_000 }, async () => {
    const gets = t.routes.filter((r) => r.method === 'GET' && !NOT_WALKED.has(describeRoute(r)));
    // The known writers go last, so the checksum after the others compares every table.
    const ordered = [
      ...gets.filter((r) => !KNOWN_WRITERS.has(describeRoute(r))),
      ...gets.filter((r) => KNOWN_WRITERS.has(describeRoute(r))),
    ];
    const before = await probe.fingerprint({ except: [...DERIVED_CACHES] });
    const writes: string[] = [];
    const unreached: string[] = [];
    let checksummed = false;
    let after: Record<string, string> = {};
    for (const route of ordered) {
      const name = describeRoute(route);
      if (KNOWN_WRITERS.has(name) && !checksummed) {
        after = await probe.fingerprint({ except: [...DERIVED_CACHES] });
        checksummed = true;
      }
      const url = urlOf(route);
      const res = await t.app.inject({ method: 'GET', url, headers: t.bearer(admin) });
      const changed = businessChanges(await probe.take());
      if (Object.keys(changed).length > 0 && !KNOWN_WRITERS.has(name)) {
        writes.push(`${name} (${url}, ${res.statusCode}) changed ${JSON.stringify(changed)}`);
      }
      if (res.statusCode === 422 || res.statusCode >= 500)
        unreached.push(`${name} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    if (!checksummed) after = await probe.fingerprint({ except: [...DERIVED_CACHES] });
    expect(gets.length).toBeGreaterThan(150);
    expect(writes).toEqual([]);
    // Each URL reaches its handler: a 422 means the walk needs a sample value above.
    expect(unreached).toEqual([]);
    const differ = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(differ).toEqual([]);
    expect(Object.keys(before).length).toBe(probe.tables.length - DERIVED_CACHES.size);
  });

  it('the probe sees a write: a POST that saves a row is counted on its table', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/info/holidays',
      headers: t.bearer(admin),
      payload: { name: 'Probe Day', date: '2026-07-14', paid: true },
    });
    expect(res.statusCode).toBe(200);
    // The holiday and its audit row.
    expect(await probe.take()).toEqual({ audit_log: 1, holidays: 1 });
    expect(await probe.take()).toEqual({});
  });
});

describe('refused calls', () => {
  it('a refused write changes no row, whatever the route, the caller and the body', { timeout: 120_000 }, async () => {
    expect(refusals.length).toBeGreaterThan(1000);
    const before = await probe.fingerprint();
    const seen = { routes: new Set<string>(), callers: new Set<string>(), schemaBodies: 0 };
    const call = fc.constantFrom(...refusals).chain((refusal) => {
      const schema = bodySchemas.get(`${refusal.route.method} ${openapiPath(refusal.route.url)}`);
      return fc.record({
        refusal: fc.constant(refusal),
        fromSchema: fc.constant(schema !== undefined),
        body: schema ? fc.oneof(arbitraryOf(schema), fc.jsonValue({ maxDepth: 3 })) : fc.jsonValue({ maxDepth: 3 }),
        id: fc.integer({ min: 1, max: 12 }),
      });
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ refusal: { route, caller }, fromSchema, body, id }) => {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: fillParams(route.url, id),
          headers: { ...caller.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body ?? null),
        });
        const changed = await probe.take();
        const what = `${describeRoute(route)} as ${caller.name}`;
        expect({ what, status: res.statusCode, changed }).toEqual({ what, status: caller.expected, changed: {} });
        seen.routes.add(describeRoute(route));
        seen.callers.add(caller.name);
        if (fromSchema) seen.schemaBodies++;
      }),
      { numRuns: RUNS },
    );
    expect(await probe.fingerprint()).toEqual(before);
    // The runs meant something: many routes, every kind of refused caller, bodies of the route's shape.
    expect(seen.routes.size).toBeGreaterThan(RUNS / 3);
    expect(seen.callers.has('anonymous') && seen.callers.has('admin cookie, cross-site')).toBe(true);
    expect(seen.callers.size).toBeGreaterThan(4);
    expect(seen.schemaBodies).toBeGreaterThan(RUNS / 4);
  });
});
