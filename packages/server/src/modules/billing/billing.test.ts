import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { BILLING_LABELS } from '@backhaul/shared/modules/billing/billing.contract';
import { INVOICE_MSG } from '@backhaul/shared/modules/invoices/invoices.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

let t: TestContext;
let admin: string;

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });
const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(token) });
const del = (url: string, token = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: t.bearer(token) });
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

const unbilledLoad = async (offset = 0) => {
  const [row] = await q<{ id: number }>(
    `select id from loads where delivery_at < now() - interval '1 day' and not billing and customer_invoice_id is null
     order by id limit 1 offset $1`,
    [offset],
  );
  if (!row) throw new Error('no unbilled delivered load');
  return Number(row.id);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(async () => {
  thawClock();
  await t.close();
});

describe('billing list', () => {
  it('GET /billings answers loads, filters and settings; only delivered loads, flags in the spec words', async () => {
    const res = await get('/billings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['loads', 'filters', 'settings']));
    expect(body.loads.length).toBeGreaterThan(0);
    // The default window (issue 31): loads delivered in the 4 weeks ending today (company time).
    const [delivered] = await q<{ n: number }>(
      `select count(*)::int as n from loads where delivery_at <= now()
         and (delivery_at at time zone 'America/Chicago')::date >= (now() at time zone 'America/Chicago')::date - 27`,
    );
    expect(body.total).toBe(delivered?.n);
    for (const r of body.loads) {
      expect([BILLING_LABELS.invoiceExists, BILLING_LABELS.invoiceMissing]).toContain(r.invoice);
      expect([BILLING_LABELS.ppwExists, BILLING_LABELS.ppwMissing]).toContain(r.ppw_url);
    }
    expect(body.filters.invoice.map((o: { value: string }) => o.value)).toEqual(['Exist', 'Not exist']);
  });

  it('filters by the PPW flag and the invoice flag', async () => {
    const res = await post('/billings/list', {
      filters: { ppw_url: { values: [BILLING_LABELS.ppwMissing] }, delivery_datetime: null },
      limit: 500,
    });
    const [n] = await q<{ n: number }>('select count(*)::int as n from loads where delivery_at <= now() and ppw = 0');
    expect(res.json().total).toBe(n?.n);
    expect(res.json().rows.every((r: { ppw_url: string }) => r.ppw_url === BILLING_LABELS.ppwMissing)).toBe(true);
  });

  it('column settings save through the generic route', async () => {
    const res = await post('/billings/settings', {
      settings: {
        columns: [
          { id: 'load_id', visible: true },
          { id: 'gross', visible: false },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const list = await post('/billings/list', {});
    expect(list.json().settings.columns.find((c: { id: string }) => c.id === 'gross').visible).toBe(false);
  });
});

describe('billing list first load (issue 31)', () => {
  // Frozen on Friday 20 Nov 2026, 12:00 CST: the window is 24 Oct – 20 Nov (company days).
  const NOW = '2026-11-20T18:00:00Z';
  it('defaults to 4 weeks of deliveries (named in the answer; null clears it), options from the registries', async () => {
    freezeClock(NOW);
    try {
      // Fixture at the window's edges: 24 Oct 00:00 CDT (05:00Z) is in, a second before is out;
      // the frozen instant is in, a second after is not delivered yet.
      const ids = (
        await q<{ id: number }>(
          `select id from loads where customer_invoice_id is null and delivery_at < '2026-10-01' order by id limit 4`,
        )
      ).map((r) => r.id);
      const at = ['2026-10-24T05:00:00Z', '2026-10-24T04:59:59Z', NOW, '2026-11-20T18:00:01Z'];
      for (const [i, d] of at.entries())
        await q('update loads set delivery_at = $2, gross_cents = $3 where id = $1', [ids[i], d, 123_45 + i]);

      const first = (await post('/billings/list', { with_options: true, limit: 15 })).json();
      expect(first.defaults).toEqual({ delivery_datetime: { from: '2026-10-24', to: '2026-11-20' } });
      // Same rows and totals as the explicit window, and as SQL written here over the same loads.
      const explicit = (
        await post('/billings/list', {
          filters: { delivery_datetime: { from: '2026-10-24', to: '2026-11-20' } },
          limit: 15,
        })
      ).json();
      expect(first.total).toBe(explicit.total);
      expect(first.sum).toEqual(explicit.sum);
      expect(first.rows).toEqual(explicit.rows);
      const [w] = await q<{ n: number; cents: string; customers: number }>(
        `select count(*)::int as n, sum(gross_cents)::bigint as cents, count(distinct customer_id)::int as customers
           from loads where delivery_at >= '2026-10-24T05:00:00Z' and delivery_at <= $1`,
        [NOW],
      );
      expect(first.total).toBe(w?.n);
      expect(first.sum.gross).toBeCloseTo(Number(w?.cents) / 100, 2);
      expect(first.sum.customer).toBe(w?.customers);
      // An id filter looks past the window; the window holds the edges it should.
      const found = async (filters: object) =>
        (
          (await post('/billings/list', { filters, limit: 15 })).json().rows as Array<{
            load_id: number;
            gross: number;
          }>
        ).map((r) => `${r.load_id}:${r.gross}`);
      const window = { from: '2026-10-24', to: '2026-11-20' };
      const seen: string[] = [];
      const seenInWindow: string[] = [];
      for (const id of ids) {
        seen.push(...(await found({ load_id: { op: 'eq', value: id } })));
        seenInWindow.push(...(await found({ load_id: { op: 'eq', value: id }, delivery_datetime: window })));
      }
      expect(seen).toEqual([`${ids[0]}:123.45`, `${ids[1]}:123.46`, `${ids[2]}:123.47`]);
      expect(seenInWindow).toEqual([`${ids[0]}:123.45`, `${ids[2]}:123.47`]);
      // null clears the window: every delivered load, as before.
      const cleared = (await post('/billings/list', { filters: { delivery_datetime: null } })).json();
      const [d] = await q<{ n: number }>('select count(*)::int as n from loads where delivery_at <= $1', [NOW]);
      expect(cleared.total).toBe(d?.n);

      // Options: the company's customers, brokers and staff, each holding what distinct over the loads gave.
      const values = (k: string) => first.filter[k].map((o: { value: number }) => Number(o.value));
      const reg = async (text: string) => (await q<{ id: number }>(text)).map((r) => Number(r.id));
      expect(values('customer').sort()).toEqual((await reg('select id from customers')).sort());
      expect(values('broker_name').sort()).toEqual((await reg('select id from brokers')).sort());
      expect(values('billed_by').sort()).toEqual((await reg('select id from users where customer_id is null')).sort());
      for (const b of await reg('select distinct created_by as id from billings where created_by is not null'))
        expect(values('billed_by')).toContain(b);
      for (const b of await reg('select distinct broker_id as id from loads where broker_id is not null'))
        expect(values('broker_name')).toContain(b);
      const acme = first.filter.customer.find((o: { value: number }) => Number(o.value) === values('customer')[0]);
      const [name] = await q<{ name: string }>('select name from customers where id = $1', [acme.value]);
      expect(acme.label).toBe(name?.name);
    } finally {
      thawClock();
    }
  });
});

describe('create and delete billing', () => {
  it('POST /billing creates it and sets loads.billing; twice is refused; DELETE removes it', async () => {
    const loadId = await unbilledLoad();
    const res = await post('/billing', { load_id: loadId });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().billing.id;
    expect((await q<{ billing: boolean }>('select billing from loads where id = $1', [loadId]))[0]?.billing).toBe(true);
    const row = (await post('/billings/list', { filters: { load_id: { op: 'eq', value: loadId } } })).json().rows[0];
    expect(row).toMatchObject({ billing_id: id, billing: 'Created', invoice: 'Not exist' });
    const twice = await post('/billing', { load_id: loadId });
    expect(twice.statusCode).toBe(412);
    expect(twice.json().error.mail).toBe(INVOICE_MSG.billingExists);

    const removed = await del(`/billing/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MSG.removalSuccess);
    expect((await q<{ billing: boolean }>('select billing from loads where id = $1', [loadId]))[0]?.billing).toBe(
      false,
    );
    expect((await q('select 1 from billings where id = $1', [id])).length).toBe(0);
  });

  it('refuses a load not delivered yet and a load of another company', async () => {
    const [future] = await q<{ id: number }>(
      'select id from loads where delivery_at > now() or delivery_at is null limit 1',
    );
    if (future) {
      const res = await post('/billing', { load_id: future.id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.load_id).toEqual([INVOICE_MSG.billingNotDelivered]);
    }
    expect((await post('/billing', { load_id: 99999999 })).statusCode).toBe(404);
    expect((await post('/billing', { load_id: 'x' })).statusCode).toBe(422);
  });

  it('refuses deleting the billing of an invoiced load', async () => {
    const loadId = await unbilledLoad(1);
    const id = (await post('/billing', { load_id: loadId })).json().billing.id;
    await q('update loads set customer_invoice_id = 1 where id = $1', [loadId]);
    const res = await del(`/billing/${id}`);
    expect(res.statusCode).toBe(412);
    expect(res.json().error.mail).toBe(INVOICE_MSG.billingInvoiced);
    expect((await q('select 1 from billings where id = $1', [id])).length).toBe(1);
  });

  it('GET /billings/:id answers the load files', async () => {
    const [load] = await q<{ id: number; company_id: number }>(
      'select id, company_id from loads where delivery_at < now() limit 1',
    );
    await t.app.deps.files.store({
      companyId: load?.company_id ?? 1,
      entity: 'loads',
      entityId: load?.id ?? 0,
      category: 'ppw',
      name: 'pod.pdf',
      mime: 'application/pdf',
      data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      uploadedBy: null,
    });
    const res = await get(`/billings/${load?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().load_files.map((f: { name: string }) => f.name)).toContain('pod.pdf');
  });
});

describe('billing permissions', () => {
  it('view (51) lists but cannot create; create needs 45; customers have no billing', async () => {
    const viewer = await t.createUser({
      email: 'billing-viewer@test.local',
      grants: [
        { section: SECTION.Billing, action: 0 },
        { section: SECTION.Billing, action: ACTION.BILLING_VIEW },
      ],
    });
    expect((await post('/billings/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await post('/billing', { load_id: await unbilledLoad() }, viewer.token)).statusCode).toBe(403);
    expect((await del('/billing/1', viewer.token)).statusCode).toBe(403);
    const customer = await t.login('customer@backhaul.demo');
    expect((await get('/billings', customer)).statusCode).toBe(403);
  });
});
