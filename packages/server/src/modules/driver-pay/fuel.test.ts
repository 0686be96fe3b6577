import { readFileSync } from 'node:fs';
import { ACTION, SECTION } from '@backhaul/shared';
import { FUEL_MSG } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let token: string;
let f: ReturnType<typeof factories>;
let truck101: number;
let truck102: number;
let pat: number;
let robin: number;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('accountant@backhaul.demo');
  f = factories(t);
  truck101 = (await f.truck({ truck_number: 'PD-101' })).id;
  truck102 = (await f.truck({ truck_number: 'PD-102' })).id;
  pat = (await f.driver({ driver: 'Pat Fuelman', truck_id: truck101 })).id;
  robin = (await f.driver({ driver: 'Robin Dieselton', truck_id: truck102 })).id;
});
afterAll(async () => t?.close());

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

async function upload(name: string, data: Buffer) {
  const boundary = '----fuel-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/fuel/import',
    payload,
    headers: { ...t.bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: checked below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

const count = async () =>
  (
    await t.database.query<{ n: number }>(
      "select count(*)::int as n from fuel_rows where card like '5567%' or card like '7083%'",
    )
  )[0]?.n;

describe('fuel import', () => {
  it('previews a Comdata-style CSV, matches units and drivers, and saves every row in one go', async () => {
    const preview = await upload('comdata.csv', fixture('comdata-fuel.csv'));
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.rows).toHaveLength(3);
    expect(preview.body.rows[0]).toMatchObject({
      row: 2,
      card: '70830001',
      invoice: 'CD-5001',
      truck_number: 'PD-101',
    });
    expect(await count()).toBe(0);

    const saved = await api('POST', '/fuel/saveImport', { rows: preview.body.rows });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(3);
    const rows = await t.database.query<{
      invoice: string;
      driver_id: number;
      truck_id: number | null;
      gallons_milli: number;
      ppu_mills: number;
      amount_cents: string;
      fuel_date: string;
    }>(
      "select invoice, driver_id, truck_id, gallons_milli, ppu_mills, amount_cents, fuel_date::text from fuel_rows where card like '7083%' order by invoice",
    );
    // PD-101's driver is Pat; the third row names Robin.
    expect(rows.map((r) => [r.invoice, r.driver_id, r.truck_id])).toEqual([
      ['CD-5001', pat, truck101],
      ['CD-5002', pat, truck101],
      ['CD-5003', robin, truck102],
    ]);
    expect(rows[0]).toMatchObject({ gallons_milli: 120500, ppu_mills: 3899, fuel_date: '2026-03-02' });
    expect(Number(rows[0]?.amount_cents)).toBe(47133);
  });

  it("lists an EFS-style file's errors (unknown unit, bad date, negative gallons, duplicate transaction) and stores nothing when one is sent", async () => {
    const preview = await upload('efs.csv', fixture('efs-fuel.csv'));
    expect(preview.status).toBe(200);
    const errors = preview.body.errors.map((e: { row: number; field: string; message: string }) => [
      e.row,
      e.field,
      e.message,
    ]);
    expect(errors).toEqual(
      expect.arrayContaining([
        [3, 'truck_number', FUEL_MSG.unknownUnit],
        [4, 'fuel_date', expect.stringContaining('date')],
        [4, 'gallons', FUEL_MSG.gallons],
        [5, 'invoice', FUEL_MSG.invoiceSaved],
      ]),
    );
    expect(errors.filter((e: unknown[]) => e[0] === 2)).toEqual([]);
    const before = await count();
    const refused = await api('POST', '/fuel/saveImport', { rows: preview.body.rows });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['rows.1.truck_number']).toEqual([`Row 3: ${FUEL_MSG.unknownUnit}`]);
    expect(await count()).toBe(before);
    // The good row alone goes through.
    const ok = await api('POST', '/fuel/saveImport', { rows: [preview.body.rows[0]] });
    expect(ok.body.saved).toBe(1);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it('reads an XLSX export and refuses a file that is not a spreadsheet or has no headings', async () => {
    const preview = await upload('efs.xlsx', fixture('efs-fuel.xlsx'));
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.rows.map((r: { fuel_date: string; invoice: string }) => [r.invoice, r.fuel_date])).toEqual([
      ['EFS-90001', '2026-03-05'],
      ['EFS-90002', '2026-03-06'],
    ]);
    const notes = await upload('notes.txt', Buffer.from('hello'));
    expect(notes.status).toBe(422);
    const bare = await upload('x.csv', Buffer.from('a,b\n1,2\n'));
    expect(bare.status).toBe(422);
    expect(bare.body.errors.file[0]).toContain('Card');
  });
});

describe('fuel import: the product of each row (IFTA counts motor fuel only)', () => {
  it("reads the product from the file's item code: ULSD and #2 diesel, DEF, RFR reefer, UNL gasoline, else other", async () => {
    const preview = await upload('products.csv', fixture('products-fuel.csv'));
    expect(preview.body.errors).toEqual([]);
    expect((await api('POST', '/fuel/saveImport', { rows: preview.body.rows })).body.saved).toBe(6);
    const rows = await t.database.query<{ invoice: string; item: string; product: string }>(
      "select invoice, item, product from fuel_rows where invoice like 'PR-70%' order by invoice",
    );
    expect(rows.map((r) => [r.item, r.product])).toEqual([
      ['ULSD', 'diesel'],
      ['DEF', 'DEF'],
      ['RFR', 'reefer'],
      ['UNL', 'gasoline'],
      ['#2 DSL', 'diesel'],
      ['OIL', 'other'],
    ]);
    // The list shows it, and the form keeps what is chosen there.
    const list = await api('POST', '/fuel/list', { filters: { invoice: { op: 'eq', value: 'PR-7002' } } });
    expect(list.body.rows.map((r: { product: string }) => r.product)).toEqual(['DEF']);
    const id = (await t.database.query<{ id: number }>("select id from fuel_rows where invoice = 'PR-7001'"))[0]?.id;
    const edit = await api('GET', `/fuel/${id}/edit`);
    expect(edit.body.row.product).toBe('diesel');
    const form = {
      card: '55670001',
      fuel_date: '2026-03-09',
      invoice: 'PR-7001',
      driver_id: pat,
      gallons: 110.25,
      amount: 429.88,
    };
    const changed = await api('PUT', `/fuel/${id}`, { ...form, product: 'reefer' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.row.product).toBe('reefer');
    const bad = await api('PUT', `/fuel/${id}`, { ...form, product: 'kerosene' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.product).toEqual(['Choose a product.']);
  });
});

describe("fuel import: every row passes the fuel form's rules", () => {
  const HEADINGS = 'Card,Fuel date,Unit,Gallons,PPU,Amount,Currency,Odometer';
  const GOOD = { card: '70839001', date: '2026-03-10', gallons: '100.000', ppu: '3.500', amount: '350.00' };
  type Cells = typeof GOOD & { currency?: string; odometer?: string };
  const line = (c: Cells) =>
    [c.card, c.date, 'PD-101', c.gallons, c.ppu, c.amount, c.currency ?? '', c.odometer ?? ''].join(',');
  const TWENTY_DIGITS = '12345678901234567890';
  // What the fuel form refuses, cell by cell: the import must refuse it too, with the form's words.
  const cases: [string, Partial<Cells>, string, string][] = [
    ['an absurd amount', { amount: '999999999999' }, 'amount', 'The amount may not be greater than 1,000,000.'],
    ['an amount with 3 decimals', { amount: '1.005' }, 'amount', 'The amount has at most 2 decimals.'],
    ['a 20-digit amount', { amount: TWENTY_DIGITS }, 'amount', 'The amount may not be greater than 1,000,000.'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'Choose USD or CAD.'],
    ['a date in 2200', { date: '2200-01-01' }, 'fuel_date', 'The date must be between 1900 and 2199.'],
    ['a date in 1899', { date: '1899-12-31' }, 'fuel_date', 'The date must be between 1900 and 2199.'],
    [
      'a 20-digit odometer',
      { odometer: TWENTY_DIGITS },
      'odometr',
      'The odometer is a whole number from 0 to 10,000,000.',
    ],
    ['20-digit gallons', { gallons: TWENTY_DIGITS }, 'gallons', 'The gallons may not be greater than 1,000,000.'],
    ['hex gallons', { gallons: '0x10' }, 'gallons', 'The gallons is a number with at most 3 decimals.'],
  ];

  it.each(cases)(
    'refuses %s in the preview and the save; nothing of the file is stored',
    async (_, bad, field, message) => {
      const csv = `${HEADINGS}\n${line({ ...GOOD, card: '70839002' })}\n${line({ ...GOOD, ...bad })}\n`;
      const before = await count();
      const preview = await upload('bad.csv', Buffer.from(csv));
      expect(preview.status).toBe(200);
      expect(preview.body.errors).toEqual([{ row: 3, field, message }]);

      const saved = await api('POST', '/fuel/saveImport', { rows: preview.body.rows });
      expect(saved.status).toBe(422);
      expect(saved.body.errors).toEqual({ [`rows.1.${field}`]: [`Row 3: ${message}`] });
      // The bad row alone is refused the same way.
      const alone = await api('POST', '/fuel/saveImport', { rows: [preview.body.rows[1]] });
      expect(alone.status).toBe(422);
      expect(await count()).toBe(before);
    },
  );

  it('saves the good row of a file once the bad one is skipped, with the values the form would store', async () => {
    const csv = `${HEADINGS}\n${line(GOOD)}\n${line({ ...GOOD, card: '70839003', amount: '1.005' })}\n`;
    const preview = await upload('mixed.csv', Buffer.from(csv));
    expect(preview.body.errors).toEqual([{ row: 3, field: 'amount', message: 'The amount has at most 2 decimals.' }]);
    const before = await count();
    const saved = await api('POST', '/fuel/saveImport', { rows: [preview.body.rows[0]] });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(1);
    expect(await count()).toBe((before ?? 0) + 1);
    const [row] = await t.database.query<Record<string, unknown>>(
      "select gallons_milli, ppu_mills, cost_cents::int cost, amount_cents::int amount, currency, odometer, fuel_date::text from fuel_rows where card = '70839001'",
    );
    // 100.000 gal × $3.500 = $350.00; an empty currency is the form's default, USD.
    expect(row).toEqual({
      gallons_milli: 100000,
      ppu_mills: 3500,
      cost: 35000,
      amount: 35000,
      currency: 'USD',
      odometer: null,
      fuel_date: '2026-03-10',
    });
  });
});

describe('fuel rows', () => {
  it('lists with gallons and amount footers, creates, edits, cancels and deletes', async () => {
    const options = await api('GET', '/fuel/create');
    expect(options.status).toBe(200);
    expect(Object.keys(options.body).sort()).toEqual(['customers', 'drivers', 'statuses', 'trucks', 'row'].sort());
    const created = await api('POST', '/fuel', {
      card: '99990001',
      fuel_date: '2026-03-03',
      invoice: 'MAN-1',
      driver_id: String(robin),
      truck_id: truck102,
      gallons: '100.250',
      ppu: 3.5,
      amount: '350.88',
      add_description: 'Paid at the pump, receipt lost',
      add_invoice: 'INV-77',
    });
    expect(created.status, created.status === 200 ? '' : JSON.stringify(created.body)).toBe(200);
    const id = created.body.row.id as number;
    expect(created.body.row).toMatchObject({
      truck_number: 'PD-102',
      gallons: 100.25,
      amount: 350.88,
      driver: 'Robin Dieselton',
    });
    expect(created.body.removed).toBe(false);

    const list = await api('POST', '/fuel/list', { filters: { card: { op: 'eq', value: '99990001' } } });
    expect(list.status).toBe(200);
    expect(list.body.rows).toEqual([expect.objectContaining({ id, gallons: 100.25, amount: 350.88 })]);
    expect(list.body.sum).toMatchObject({ gallons: 100.25, amount: 350.88 });

    const edit = await api('GET', `/fuel/${id}/edit`);
    expect(edit.body.row).toMatchObject({ driver_id: robin, truck_id: truck102 });
    expect(edit.body.descriptions.map((d: { text: string }) => d.text)).toEqual(['Paid at the pump, receipt lost']);
    expect(edit.body.invoices.map((d: { text: string }) => d.text)).toEqual(['INV-77']);
    const drop = await api('POST', '/fuel/destroyDescription', { ids: [edit.body.descriptions[0].id] });
    expect(drop.body.deleted).toBe(1);
    const dropInv = await api('POST', '/fuel/destroyInvoice', { ids: [edit.body.invoices[0].id] });
    expect(dropInv.body.deleted).toBe(1);
    expect((await api('POST', '/fuel/destroyInvoice', { ids: [edit.body.invoices[0].id] })).status).toBe(422);

    const dup = await api('POST', '/fuel', {
      card: '1',
      fuel_date: '2026-03-03',
      invoice: 'MAN-1',
      gallons: 1,
      amount: 1,
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.invoice).toEqual([FUEL_MSG.invoiceSaved]);
    const bad = await api('POST', '/fuel', { card: '', fuel_date: '2026-13-01', gallons: -1, amount: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'card', 'fuel_date', 'gallons']);

    const form = {
      card: '99990001',
      fuel_date: '2026-03-03',
      invoice: 'MAN-1',
      driver_id: robin,
      truck_id: truck102,
      gallons: 101,
      ppu: 3.5,
    };
    const updated = await api('PUT', `/fuel/${id}`, { ...form, amount: 353.5, status: 'Active' });
    expect(updated.status).toBe(200);
    expect(updated.body.row.amount).toBe(353.5);
    const canceled = await api('POST', '/fuel', { ...form, id, amount: 353.5, status: 'Canceled' });
    expect(canceled.body.removed).toBe(true);
    const gone = await api('POST', '/fuel/list', { filters: { card: { op: 'eq', value: '99990001' } } });
    expect(gone.body.rows).toEqual([]);
    expect((await api('DELETE', `/fuel/${id}`)).status).toBe(200);
    expect((await api('GET', `/fuel/${id}/edit`)).status).toBe(404);
  });

  it('keeps a row that is on a driver statement, and refuses other sections', async () => {
    const fuel = await api('POST', '/fuel', {
      card: '99990002',
      fuel_date: '2026-03-04',
      driver_id: robin,
      gallons: 50,
      amount: 170,
    });
    const id = fuel.body.row.id as number;
    const statement = await api('POST', '/drivers-statements', {
      driver_id: robin,
      date_from: '2026-03-01',
      date_to: '2026-03-07',
      trips: [],
      fuel: [id],
      scheduled_payments: [],
    });
    expect(statement.status).toBe(200);
    expect(statement.body.statement.amount).toBe(-170);
    const del = await api('DELETE', `/fuel/${id}`);
    expect(del.status).toBe(412);
    expect(del.body.error.mail).toBe(FUEL_MSG.onStatement);

    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await api('POST', '/fuel/list', {}, dispatcher)).status).toBe(403);
    const viewer = await f.user([
      { section: SECTION.Fuel, action: 0 },
      { section: SECTION.Fuel, action: ACTION.VIEW },
    ]);
    expect((await api('POST', '/fuel/list', {}, viewer.token)).status).toBe(200);
    expect((await api('POST', '/fuel/saveImport', { rows: [] }, viewer.token)).status).toBe(403);
  });
});
