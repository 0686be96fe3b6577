import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { CONTRACT_FILE_KEPT } from '@backhaul/shared/modules/drivers/drivers.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });
const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(token) });
const del = (url: string, token = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: t.bearer(token) });
const one = async <T>(q: string, params: unknown[] = []) => (await t.database.query<T>(q, params))[0] as T;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function multipart(file: { name: string; data: Buffer }, fields: Record<string, string>) {
  const boundary = `----drivers${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(driverId: number, category: string, token = admin): Promise<number> {
  const m = multipart({ name: `${category}.png`, data: PNG }, { category });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/files/upload/drivers/${driverId}`,
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().file.id as number;
}

async function firstCustomer(offset = 0) {
  return one<{ id: number; name: string }>('select id, name from customers order by id limit 1 offset $1', [offset]);
}

const FORM = {
  driver: 'Dale Testdriver',
  phone: '+1 (312) 555-0142',
  phone2: '',
  email: 'Dale@Example.com',
  driver_type: 'owner_operator',
  safety: true,
  service: 'dispatch',
  eld_name: 'dale42',
  customer_id: null as number | null,
  truck_id: null,
  trailer_id: null,
  trailer_type_id: null,
  amount: '1250.50',
  payment_type: 'flat',
  cdl_number: 'D1234567',
  cdl_expires_on: '2027-03-01',
  medical_card_expires_on: '',
  hired_on: '2024-05-06',
  active: true,
};

