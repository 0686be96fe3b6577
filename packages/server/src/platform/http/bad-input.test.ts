/**
 * Bad input through the real routes (issue 11, findings 5 and 9): impossible dates, control
 * characters and wrong money types answer 422 naming the field and record nothing; and a sweep over
 * every route's body schema (read from the OpenAPI document) sends wrong types and control
 * characters to each field, expecting a 422 that names it — never a 500.
 */
import { DATE_MSG } from '@backhaul/shared/schemas/dates';
import { TEXT_MSG } from '@backhaul/shared/schemas/text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { payments } from '../../modules/payments';
import { demoCustomers, makeInvoice, readInvoice } from '../../modules/payments/payments.fixtures';

let t: TestContext;
let admin: string;
let customer: number;
let invoiceId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  customer = (await demoCustomers(t.db)).other;
  invoiceId = await makeInvoice(t.db, {
    customerId: customer,
    totalCents: 100_000,
    periodFrom: '2026-01-01',
    periodTo: '2026-01-31',
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
const paymentsOf = async (id: number) => t.db.select().from(payments).where(eq(payments.invoiceId, id));
const PAYMENT = { amount: 10, date: '2026-02-02', payment_method: 'ACH' };

describe('impossible dates answer 422 naming the field', () => {
  it('payments, lost payments and invoice generation (the 500s of the finding)', async () => {
    const pay = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, date: '2026-02-30' });
    expect(pay.statusCode).toBe(422);
    expect(errorsOf(pay).date).toEqual([DATE_MSG.noSuchDate]);

    const lost = await call('POST', '/lost-payment', {
      invoice_id: invoiceId,
      kind: 'loss',
      amount: 5,
      date: '2025-02-29',
    });
    expect(lost.statusCode).toBe(422);
    expect(errorsOf(lost).date).toEqual([DATE_MSG.noSuchDate]);

    const generate = await call('POST', '/generate-invoice', { from: '2026-02-01', to: '2026-02-30' });
    expect(generate.statusCode).toBe(422);
    expect(errorsOf(generate).to).toEqual([DATE_MSG.noSuchDate]);

    expect(await paymentsOf(invoiceId)).toEqual([]);
    expect(await readInvoice(t.db, invoiceId)).toMatchObject({ paidCents: 0, lossCents: 0 });
  });

  it('everywhere else a date is taken: invoices, list filters, stop times, months, the trips adapter', async () => {
    const manual = await call('POST', '/invoice/new', {
      customer_id: customer,
      from: '2026-04-31',
      to: '2026-05-01',
      lines: [{ description: 'Dispatch', quantity: 1, amount: 10 }],
    });
    expect(errorsOf(manual).from).toEqual([DATE_MSG.noSuchDate]);

    const list = await call('POST', '/payments-customer/list', { filters: { date: { from: '2026-02-30' } } });
    expect(list.statusCode).toBe(422);
    expect(errorsOf(list)['filters.date']).toEqual([DATE_MSG.noSuchDate]);

    const trip = await call('POST', '/trips/update/0', {
      customer_id: 1,
      dispatcher_id: 1,
      loads: [{ gross: 100, stops: [{ type: 1, city: 'Dallas', state: 'TX', at: '2026-02-30 10:00' }] }],
    });
    expect(errorsOf(trip)['loads.0.stops.0.at']).toEqual([DATE_MSG.dateTime]);

    const safety = await call('POST', '/safety/statistic', { date: '2026-13' });
    expect(errorsOf(safety).date).toEqual([DATE_MSG.month]);

    const adapter = await call('POST', '/trips/list', { dateDelivery: '2026-02-30' });
    expect(adapter.statusCode).toBe(422);
    expect(Object.keys(errorsOf(adapter))).toEqual(['dateDelivery']);
  });
});

