import apiRegister from '@backhaul/shared/spec/api-register.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

/**
 * The one check of the API register (packages/shared/src/spec/api-register.json) against the
 * routes the server mounts: every call of a finished area is served with its method and path and
 * declares its access; an area not listed as finished still misses a call (so the list stays true
 * both ways); and the calls a signed-in administrator can make without an id answer the register's
 * response keys. Per-area tests check the answers in depth.
 */

type Call = {
  method: string;
  path: string;
  area: string;
  pattern?: boolean;
  response_keys: string[];
};
const register = apiRegister as Call[];

/** Areas whose every call is served. An area joins this list in the change that serves its last call. */
const FINISHED_AREAS = [
  'Session',
  'Dashboard and statistics',
  'Trips',
  'Export',
  'Loads and billing',
  'Invoices',
  'Invoice generator',
  'Payments',
  'Customer payments',
  'Lost payments',
  'Factoring',
  'Column settings',
  'Permissions and roles',
  'Schedules',
  'Short payments',
  'Customers',
  'Drivers',
  'Employees',
  'Trailers',
  'Trucks',
  'Potential clients',
  'Clients',
  'Company settings (/info lists)',
  'Departments',
  'Positions',
  // The Shop.
  'Work orders',
  'Work orders statistics',
  'Trucks on the road',
  'Planner',
  'Light orders',
  'Day off',
  'Reports',
  'Safety exceptions',
  'Safety',
  'Motivation programme',
  // Staff pay (issue 16).
  'Bonus or charge',
  'Dispatcher statements',
  'Manager statements',
  'Safety statements',
  'Salaries and pay history',
  // Settings (issue 20).
  'Settings',
  'Versions',
  'Employee work schedule',
  // Driver pay (issue 15).
  'Driver statements',
  'Fuel',
  'Scheduled payments',
  // Account (issue 19): the geo list was its last call.
  'Account and personal',
];

/** One spelling for a path: parameters renamed, fastify's regex constraints dropped. */
const shape = (path: string) => path.replace(/:\w+(\([^)]*\))?/g, ':p');

let t: TestContext;
let mounted: Map<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  mounted = new Map(t.routes.map((r) => [`${r.method} ${shape(r.url)}`, r.access]));
});
afterAll(async () => t?.close());

/** The generic routes serve a whole pattern: POST /:section/settings and POST /:requestKey/export. */
function servedBy(call: Call): string | undefined {
  const key = `${call.method} ${shape(`/api${call.path}`)}`;
  if (mounted.has(key)) return key;
  if (call.method === 'POST' && /\/(settings|export)$/.test(call.path) && mounted.has('POST /api/:p/:p'))
    return 'POST /api/:p/:p';
  if (call.method === 'POST' && call.path.endsWith('/settings') && mounted.has('POST /api/:p/settings'))
    return 'POST /api/:p/settings';
  if (call.method === 'POST' && call.path.endsWith('/export') && mounted.has('POST /api/:p/export'))
    return 'POST /api/:p/export';
  return undefined;
}

describe('the API register', () => {
  it('holds the 490 calls the contract names', () => {
    expect(register).toHaveLength(490);
  });

  it('every call of a finished area is served with its method and path, and declares its access', () => {
    const missing = register
      .filter((c) => FINISHED_AREAS.includes(c.area))
      .filter((c) => !servedBy(c))
      .map((c) => `${c.area}: ${c.method} ${c.path}`);
    expect(missing).toEqual([]);
    const undeclared = register
      .map((c) => servedBy(c))
      .filter((k): k is string => k !== undefined && mounted.get(k) === undefined);
    expect(undeclared).toEqual([]);
  });

  it('an area left off the finished list still misses a call (add it to the list when it is whole)', () => {
    const areas = [...new Set(register.map((c) => c.area))];
    const whole = areas.filter(
      (a) => !FINISHED_AREAS.includes(a) && register.filter((c) => c.area === a).every((c) => servedBy(c)),
    );
    expect(whole.join(', ')).toBe('');
    for (const a of FINISHED_AREAS) expect(areas, a).toContain(a);
  });

  it('the served calls an administrator makes without an id answer the register keys', async () => {
    const token = await t.login('admin@backhaul.demo');
    const calls = register.filter(
      (c) => c.method === 'GET' && !c.path.includes(':') && c.response_keys.length > 0 && servedBy(c),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      const res = await t.app.inject({ method: 'GET', url: `/api${c.path}`, headers: t.bearer(token) });
      expect(res.statusCode, `${c.path}: ${res.body.slice(0, 200)}`).toBe(200);
      const body = res.json() as Record<string, unknown>;
      const absent = c.response_keys.filter((k) => !(k in body));
      expect(absent, c.path).toEqual([]);
    }
  });
});