async function createDriver(overrides: Partial<typeof FORM> = {}, token = admin) {
  const res = await post('/drivers/new', { ...FORM, ...overrides }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().driver as { id: number; driver: string; amount: number; customer: string | null };
}

describe('drivers list', () => {
  it('answers the spec columns with totals that match the data', async () => {
    const res = await post('/drivers/list', { limit: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const visible = body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id);
    expect(visible).toEqual([
      'id',
      'driver',
      'phone',
      'phone2',
      'driver_type',
      'safety',
      'service',
      'eld_name',
      'customer',
      'truck_number',
      'trailer_number',
      'trailer_type',
      'amount',
      'payment_type',
      'cdl_expires_on',
      'medical_card_expires_on',
    ]);
    const db = await one<{ n: number; customers: number; milli: number }>(
      'select count(*)::int n, count(distinct customer_id)::int customers, sum(rate_milli)::int milli from drivers',
    );
    expect(body.total).toBe(db.n);
    expect(body.sum.id).toBe(db.n);
    expect(body.sum.customer).toBe(db.customers);
    // Rates are kept in thousandths of a dollar (or of a percent): the footer sums them in dollars.
    expect(body.sum.amount).toBeCloseTo(db.milli / 1000, 2);
    expect(body.rows).toHaveLength(Math.min(10, db.n));
    expect(body.filter.driver_type.map((o: { label: string }) => o.label)).toEqual(
      expect.arrayContaining(['Company', 'Owner operator']),
    );
  });

  it('filters by list, number, options, expiry state and search', async () => {
    const byType = (
      await post('/drivers/list', { limit: 500, filters: { driver_type: { values: ['lease'] } } })
    ).json();
    const leases = await one<{ n: number }>("select count(*)::int n from drivers where driver_type = 'lease'");
    expect(byType.total).toBe(leases.n);
    expect(new Set(byType.rows.map((r: { driver_type: string }) => r.driver_type))).toEqual(new Set(['Lease']));

    const customer = await one<{ id: number; name: string; n: number }>(
      'select c.id, c.name, count(*)::int n from drivers d join customers c on c.id = d.customer_id group by c.id, c.name order by n desc limit 1',
    );
    const byCustomer = (
      await post('/drivers/list', { limit: 500, filters: { customer: { values: [customer.id] } } })
    ).json();
    expect(byCustomer.total).toBe(customer.n);
    expect(byCustomer.sum.customer).toBe(1);
    expect(byCustomer.rows.every((r: { customer: string }) => r.customer === customer.name)).toBe(true);

    const flat = (await post('/drivers/list', { limit: 500, filters: { amount: { op: 'gte', value: 1000 } } })).json();
    const big = await one<{ n: number }>('select count(*)::int n from drivers where rate_milli >= 1000000');
    expect(flat.total).toBe(big.n);
    expect(flat.rows.every((r: { amount: number }) => r.amount >= 1000)).toBe(true);

    const safety = (await post('/drivers/list', { limit: 1, filters: { safety: { value: 1 } } })).json();
    const withSafety = await one<{ n: number }>('select count(*)::int n from drivers where safety');
    expect(safety.total).toBe(withSafety.n);

    const overdue = (
      await post('/drivers/list', { limit: 500, filters: { cdl_expires_on_due: { values: ['overdue'] } } })
    ).json();
    const late = await one<{ n: number }>(
      "select count(*)::int n from drivers where cdl_expires_on < (now() at time zone 'America/Chicago')::date",
    );
    expect(overdue.total).toBe(late.n);

    const target = byType.rows[0] ?? byCustomer.rows[0];
    const bySearch = (await post('/drivers/list', { search: target.phone })).json();
    expect(bySearch.rows.map((r: { id: number }) => r.id)).toContain(target.id);

    const bad = await post('/drivers/list', { filters: { nope: { value: 'x' } } });
    expect(bad.statusCode).toBe(422);
  });

  it('column settings on /drivers/settings and export through the generic route', async () => {
    const saved = await post('/drivers/settings', {
      settings: { columns: [{ id: 'cdl_expires_on', visible: true, width: 140 }] },
    });
    expect(saved.statusCode).toBe(200);
    const list = (await post('/drivers/list', { limit: 1 })).json();
    expect(list.settings.columns[0]).toEqual({ id: 'cdl_expires_on', visible: true, width: 140 });
    const exported = await post('/drivers/export', { format: 'csv', columns: ['driver', 'phone', 'amount'] });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().link).toMatch(/^\/api\/files\/\d+\/download$/);
  });

  it('GET /drivers, GET /drivers/list and POST /drivers/filters answer the same list', async () => {
    const a = (await get('/drivers')).json();
    const b = (await get('/drivers/list')).json();
    const c = (await post('/drivers', {})).json();
    expect(a.total).toBe(b.total);
    expect(c.total).toBe(a.total);
    const filters = (await post('/drivers/filters', {})).json();
    expect(Object.keys(filters.filter)).toEqual(
      expect.arrayContaining(['driver_type', 'service', 'customer', 'trailer_type', 'payment_type']),
    );
  });
});

describe('driver create and update', () => {
  it('validates next to the fields and stores cents, digits and lowercase e-mail', async () => {
    const bad = await post('/drivers/new', {
      ...FORM,
      driver: ' ',
      phone: '123',
      email: 'nope',
      amount: '-1',
      driver_type: 'pilot',
      customer_id: 999999,
      cdl_expires_on: '2027-13-45',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(Object.keys(errors).sort()).toEqual(
      ['amount', 'cdl_expires_on', 'driver', 'driver_type', 'email', 'phone'].sort(),
    );
    expect(errors.driver).toEqual(['The driver name is required.']);

    const foreign = await post('/drivers/new', { ...FORM, customer_id: 999999 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.customer_id).toEqual(['Choose a value from the list.']);

    const customer = await firstCustomer();
    const res = await post('/drivers/new', { ...FORM, customer_id: customer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.savingSuccess);
    const driver = res.json().driver;
    expect(driver).toMatchObject({
      driver: 'Dale Testdriver',
      phone: '3125550142',
      amount: 1250.5,
      customer: customer.name,
    });
    const row = await one<{ rate_milli: number; email: string }>(
      'select rate_milli, email from drivers where id = $1',
      [driver.id],
    );
    // $1,250.50 a load, kept to the thousandth of a dollar.
    expect(row).toEqual({ rate_milli: 1_250_500, email: 'dale@example.com' });
    const audit = await one<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'drivers' and entity_id = $1 and action = 'create'",
      [String(driver.id)],
    );
    expect(audit.n).toBe(1);
  });

  it('updates, refuses invalid values, and the change log names the changed fields', async () => {
    const driver = await createDriver({ driver: 'Log Driver' });
    // Rates are written to the thousandth ($0.575 a mile): a fourth decimal is refused.
    const bad = await post(`/drivers/update/${driver.id}`, { ...FORM, driver: 'Log Driver', amount: '12.3456' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount).toEqual(['The rate has at most 3 decimals.']);

    const ok = await post(`/drivers/update/${driver.id}`, { ...FORM, driver: 'Log Driver', phone: '(469) 555-0199' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().driver.phone).toBe('4695550199');

    const card = (await get(`/drivers/${driver.id}`)).json();
    expect(card.driver.phone).toBe('4695550199');
    expect(card.options.customers.length).toBeGreaterThan(0);

    const log = await post('/drivers/filterLogs', { filters: { entity_id: { op: 'eq', value: driver.id } } });
    expect(log.statusCode).toBe(200);
    const rows = log.json().rows as Array<{ action: string; user: string; changes: string | null }>;
    expect(rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect(rows[0]?.changes).toBe('phone');
    expect(rows[0]?.user).toBe('Avery Admin');

    // Saving without a change writes no history line.
    await post(`/drivers/update/${driver.id}`, { ...FORM, driver: 'Log Driver', phone: '(469) 555-0199' });
    const again = await post('/drivers/filterLogs', { filters: { entity_id: { op: 'eq', value: driver.id } } });
    expect(again.json().total).toBe(2);

    expect((await post('/drivers/update/999999', FORM)).statusCode).toBe(404);
  });
});

describe('permissions and row scope', () => {
  it('refuses with 403 what the caller does not hold', async () => {
    const viewer = await t.createUser({
      email: 'driver-viewer@test.local',
      grants: [
        { section: SECTION.Drivers, action: 0 },
        { section: SECTION.Drivers, action: ACTION.VIEW },
      ],
    });
    expect((await post('/drivers/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await post('/drivers/new', FORM, viewer.token)).statusCode).toBe(403);
    const some = (await post('/drivers/list', { limit: 1 })).json().rows[0];
    expect((await post(`/drivers/update/${some.id}`, FORM, viewer.token)).statusCode).toBe(403);
    expect((await del(`/drivers/${some.id}`, viewer.token)).statusCode).toBe(403);
    // Actions history needs both edit (9) and view (10).
    expect((await post('/drivers/filterLogs', {}, viewer.token)).statusCode).toBe(403);
    expect((await post('/drivers/destroyFiles', { driver_id: some.id, ids: [] }, viewer.token)).statusCode).toBe(403);

    const customer = await t.login('customer@backhaul.demo');
    expect((await post('/drivers/list', {}, customer)).statusCode).toBe(403);
  });

  it('a customer user sees and edits only its customer’s drivers', async () => {
    const mine = await firstCustomer(1);
    const other = await firstCustomer(2);
    const scoped = await t.createUser({
      email: 'customer-drivers@test.local',
      customerId: mine.id,
      grants: [0, ACTION.VIEW, ACTION.EDIT, ACTION.CREATE].map((action) => ({ section: SECTION.Drivers, action })),
    });
    const theirs = await createDriver({ driver: 'Other Customer Driver', customer_id: other.id });

    const list = (await post('/drivers/list', { limit: 500 }, scoped.token)).json();
    const expected = await one<{ n: number }>('select count(*)::int n from drivers where customer_id = $1', [mine.id]);
    expect(list.total).toBe(expected.n);
    expect(list.total).toBeGreaterThan(0);
    expect(list.rows.every((r: { customer: string }) => r.customer === mine.name)).toBe(true);
    expect(list.filter.customer.map((o: { value: number }) => o.value)).toEqual([mine.id]);

    expect((await get(`/drivers/${theirs.id}`, scoped.token)).statusCode).toBe(404);
    expect((await post(`/drivers/update/${theirs.id}`, FORM, scoped.token)).statusCode).toBe(404);
    const wrong = await post('/drivers/new', { ...FORM, customer_id: other.id }, scoped.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.customer_id).toEqual(['Choose your own customer.']);
    const created = await createDriver({ driver: 'Own Driver', customer_id: mine.id }, scoped.token);
    expect(created.customer).toBe(mine.name);

    // Files of another customer's driver are out of reach too.
    const m = multipart({ name: 'x.png', data: PNG }, { category: 'other' });
    const foreignUpload = await t.app.inject({
      method: 'POST',
      url: `/api/files/upload/drivers/${theirs.id}`,
      payload: m.payload,
      headers: { ...m.headers, ...t.bearer(scoped.token) },
    });
    expect(foreignUpload.statusCode).toBe(403);
    expect((await get(`/files/list/drivers/${theirs.id}`, scoped.token)).statusCode).toBe(403);
    expect((await get(`/files/list/drivers/${created.id}`, scoped.token)).statusCode).toBe(200);

    const options = (await get('/drivers/getNew', scoped.token)).json().options;
    expect(options.customers).toEqual([{ value: mine.id, label: mine.name }]);
  });
});

describe('delete', () => {
  it('is refused for a driver who drives a truck, and removes a free driver with its contracts', async () => {
    // A driver with no trips yet (trips would refuse the delete first, platform/record/held-by.test.ts).
    const driver = await createDriver({ driver: 'Truck Driver' });
    const truck = await post('/trucks', { truck_number: 'KDEL1', status: 'active', driver_id: driver.id });
    expect(truck.statusCode, truck.body).toBe(200);
    const onTruck = { id: driver.id, name: 'Truck Driver', truck_number: 'KDEL1' };
    const refused = await del(`/drivers/${onTruck.id}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toBe(
      `${onTruck.name} is the driver of truck ${onTruck.truck_number}: assign another driver to the truck first.`,
    );

    const free = await createDriver({ driver: 'Free Driver' });
    await post(`/drivers/setContract/${free.id}`, { contract_type: 'flat', rate: 900, starts_on: '2026-01-01' });
    // Its files go with it, but a signed contract (never deleted, spec §5) is kept.
    const licence = await upload(free.id, 'license');
    const signed = await upload(free.id, 'contract');
    const ok = await del(`/drivers/${free.id}`);
    const filesLeft = await t.database.query<{ id: number }>(
      `select id from files where entity = 'drivers' and entity_id = '${free.id}' order by id`,
    );
    expect(filesLeft.map((r) => r.id)).toEqual([signed]);
    expect((await get(`/files/${licence}/download`)).statusCode).toBe(404);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.removalSuccess);
    expect((await get(`/drivers/${free.id}`)).statusCode).toBe(404);
    const left = await one<{ n: number }>('select count(*)::int n from driver_contracts where driver_id = $1', [
      free.id,
    ]);
    expect(left.n).toBe(0);
    const audit = await one<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'drivers' and entity_id = $1 and action = 'delete'",
      [String(free.id)],
    );
    expect(audit.n).toBe(1);
  });
});

describe('contracts and drafted deletions', () => {
  it('sets, shows, updates and lists contracts with a signed copy', async () => {
    const driver = await createDriver({ driver: 'Contract Driver' });
    const cdl = await upload(driver.id, 'cdl');
    const wrongFile = await post(`/drivers/setContract/${driver.id}`, {
      contract_type: 'per_mile',
      rate: '0.65',
      starts_on: '2026-01-01',
      file_id: cdl,
    });
    expect(wrongFile.statusCode).toBe(422);
    expect(wrongFile.json().errors.file_id).toEqual(['The file must be a contract file of this driver.']);

    const signed = await upload(driver.id, 'contract');
    const set = await post(`/drivers/setContract/${driver.id}`, {
      contract_type: 'per_mile',
      rate: '0.65',
      starts_on: '2026-01-01',
      ends_on: '',
      terms: 'Weekly pay',
      file_id: signed,
    });
    expect(set.statusCode, set.body).toBe(200);
    const contract = set.json().contract;
    expect(contract).toMatchObject({ rate: 0.65, file_id: signed, file: { category: 'contract' } });

    const badPeriod = await post(`/drivers/updateContract/${contract.id}`, {
      contract_type: 'per_mile',
      rate: '0.70',
      starts_on: '2026-02-01',
      ends_on: '2026-01-01',
    });
    expect(badPeriod.statusCode).toBe(422);
    expect(badPeriod.json().errors.ends_on).toBeDefined();
    const updated = await post(`/drivers/updateContract/${contract.id}`, {
      contract_type: 'per_mile',
      rate: '0.70',
      starts_on: '2026-02-01',
      file_id: signed,
    });
    expect(updated.json().contract.rate).toBe(0.7);
    expect((await get(`/drivers/showContract/${contract.id}`)).json().contract.starts_on).toBe('2026-02-01');
    const rows = (await post(`/drivers/contract/${driver.id}`, {})).json().rows;
    expect(rows.map((r: { id: number }) => r.id)).toEqual([contract.id]);
  });

  it('drafted file deletions are all or nothing, and a contract file is never deleted', async () => {
    const driver = await createDriver({ driver: 'Files Driver' });
    const other = await createDriver({ driver: 'Someone Else' });
    const cdl = await upload(driver.id, 'cdl');
    const medical = await upload(driver.id, 'medical');
    const contract = await upload(driver.id, 'contract');
    const foreign = await upload(other.id, 'other');
    const count = async () =>
      (
        await one<{ n: number }>("select count(*)::int n from files where entity = 'drivers' and entity_id = $1", [
          String(driver.id),
        ])
      ).n;

    const withContract = await post('/drivers/destroyFiles', { driver_id: driver.id, ids: [cdl, contract] });
    expect(withContract.statusCode).toBe(422);
    expect(withContract.json().errors.ids).toEqual(['A driver file with category contract cannot be deleted.']);
    expect(await count()).toBe(3);

    const withForeign = await post('/drivers/destroyFiles', { driver_id: driver.id, ids: [cdl, foreign] });
    expect(withForeign.statusCode).toBe(422);
    expect(await count()).toBe(3);

    // The platform route refuses the contract file too.
    const direct = await del(`/files/${contract}`);
    expect(direct.statusCode).toBe(412);

    const ok = await post('/drivers/destroyFiles', { driver_id: driver.id, ids: [cdl, medical] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().deleted).toBe(2);
    expect(await count()).toBe(1);
    const card = (await get(`/drivers/${driver.id}`)).json();
    expect(card.files.map((f: { id: number }) => f.id)).toEqual([contract]);

    const a = (
      await post(`/drivers/setContract/${driver.id}`, { contract_type: 'flat', rate: 1, starts_on: '2026-01-01' })
    ).json().contract.id;
    const b = (
      await post(`/drivers/setContract/${driver.id}`, { contract_type: 'flat', rate: 2, starts_on: '2026-01-02' })
    ).json().contract.id;
    const theirs = (
      await post(`/drivers/setContract/${other.id}`, { contract_type: 'flat', rate: 3, starts_on: '2026-01-03' })
    ).json().contract.id;
    const mixed = await post('/drivers/destroyContract', { driver_id: driver.id, ids: [a, b, theirs] });
    expect(mixed.statusCode).toBe(422);
    expect((await post(`/drivers/contract/${driver.id}`, {})).json().rows).toHaveLength(2);
    const gone = await post('/drivers/destroyContract', { driver_id: driver.id, ids: [a, b] });
    expect(gone.json().deleted).toBe(2);
    expect((await post(`/drivers/contract/${driver.id}`, {})).json().rows).toHaveLength(0);
  });

  it('a driver file with category contract cannot be deleted; another category can, with an audit row', async () => {
    const driver = await createDriver({ driver: 'Contract Keeper' });
    const contract = await upload(driver.id, 'contract');
    const medical = await upload(driver.id, 'medical');
    const refused = await del(`/files/${contract}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toEqual({ error: { mail: CONTRACT_FILE_KEPT } });
    expect((await del(`/files/${medical}`)).json()).toEqual({ message: MSG.recordDeleted });
    const ids = (await get(`/files/list/drivers/${driver.id}`)).json().rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(contract);
    expect(ids).not.toContain(medical);
    const audits = await one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'files' and entity_id = $1 and action = 'delete'",
      [String(medical)],
    );
    expect(audits.n).toBe(1);
    expect((await get(`/files/${medical}/download`)).statusCode).toBe(404);
  });

  it('GET /drivers/description/:id summarises a driver', async () => {
    const driver = await createDriver({ driver: 'Described Driver' });
    const res = (await get(`/drivers/description/${driver.id}`)).json();
    expect(res).toEqual({ id: driver.id, description: 'Described Driver, CDL expires 2027-03-01' });
  });
});