describe('control characters answer 422 naming the field', () => {
  it('a NUL in a note, an escape in a name, a NUL in a key or a query, and nothing is recorded', async () => {
    const note = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, note: 'paid\u0000' });
    expect(note.statusCode).toBe(422);
    expect(errorsOf(note).note).toEqual([TEXT_MSG.control]);
    expect(await paymentsOf(invoiceId)).toEqual([]);

    const name = await call('POST', '/customers/create', { name: 'Acme \u001b[31mred' });
    expect(errorsOf(name).name).toEqual([TEXT_MSG.control]);

    const key = await call('POST', '/payments-customer/list', { filters: { 'note\u0000': { value: 'x' } } });
    expect(errorsOf(key)['filters.note\u0000']).toEqual([TEXT_MSG.control]);

    const query = await t.app.inject({ method: 'GET', url: '/api/restore?token=abc%00def' });
    expect(query.statusCode).toBe(422);
    expect(errorsOf(query).token).toEqual([TEXT_MSG.control]);
  });

  it('in a multipart upload too: the file name and the category field', async () => {
    const upload = (name: string, category: string) => {
      const boundary = '----backhaulBadInput';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${category}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/files/upload/drivers/1',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.bearer(admin) },
      });
    };
    const name = await upload('scan\u0000.pdf', 'cdl');
    expect(name.statusCode).toBe(422);
    expect(errorsOf(name).file).toEqual([TEXT_MSG.control]);
    const category = await upload('scan.pdf', 'cdl\u0007');
    expect(category.statusCode).toBe(422);
    expect(errorsOf(category).category).toEqual([TEXT_MSG.control]);
    const files = await t.database.query<{ n: number }>(
      "select count(*)::int as n from files where entity = 'drivers' and entity_id = '1'",
    );
    expect(files[0]?.n).toBe(0);
    expect((await upload('scan.pdf', 'cdl')).statusCode).toBe(200);
  });

  it('tab and line breaks are text', async () => {
    const res = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, amount: 1, note: 'line one\r\n\tline two' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.note).toBe('line one\r\n\tline two');
    await call('DELETE', `/payments/${res.json().payment.id}`);
  });
});

describe('a JSON body over the 5 MB limit', () => {
  it('answers 413 about the request body (not a file), and nothing is recorded', async () => {
    const note = 'x'.repeat(5 * 1024 * 1024);
    const res = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, note });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large: the limit is 5 MB.' });
    expect(await paymentsOf(invoiceId)).toEqual([]);
    // Just under the limit the body is read and its field judged (a note that long is refused by name).
    const under = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, note: note.slice(0, 4 * 1024 * 1024) });
    expect(under.statusCode).toBe(422);
    expect(Object.keys(errorsOf(under))).toEqual(['note']);
  });
});

