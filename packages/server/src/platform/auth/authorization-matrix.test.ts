import type { AddressInfo } from 'node:net';
import { ACTION, EXTRA_ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { describeRoute, fillParams } from '../../../test/route-urls';
import type { RegisteredRoute } from '../http/route-registry';
import type { AuthContext } from './access';
import { allows } from './guard';
import { findSession } from './session.repository';

/**
 * The authorization matrix: every registered route × anonymous, the six demo roles and a user whose
 * role grants nothing, expecting exactly what the route's declaration says for the caller's real
 * grants (read back from the database the way the guard reads them):
 * - no session → 401; a session the declaration does not allow → 403;
 * - allowed → the handler answers, never 401 or 403 and never a 500.
 * Row scopes (a customer user, a dispatcher without VIEW_ALL_TRIPS) are checked below the matrix.
 */

type Caller = { name: string; email: string | null; token: string | null; auth: AuthContext | null };
type Outcome = { route: string; caller: string; status: number; expected: string; body: string };

const DEMO_USERS = ['admin', 'dispatcher', 'accountant', 'safety', 'shop', 'customer'].map((n) => `${n}@backhaul.demo`);
// A record id that exists nowhere: writes through the matrix change no data, so every caller meets the
// same database whatever order the requests run in.
const MISSING_ID = 2_000_000_000;
// Routes declared 'session' whose handler narrows them to the caller's own record (else the section
// decides): the matrix asks for the caller's own record; others' records are checked below.
const OWN_RECORD_ROUTES = new Set(['GET /api/users/:id/edit']);
// Routes that end the caller's own session get a session of their own.
const SESSION_ENDING = new Set(['POST /api/logout']);
const CONCURRENCY = 4;

let t: TestContext;
let base: string;
let callers: Caller[];
beforeAll(async () => {
  t = await createTestApp();
  // Over real HTTP: a stream (the live events) answers its status and headers, then is closed.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const { user } = await t.createUser({ email: 'no-grants@backhaul.demo', grants: [] });
  const emails = [...DEMO_USERS, user.email];
  callers = [{ name: 'anonymous', email: null, token: null, auth: null }];
  for (const email of emails) {
    const token = await t.login(email);
    callers.push({ name: email.split('@')[0] ?? email, email, token, auth: await findSession(t.db, token) });
  }
});
afterAll(() => t.close());

const REQUEST_TIMEOUT_MS = 30_000;

/** One call as a client makes it; the answer's status, and its body unless it is an event stream. */
async function call(
  route: RegisteredRoute,
  caller: Caller,
  token: string | null,
): Promise<{ status: number; body: string }> {
  const reads = route.method === 'GET';
  const own = OWN_RECORD_ROUTES.has(describeRoute(route)) ? caller.auth?.user.id : undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch(`${base}${fillParams(route.url, own ?? (reads ? 1 : MISSING_ID))}`, {
      method: route.method,
      headers: { ...(token ? t.bearer(token) : {}), ...(reads || route.method === 'DELETE' ? {} : JSON_BODY) },
      ...(reads || route.method === 'DELETE' ? {} : { body: '{}' }),
      signal: controller.signal,
    });
    const stream = res.headers.get('content-type')?.startsWith('text/event-stream');
    const body = stream ? '(event stream)' : await res.text();
    if (stream) controller.abort();
    return { status: res.status, body: body.slice(0, 160) };
  } catch (err) {
    return { status: 0, body: `no answer: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

const JSON_BODY = { 'content-type': 'application/json' };

function expectation(route: RegisteredRoute, caller: Caller): 401 | 403 | 'answered' {
  const access = route.access;
  if (!access) throw new Error(`${describeRoute(route)} declares no access`);
  if (access === 'public') return 'answered';
  if (!caller.auth) return 401;
  return allows(caller.auth, access) ? 'answered' : 403;
}

const meets = (status: number, expected: 401 | 403 | 'answered') =>
  expected === 'answered' ? status !== 401 && status !== 403 && status < 500 : status === expected;

async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const run = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: limit }, run));
}

describe('authorization matrix', () => {
  it('every route answers every caller exactly as its declaration says', { timeout: 600_000 }, async () => {
    const outcomes: Outcome[] = [];
    await pool(t.routes, CONCURRENCY, async (route) => {
      for (const caller of callers) {
        const token =
          caller.email && SESSION_ENDING.has(describeRoute(route)) ? await t.login(caller.email) : caller.token;
        const res = await call(route, caller, token);
        outcomes.push({
          route: describeRoute(route),
          caller: caller.name,
          expected: String(expectation(route, caller)),
          ...res,
        });
      }
    });
    expect(outcomes).toHaveLength(t.routes.length * callers.length);
    const wrong = outcomes
      .filter((o) => !meets(o.status, o.expected === 'answered' ? 'answered' : (Number(o.expected) as 401 | 403)))
      .map((o) => `${o.route} as ${o.caller}: ${o.status} (expected ${o.expected}) ${o.body}`);
    expect(wrong).toEqual([]);
    // The matrix means something only if each kind of answer occurs.
    const count = (e: string) => outcomes.filter((o) => o.expected === e).length;
    expect(count('401')).toBeGreaterThan(t.routes.length * 0.9);
    expect(count('403')).toBeGreaterThan(t.routes.length);
    expect(count('answered')).toBeGreaterThan(t.routes.length * 2);
  });
});

describe('row scopes', () => {
  const one = async (q: string, params: unknown[] = []) =>
    (await t.database.query<{ id: number }>(q, params))[0]?.id ?? 0;
  const ask = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.bearer(token), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
  const customerIdsOf = async (token: string, url: string) => {
    const res = await ask(token, 'POST', url, { limit: 500 });
    expect(res.statusCode).toBe(200);
    return new Set((res.json().rows as { customer_id: number }[]).map((r) => r.customer_id));
  };

  it("a customer user reads only its own customer's invoices and payments", async () => {
    const token = await t.login('customer@backhaul.demo');
    const own = (await findSession(t.db, token))?.user.customerId ?? 0;
    expect(own).toBeGreaterThan(0);
    const otherInvoice = await one('select id from invoices where customer_id <> $1 order by id limit 1', [own]);
    const ownInvoice = await one('select id from invoices where customer_id = $1 order by id limit 1', [own]);
    const otherPayment = await one('select id from payments where customer_id <> $1 order by id limit 1', [own]);
    const ownPayment = await one('select id from payments where customer_id = $1 order by id limit 1', [own]);
    expect([otherInvoice, ownInvoice, otherPayment, ownPayment].every((id) => id > 0)).toBe(true);

    expect((await ask(token, 'POST', `/api/invoice/${ownInvoice}`)).statusCode).toBe(200);
    expect((await ask(token, 'POST', `/api/invoice/${otherInvoice}`)).statusCode).toBe(404);
    expect((await ask(token, 'GET', `/api/payments/${ownPayment}`)).statusCode).toBe(200);
    expect((await ask(token, 'GET', `/api/payments/${otherPayment}`)).statusCode).toBe(404);
    expect(await customerIdsOf(token, '/api/receivables/invoices/list')).toEqual(new Set([own]));
    expect(await customerIdsOf(token, '/api/payments/list')).toEqual(new Set([own]));
    // The same lists show several customers to the accountant: the scope, not the data, narrows them.
    const accountant = await t.login('accountant@backhaul.demo');
    expect((await customerIdsOf(accountant, '/api/payments/list')).size).toBeGreaterThan(1);
  });

  it("a customer user with customer and trip grants still sees no other customer's record or load", async () => {
    const demo = await findSession(t.db, await t.login('customer@backhaul.demo'));
    const own = demo?.user.customerId ?? 0;
    const { token } = await t.createUser({
      email: 'wide-customer@backhaul.demo',
      customerId: own,
      grants: [
        { section: SECTION.Customers, action: 0 },
        { section: SECTION.Customers, action: ACTION.VIEW },
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
        { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS },
      ],
    });
    const otherCustomer = await one('select id from customers where id <> $1 order by id limit 1', [own]);
    expect((await ask(token, 'GET', `/api/customers/${own}`)).statusCode).toBe(200);
    expect((await ask(token, 'GET', `/api/customers/${otherCustomer}`)).statusCode).toBe(404);
    const customers = (await ask(token, 'POST', '/api/customers/list', { limit: 500 })).json();
    expect(customers.rows.map((r: { id: number }) => r.id)).toEqual([own]);

    const otherTrip = await one('select trip_id as id from loads where customer_id <> $1 order by id limit 1', [own]);
    const ownTrip = await one('select trip_id as id from loads where customer_id = $1 order by id limit 1', [own]);
    expect(otherTrip).toBeGreaterThan(0);
    expect((await ask(token, 'GET', `/api/trips/${otherTrip}`)).statusCode).toBe(404);
    if (ownTrip) expect((await ask(token, 'GET', `/api/trips/${ownTrip}`)).statusCode).toBe(200);
    const window = { dateDelivery: { from: '2000-01-01', to: '2100-01-01' }, limit: 500 };
    const loads = (await ask(token, 'POST', '/api/trips/list', window)).json();
    const [ownLoads] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from loads where customer_id = $1',
      [own],
    );
    expect(loads.total).toBe(ownLoads?.n);
  });

  it('a dispatcher without VIEW_ALL_TRIPS sees only the loads it dispatches', async () => {
    const window = { dateDelivery: { from: '2000-01-01', to: '2100-01-01' }, limit: 500 };
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    const dispatcherId = (await findSession(t.db, dispatcher))?.user.id ?? 0;
    const [counts] = await t.database.query<{ mine: number; all: number }>(
      'select count(*) filter (where dispatcher_id = $1)::int as mine, count(*)::int as "all" from loads',
      [dispatcherId],
    );
    const mine = (await ask(dispatcher, 'POST', '/api/trips/list', window)).json();
    expect(mine.total).toBe(counts?.mine);
    expect(new Set(mine.rows.map((r: { dispatcher: string }) => r.dispatcher))).toEqual(new Set(['Dana Dispatch']));
    const accountant = await t.login('accountant@backhaul.demo');
    expect((await ask(accountant, 'POST', '/api/trips/list', window)).json().total).toBe(counts?.all);

    // Another dispatcher with the same grants dispatches nothing yet: it sees nothing of Dana's.
    const { token: newcomer } = await t.createUser({
      email: 'second-dispatcher@backhaul.demo',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
      ],
    });
    expect((await ask(newcomer, 'POST', '/api/trips/list', window)).json().total).toBe(0);
    const danasTrip = await one('select trip_id as id from loads where dispatcher_id = $1 order by id limit 1', [
      dispatcherId,
    ]);
    expect((await ask(newcomer, 'GET', `/api/trips/${danasTrip}`)).statusCode).toBe(404);
    expect((await ask(dispatcher, 'GET', `/api/trips/${danasTrip}`)).statusCode).toBe(200);
  });

  it("a 'session' route narrowed to one's own record refuses another user's without the Users section", async () => {
    const shop = await t.login('shop@backhaul.demo');
    const adminId = await one("select id from users where email = 'admin@backhaul.demo'");
    expect((await ask(shop, 'GET', `/api/users/${adminId}/edit`)).statusCode).toBe(403);
    const admin = await t.login('admin@backhaul.demo');
    const shopId = await one("select id from users where email = 'shop@backhaul.demo'");
    expect((await ask(admin, 'GET', `/api/users/${shopId}/edit`)).statusCode).toBe(200);
  });
});
