import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { CUSTOMER_MSG } from './customers.service';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

const FORM = {
  name: 'Red River Haulers LLC',
  email: 'Ops@RedRiver.example.com',
  phone: '+1 (214) 555-0142',
  mc_number: '912345',
  dot_number: '3123456',
  address: '100 Commerce St',
  city: 'Dallas',
  state: 'tx',
  zip: '75201',
  sale_manager_id: '',
  factoring_company_id: '',
  frozen: '0',
  services: ['dispatch', 'safety'],
  find_us: 'Referral',
  exceptions: [],
};

async function create(extra: object = {}, token = admin) {
  const res = await req('POST', '/customers/create', { ...FORM, ...extra }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer as { id: number; name: string; frozen: number; balance: number };
}

describe('customers list', () => {
  it('answers the spec columns with Division ID, totals of the balance and frozen colours in the rows', async () => {
    await create({ name: 'Frozen Assets Freight', frozen: '1' });
    await create({ name: 'Daptor Line Inc', frozen: 2 });
    const res = await req('POST', '/customers/list', { limit: 500 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const visible = body.columns.filter((c: { hidden: boolean }) => !c.hidden);
    expect(visible.map((c: { id: string }) => c.id)).toEqual([
      'id',
      'name',
      'created_at',
      'sale_manager',
      'email',
      'phone',
      'frozen',
      'services',
      'balance',
      'find_us',
    ]);
    expect(visible[0].title).toBe('Division ID');
    const sum = body.rows.reduce((s: number, r: { balance: number }) => s + Math.round(r.balance * 100), 0) / 100;
    expect(body.sum.balance).toBeCloseTo(sum, 2);
    expect(body.sum.balance).toBeGreaterThan(0);
    expect(body.rows.some((r: { frozen: number }) => r.frozen === 1)).toBe(true);
    expect(body.filter.frozen).toEqual([
      { value: 0, label: 'No' },
      { value: 1, label: 'Frozen' },
      { value: 2, label: 'Daptor' },
    ]);
  });

  it('filters by frozen and balance, through every list variant', async () => {
    const frozen = (await req('POST', '/customers/list', { filters: { frozen: { values: [1] } } })).json();
    expect(frozen.total).toBeGreaterThan(0);
    expect(frozen.rows.every((r: { frozen: number }) => r.frozen === 1)).toBe(true);
    const rich = (await req('POST', '/customers', { filters: { balance: { op: 'gte', value: 10000 } } })).json();
    expect(rich.rows.every((r: { balance: number }) => r.balance >= 10000)).toBe(true);
    const all = (await req('POST', '/customers/list', {})).json();
    expect(rich.total).toBeLessThan(all.total);
    expect((await req('GET', '/customers/list')).json().total).toBe(all.total);
    const filters = (await req('POST', '/customers/filters', {})).json();
    expect(filters.filter.sale_manager.length).toBeGreaterThan(0);
    const bad = await req('POST', '/customers/list', { filters: { nope: { value: 'x' } } });
    expect(bad.statusCode).toBe(422);
  });

  it('settings and export go through the generic routes, not the :type route', async () => {
    const settings = await req('POST', '/customers/settings', {
      settings: { columns: [{ id: 'balance', visible: true }] },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().message).toBe(MSG.savingSuccess);
    const exported = await req('POST', '/customers/export', { format: 'csv' });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().link).toMatch(/^\/api\/files\/\d+\/download$/);
  });

  it('/getCustomers prepends All with id 0, by GET and POST', async () => {
    const post = (await req('POST', '/getCustomers', {})).json().customers;
    expect(post[0]).toEqual({ id: 0, name: 'All' });
    expect(post.length).toBeGreaterThan(3);
    const get = (await req('GET', '/getCustomers')).json().customers;
    expect(get).toEqual(post);
    const bare = (await req('POST', '/getCustomers', { all: false })).json().customers;
    expect(bare[0].id).not.toBe(0);
  });

  it('/getCustomers needs the Customers section; a work order still picks from its own options', async () => {
    const [count] = await t.database.query<{ n: number }>('select count(*)::int as n from customers');
    for (const email of ['safety@backhaul.demo', 'shop@backhaul.demo']) {
      const token = await t.login(email);
      expect((await req('GET', '/getCustomers', undefined, token)).statusCode).toBe(403);
      expect((await req('POST', '/getCustomers', {}, token)).statusCode).toBe(403);
    }
    // The shop's work-order dialog: the customers as { id, name } from GET /work-order/create.
    const shop = await t.login('shop@backhaul.demo');
    const form = await req('GET', '/work-order/create', undefined, shop);
    expect(form.statusCode).toBe(200);
    const picker = form.json().customers as { id: number; name: string }[];
    expect(picker).toHaveLength(count?.n ?? -1);
    expect(Object.keys(picker[0] ?? {}).sort()).toEqual(['id', 'name']);
    // A dispatcher holds Customers view: the list it had.
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    const options = (await req('POST', '/getCustomers', { all: false }, dispatcher)).json().customers;
    expect(options).toHaveLength(count?.n ?? -1);
  });
});

describe('customers create and update', () => {
  it('validates next to fields and normalises', async () => {
    const bad = await req('POST', '/customers/create', {
      ...FORM,
      name: ' ',
      email: 'nope',
      phone: '123',
      frozen: '7',
      services: ['towing'],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'frozen', 'name', 'phone', 'services.0']);
    const c = await create({ exceptions: ['Net 30 on all invoices.'] });
    expect(c).toMatchObject({ name: FORM.name, frozen: 0, balance: 0 });
    const card = (await req('GET', `/customers/${c.id}`)).json();
    expect(card.customer).toMatchObject({
      email: 'ops@redriver.example.com',
      phone: '2145550142',
      state: 'TX',
      services_list: ['dispatch', 'safety'],
    });
    expect(card.exceptions.map((e: { text: string }) => e.text)).toEqual(['Net 30 on all invoices.']);
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'customers' and action = 'create' and entity_id = $1",
      [String(c.id)],
    );
    expect(audit?.n).toBe(1);
  });

  it('update is keyed by division_id; missing it is a 422 on division_id', async () => {
    const c = await create({ name: 'Keyed Update Freight Inc' });
    const missing = await req('POST', '/customers/update', { ...FORM, name: 'X' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ division_id: [CUSTOMER_MSG.divisionIdRequired] });
    const onCreate = await req('POST', '/customers/create', { ...FORM, division_id: c.id });
    expect(onCreate.json().errors).toEqual({ division_id: [CUSTOMER_MSG.divisionIdOnCreate] });
    const res = await req('POST', '/customers/update', {
      ...FORM,
      division_id: c.id,
      name: 'Keyed Renamed',
      frozen: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ id: c.id, name: 'Keyed Renamed', frozen: 1 });
    expect((await req('POST', '/customers/update', { ...FORM, division_id: 999999 })).statusCode).toBe(404);
    const bad = await req('POST', '/customers/update', { ...FORM, division_id: c.id, sale_manager_id: 999999 });
    expect(bad.json().errors).toEqual({ sale_manager_id: [CUSTOMER_MSG.unknownManager] });

    const log = (
      await req('POST', '/customers/filterLogs', { filters: { entity_id: { op: 'eq', value: c.id } } })
    ).json();
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    expect(log.rows[0].changes).toContain('name');
  });

  it('a viewer may read but not create, update, delete or read the change log', async () => {
    const c = await create({ name: 'Permission Probe LLC' });
    const viewer = await t.createUser({
      email: 'customer-viewer@backhaul.demo',
      grants: [
        { section: SECTION.Customers, action: 0 },
        { section: SECTION.Customers, action: ACTION.VIEW },
      ],
    });
    expect((await req('POST', '/customers/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await req('POST', '/customers/create', FORM, viewer.token)).statusCode).toBe(403);
    expect((await req('POST', '/customers/update', { ...FORM, division_id: c.id }, viewer.token)).statusCode).toBe(403);
    expect((await req('DELETE', `/customers/${c.id}`, undefined, viewer.token)).statusCode).toBe(403);
    expect((await req('POST', '/customers/filterLogs', {}, viewer.token)).statusCode).toBe(403);
    const editor = await t.createUser({
      email: 'customer-editor@backhaul.demo',
      grants: [
        { section: SECTION.Customers, action: 0 },
        { section: SECTION.Customers, action: ACTION.EDIT },
      ],
    });
    // Holding 9 (edit) does not open create (8): the :type decides.
    expect((await req('POST', '/customers/create', FORM, editor.token)).statusCode).toBe(403);
    expect((await req('POST', '/customers/update', { ...FORM, division_id: c.id }, editor.token)).statusCode).toBe(200);
    const nobody = await t.createUser({ email: 'no-customers@backhaul.demo', grants: [] });
    expect((await req('POST', '/customers/list', {}, nobody.token)).statusCode).toBe(403);
  });
});

describe('customers delete and drafted deletions', () => {
  it('refuses a customer with drivers or a balance; deletes a clean one', async () => {
    const [busy] = await t.database.query<{ id: number }>(
      'select customer_id as id from drivers where customer_id is not null limit 1',
    );
    const refused = await req('DELETE', `/customers/${busy?.id}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toContain('drivers');

    const owing = await create({ name: 'Owing Money Co' });
    await t.database.query('update customers set balance_cents = 12345 where id = $1', [owing.id]);
    expect((await req('DELETE', `/customers/${owing.id}`)).json().error.mail).toBe(CUSTOMER_MSG.balance);

    const clean = await create({ name: 'Clean Delete LLC' });
    const res = await req('DELETE', `/customers/${clean.id}`);
    expect(res.json()).toEqual({ message: MSG.removalSuccess });
    expect((await req('GET', `/customers/${clean.id}`)).statusCode).toBe(404);
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'customers' and action = 'delete' and entity_id = $1",
      [String(clean.id)],
    );
    expect(audit?.n).toBe(1);
  });

  it('deleteExceptions deletes all drafted ids in one transaction, or none when one is foreign', async () => {
    const a = await create({ name: 'Drafts A', exceptions: ['one', 'two'] });
    const b = await create({ name: 'Drafts B', exceptions: ['foreign'] });
    const idsOf = async (id: number) =>
      ((await req('GET', `/customers/${id}`)).json().exceptions as Array<{ id: number }>).map((e) => e.id);
    const mine = await idsOf(a.id);
    const theirs = await idsOf(b.id);
    const mixed = await req('POST', '/customers/deleteExceptions', { ids: [...mine, ...theirs] });
    expect(mixed.statusCode).toBe(422);
    expect(await idsOf(a.id)).toEqual(mine);
    const ok = await req('POST', '/customers/deleteExceptions', { ids: mine });
    expect(ok.json()).toEqual({ message: MSG.removalSuccess, deleted: 2 });
    expect(await idsOf(a.id)).toEqual([]);
    const desc = (await req('GET', `/customers/description/${b.id}`)).json();
    expect(desc).toMatchObject({ id: b.id, name: 'Drafts B', count: 1 });
  });

  it('deleteFail removes the drafted files of one customer (rows and audit), all or none', async () => {
    const c = await create({ name: 'Files Holder LLC' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const upload = async (name: string) => {
      const boundary = '----customers-test';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/files/upload/customers/${c.id}`,
        payload,
        headers: { ...t.bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().file.id as number;
    };
    const f1 = await upload('w9.png');
    const f2 = await upload('coi.png');
    const card = (await req('GET', `/customers/${c.id}`)).json();
    expect(card.files.map((f: { id: number }) => f.id)).toEqual([f1, f2]);
    expect((await req('POST', '/customers/deleteFail', { ids: [f1, 999999] })).statusCode).toBe(422);
    const ok = await req('POST', '/customers/deleteFail', { ids: [f1, f2] });
    expect(ok.json().deleted).toBe(2);
    expect((await req('GET', `/customers/${c.id}`)).json().files).toEqual([]);
  });
});

describe('a customer user', () => {
  it('sees and edits only its own customer', async () => {
    const own = await create({ name: 'Own Scope Trucking' });
    const other = await create({ name: 'Other Scope Trucking' });
    const user = await t.createUser({
      email: 'scoped-customer@backhaul.demo',
      customerId: own.id,
      grants: [
        { section: SECTION.Customers, action: 0 },
        { section: SECTION.Customers, action: ACTION.VIEW },
        { section: SECTION.Customers, action: ACTION.EDIT },
        { section: SECTION.Customers, action: ACTION.CREATE },
      ],
    });
    const list = (await req('POST', '/customers/list', { limit: 500 }, user.token)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([own.id]);
    expect(list.total).toBe(1);
    expect((await req('GET', `/customers/${other.id}`, undefined, user.token)).statusCode).toBe(404);
    expect((await req('GET', `/customers/${own.id}`, undefined, user.token)).statusCode).toBe(200);
    expect((await req('POST', '/customers/update', { ...FORM, division_id: other.id }, user.token)).statusCode).toBe(
      404,
    );
    expect((await req('POST', '/customers/create', FORM, user.token)).statusCode).toBe(403);
    const options = (await req('POST', '/getCustomers', {}, user.token)).json().customers;
    expect(options).toEqual([
      { id: 0, name: 'All' },
      { id: own.id, name: 'Own Scope Trucking' },
    ]);
  });
});

describe("a customer's service rates (issue 28)", () => {
  it('reads every service with its default, sets the customer’s own rates, and refuses bad ones naming the field', async () => {
    const [row] = await t.database.query<{ id: number }>(
      "insert into customers (company_id, name) values ((select id from companies order by id limit 1), 'Rates Test Co') returning id",
    );
    const id = Number(row?.id);
    const first = await req('GET', `/customers/${id}/service-rates`);
    expect(first.statusCode, first.body).toBe(200);
    const rates = first.json().rates as Array<{ service_id: number; service: string; rate: number | null }>;
    const byName = (name: string) => rates.find((r) => r.service === name) as { service_id: number };
    // The demo services: Dispatch 5 % of gross, Safety $35.00 per driver-week, Accounting $250.00 a month.
    expect(rates.map((r) => r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'Dispatch', unit: 'percent', default_rate: 5, rate: null }),
        expect.objectContaining({ service: 'Safety', unit: 'dollars', default_rate: 35, rate: null }),
        expect.objectContaining({ service: 'Accounting', unit: 'dollars', default_rate: 250, rate: null }),
      ]),
    );
    const dispatch = byName('Dispatch').service_id;
    const safety = byName('Safety').service_id;
    const saved = await req('PUT', `/customers/${id}/service-rates`, {
      rates: [
        { service_id: dispatch, rate: '4.555' },
        { service_id: safety, rate: '30.25' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(MSG.savingSuccess);
    const stored = await t.database.query<{ service_id: number; rate: number }>(
      'select service_id, rate from customer_service_rates where customer_id = $1 order by service_id',
      [id],
    );
    // 4.555 % = 4,555 thousandths of a percent (3 decimals kept); $30.25 = 3,025 cents.
    expect(stored.map((s) => [s.service_id, s.rate])).toEqual(
      [
        [dispatch, 4555],
        [safety, 3025],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const card = (await req('GET', `/customers/${id}/service-rates`)).json().rates;
    expect(card.find((r: { service_id: number }) => r.service_id === safety).rate).toBe(30.25);
    expect(card.find((r: { service_id: number }) => r.service_id === dispatch).rate).toBe(4.555);
    // A percent to 3 decimals, not 4; dollars to the cent.
    const bad = await req('PUT', `/customers/${id}/service-rates`, {
      rates: [
        { service_id: safety, rate: 10 },
        { service_id: dispatch, rate: '4.5555' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'rates.1.rate': ['The rate has at most 3 decimals.'] });
    const badDollars = await req('PUT', `/customers/${id}/service-rates`, {
      rates: [{ service_id: safety, rate: '30.255' }],
    });
    expect(badDollars.statusCode).toBe(422);
    expect(badDollars.json().errors).toEqual({ 'rates.0.rate': ['An amount in dollars has at most 2 decimals.'] });
    const tooMuch = await req('PUT', `/customers/${id}/service-rates`, {
      rates: [{ service_id: dispatch, rate: 101 }],
    });
    expect(Object.keys(tooMuch.json().errors)).toEqual(['rates.0.rate']);
    const foreign = await req('PUT', `/customers/${id}/service-rates`, { rates: [{ service_id: 999_999, rate: 1 }] });
    expect(Object.keys(foreign.json().errors)).toEqual(['rates.0.service_id']);
    // Nothing changed by the refused saves; null clears a rate back to the default.
    const cleared = await req('PUT', `/customers/${id}/service-rates`, {
      rates: [{ service_id: dispatch, rate: null }],
    });
    expect(cleared.json().rates.find((r: { service_id: number }) => r.service_id === dispatch).rate).toBeNull();
    expect(cleared.json().rates.find((r: { service_id: number }) => r.service_id === safety).rate).toBe(30.25);
    const audit = await t.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'customer_service_rates' and entity_id = $1",
      [String(id)],
    );
    expect(audit[0]?.n).toBe(2);
    expect((await req('GET', '/customers/999999/service-rates')).statusCode).toBe(404);
  });
});