describe('money is dollars as a number or a decimal text, nothing else', () => {
  it('"0x10", true and [5] are refused where they became $16, $1 and $5', async () => {
    for (const amount of ['0x10', true, [5], '1e3', '$5', '5.001']) {
      const res = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, amount });
      expect(res.statusCode, JSON.stringify(amount)).toBe(422);
      expect(errorsOf(res).amount, JSON.stringify(amount)).toHaveLength(1);
    }
    expect(await paymentsOf(invoiceId)).toEqual([]);
    expect((await readInvoice(t.db, invoiceId)).paidCents).toBe(0);
  });

  it('a decimal text and a number are the same exact cents', async () => {
    const a = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, amount: '12.34' });
    const b = await call('POST', `/payments/${invoiceId}`, { ...PAYMENT, amount: 0.1 + 0.2 });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await paymentsOf(invoiceId)).map((p) => p.amountCents).sort((x, y) => x - y)).toEqual([30, 1234]);
    for (const res of [a, b]) await call('DELETE', `/payments/${res.json().payment.id}`);
  });

  // Every module that takes money: the route, a body, and where the amount sits in it.
  const MONEY_FIELDS: { route: string; method?: 'POST' | 'PUT'; body: () => object; field: string }[] = [
    { route: '/lost-payment', body: () => ({ invoice_id: invoiceId, kind: 'mistake' }), field: 'amount' },
    {
      route: '/invoice/new',
      body: () => ({
        customer_id: customer,
        from: '2026-03-01',
        to: '2026-03-31',
        lines: [{ description: 'x', quantity: 1 }],
      }),
      field: 'lines.0.amount',
    },
    {
      route: '/short/payments',
      body: () => ({ load_id: 1, processed_date: '2026-03-01', status: 'New' }),
      field: 'amount_factoring',
    },
    { route: '/schedules/load/1', body: () => ({ status: 'applied' }), field: 'amount_factoring' },
    { route: '/trucks', body: () => ({ truck_number: 'MONEY1', status: 'active' }), field: 'origin_value' },
    { route: '/trailers', body: () => ({ trailer_number: 'MONEY1', status: 'active' }), field: 'origin_value' },
    { route: '/trucks/value/1/store', body: () => ({ year: 2024 }), field: 'value' },
    {
      route: '/trips/update/0',
      body: () => ({ customer_id: 1, dispatcher_id: 1, loads: [{ stops: [] }] }),
      field: 'loads.0.gross',
    },
  ];

  // Pay rates are written to the thousandth ($0.575 a mile): the shared rate schema, as strict as money.
  const RATE_FIELDS: { route: string; method?: 'POST' | 'PUT'; body: () => object; field: string }[] = [
    {
      route: '/drivers/new',
      body: () => ({ driver: 'Money Test', phone: '3125550142', payment_type: 'flat' }),
      field: 'amount',
    },
    {
      route: '/drivers/setContract/1',
      body: () => ({ contract_type: 'flat', starts_on: '2026-01-01' }),
      field: 'rate',
    },
  ];
  it.each(RATE_FIELDS)('$route refuses "0x10", true and [5] in the rate $field', async ({ route, body, field }) => {
    for (const bad of ['0x10', true, [5]]) {
      const res = await call('POST', route, { ...body(), [field]: bad });
      expect(res.statusCode, `${route} ${JSON.stringify(bad)}`).toBe(422);
      expect(errorsOf(res)[field]?.[0], `${route} ${JSON.stringify(bad)}`).toMatch(/^Enter the .+ as a number/);
    }
  });

  it.each(MONEY_FIELDS)('$route refuses "0x10", true and [5] in $field', async ({ route, method, body, field }) => {
    for (const bad of ['0x10', true, [5]]) {
      const payload = body() as Record<string, unknown>;
      const [head, ...rest] = field.split('.');
      if (rest.length) {
        const list = payload[head as string] as Record<string, unknown>[];
        (list[0] as Record<string, unknown>)[rest[1] as string] = bad;
      } else payload[field] = bad;
      const res = await call(method ?? 'POST', route, payload);
      expect(res.statusCode, `${route} ${JSON.stringify(bad)}`).toBe(422);
      expect(errorsOf(res)[field]?.[0], `${route} ${JSON.stringify(bad)}`).toMatch(/^Enter the .+ in dollars/);
    }
  });
});

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** Every route with a JSON body: its method, a concrete URL and the body's top-level fields. */
function routesWithBodies(): { method: string; url: string; fields: [string, JsonSchema][] }[] {
  const doc = (t.app as unknown as { swagger: () => { paths: Record<string, Record<string, Operation>> } }).swagger();
  const out: { method: string; url: string; fields: [string, JsonSchema][] }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (!schema?.properties) continue;
      // Path parameters: a list for the generic list routes, create for /customers/:type, a date for dates, 1 elsewhere.
      const url = path
        .replace(/^\/api/, '')
        .replace(/\{(section|requestKey)\}/, 'payments')
        .replace('{type}', 'create')
        // Dates in the path (a day, a schedule's first day) take a real date.
        .replace(/\{(date|day|schedule)\}/g, '2026-01-05')
        .replace(/\{[^}]+\}/g, '1');
      out.push({ method: method.toUpperCase(), url, fields: Object.entries(schema.properties) });
    }
  }
  return out;
}

/** The JSON types a field declares, or null when it takes anything. */
function typesOf(s: JsonSchema): Set<string> | null {
  if (s.anyOf) {
    const all = new Set<string>();
    for (const option of s.anyOf) {
      const types = typesOf(option);
      if (!types) return null;
      for (const x of types) all.add(x);
    }
    return all;
  }
  if (s.type) return new Set([s.type].flat().map((x) => (x === 'integer' ? 'number' : x)));
  if (s.enum) return new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
  return null;
}

describe('wrong types anywhere answer 422 naming the field, never a 500', () => {
  it('every field of every route body', async () => {
    const routes = routesWithBodies();
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const { method, url, fields } of routes) {
      for (const [name, schema] of fields) {
        const types = typesOf(schema);
        if (!types) continue;
        const wrong = !types.has('object') ? { x: 1 } : !types.has('string') ? 'x' : !types.has('array') ? [[]] : null;
        if (wrong === null) continue;
        const res = await call(method as 'POST', url, { [name]: wrong });
        sent++;
        const errors = errorsOf(res);
        if (res.statusCode !== 422 || !Object.keys(errors).some((k) => k === name || k.startsWith(`${name}.`))) {
          failures.push(
            `${method} ${url} ${name}=${JSON.stringify(wrong)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);

  it('a NUL in every text field of every route body', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { method, url, fields } of routesWithBodies()) {
      for (const [name, schema] of fields) {
        if (!typesOf(schema)?.has('string')) continue;
        const res = await call(method as 'POST', url, { [name]: 'a\u0000b' });
        sent++;
        if (res.statusCode !== 422 || errorsOf(res)[name]?.[0] !== TEXT_MSG.control) {
          failures.push(`${method} ${url} ${name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 120_000);
});
