import { readFileSync } from 'node:fs';
import { ACTION, MSG, SECTION } from '@backhaul/shared';
import {
  DUPLICATE_MC_IN_FILE,
  DUPLICATE_MC_IN_LIST,
  EMPTY_LEAD_FORM,
} from '@backhaul/shared/modules/clients/clients.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function upload(url: string, name: string, data: Buffer, token = admin) {
  const boundary = '----leads-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { ...t.bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const FORM = {
  mc: 'MC-3345001',
  truck_quantity: '7',
  carrier: 'North Star Carriers',
  contact: 'Pat Doyle',
  phone: '(608) 555-0190',
  email: 'Pat@NorthStar.example.com',
  comment: 'Met at the Midwest trucking show.',
  status: 'New',
};

type Row = { id: number; carrier: string; comment: string | null };
const listIds = async (path: string, body: object = {}) =>
  ((await req('POST', `${path}/list`, { limit: 500, ...body })).json().rows as Row[]).map((r) => r.id);

describe('potential clients and clients lists', () => {
  it('answer the spec columns per kind, with filters and totals', async () => {
    for (const path of ['/potentialClients', '/clients']) {
      const body = (await req('POST', `${path}/list`, { limit: 500 })).json();
      const visible = body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id);
      expect(visible).toEqual([
        'id',
        'updated_at',
        'mc',
        'truck_quantity',
        'carrier',
        'contact',
        'phone',
        'email',
        'comment',
      ]);
      expect(body.columns.find((c: { id: string }) => c.id === 'comment').clip).toBe(500);
      const trucks = body.rows.reduce(
        (s: number, r: { truck_quantity: number | null }) => s + (r.truck_quantity ?? 0),
        0,
      );
      expect(body.sum.truck_quantity).toBe(trucks);
    }
    const potential = await listIds('/potentialClients');
    const clients = await listIds('/clients');
    expect(potential.some((id) => clients.includes(id))).toBe(false);
    const few = (await req('POST', '/clients/list', { filters: { truck_quantity: { op: 'gte', value: 20 } } })).json();
    expect(few.rows.every((r: { truck_quantity: number }) => r.truck_quantity >= 20)).toBe(true);
  });
});

describe('create, update, Canceled, delete', () => {
  it('validates, creates, updates by id (POST with id or PUT) and audits', async () => {
    const bad = await req('POST', '/potentialClients', {
      ...FORM,
      carrier: '',
      email: 'x',
      phone: '1',
      truck_quantity: 'ten',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['carrier', 'email', 'phone', 'truck_quantity']);
    const created = await req('POST', '/potentialClients', FORM);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().row;
    expect(row).toMatchObject({
      mc: '3345001',
      truck_quantity: 7,
      phone: '6085550190',
      email: 'pat@northstar.example.com',
    });
    expect(created.json()).toMatchObject({ message: MSG.savingSuccess, removed: false });
    expect((await listIds('/potentialClients'))[0]).toBe(row.id);

    const byPost = await req('POST', '/potentialClients', {
      ...FORM,
      id: row.id,
      status: 'Quoted',
      carrier: 'North Star II',
    });
    expect(byPost.json().row).toMatchObject({ id: row.id, carrier: 'North Star II', status: 'Quoted' });
    const byPut = await req('PUT', `/potentialClients/${row.id}`, { ...FORM, contact: 'Robin Doyle' });
    expect(byPut.json().row.contact).toBe('Robin Doyle');
    // A potential client is not reachable under /clients.
    expect((await req('PUT', `/clients/${row.id}`, FORM)).statusCode).toBe(404);
    const edit = (await req('GET', `/potentialClients/${row.id}/edit`)).json();
    expect(edit.row.contact).toBe('Robin Doyle');
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'sales_leads' and entity_id = $1",
      [String(row.id)],
    );
    expect(audit?.n).toBe(3);
  });

  it('a row saved as Canceled leaves the list after saving', async () => {
    const id = (await req('POST', '/clients', { ...FORM, mc: '3345002', status: 'Active' })).json().row.id;
    expect(await listIds('/clients')).toContain(id);
    const res = await req('PUT', `/clients/${id}`, { ...FORM, mc: '3345002', status: 'Canceled' });
    expect(res.json()).toMatchObject({ removed: true, row: { id, status: 'Canceled' } });
    expect(await listIds('/clients')).not.toContain(id);
  });

  it('create form start data takes an optional customer_id; delete is audited', async () => {
    const start = (await req('GET', '/clients')).json();
    expect(start.statuses).toContain('Canceled');
    const customerId = start.customers[0].id;
    const withCustomer = (await req('GET', `/clients/create?customer_id=${customerId}`)).json();
    expect(withCustomer.row).toEqual({ customer_id: customerId, status: 'New' });
    expect((await req('GET', '/clients/create?customer_id=999999')).statusCode).toBe(404);

    const id = (await req('POST', '/clients', { ...FORM, mc: '3345003', customer_id: customerId })).json().row.id;
    expect((await req('GET', `/clients/${id}/edit`)).json().row.customer_id).toBe(customerId);
    expect((await req('DELETE', `/clients/${id}`)).json()).toEqual({ message: MSG.removalSuccess });
    expect((await req('GET', `/clients/${id}/edit`)).statusCode).toBe(404);
  });

  it('needs the Customers section (no section of its own)', async () => {
    const outsider = await t.createUser({
      email: 'no-leads@backhaul.demo',
      grants: [{ section: SECTION.Brokers, action: 0 }],
    });
    expect((await req('POST', '/clients/list', {}, outsider.token)).statusCode).toBe(403);
    expect((await req('POST', '/potentialClients', FORM, outsider.token)).statusCode).toBe(403);
  });

  it('opens row edit and delete to every Customers holder; a new lead and the import need create (8)', async () => {
    const count = async () =>
      (await t.database.query<{ n: number }>("select count(*)::int as n from sales_leads where kind = 'client'"))[0]?.n;
    const csv = Buffer.from('MC,Carrier\n4456001,Prairie Wind Freight\n4456002,Blue Mesa Transport\n');
    const viewer = await t.createUser({
      email: 'leads-viewer@backhaul.demo',
      grants: [
        { section: SECTION.Customers, action: 0 },
        { section: SECTION.Customers, action: ACTION.VIEW },
      ],
    });
    const before = await count();
    expect((await req('POST', '/clients/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await req('GET', '/clients/create', undefined, viewer.token)).statusCode).toBe(200);
    expect((await req('POST', '/clients', { ...FORM, mc: '4456003' }, viewer.token)).statusCode).toBe(403);
    expect((await upload('/clients/import', 'leads.csv', csv, viewer.token)).statusCode).toBe(403);
    const preview = (await upload('/clients/import', 'leads.csv', csv)).json();
    expect(preview.errors).toEqual([]);
    expect((await req('POST', '/clients/saveImport', { rows: preview.rows }, viewer.token)).statusCode).toBe(403);
    expect(await count()).toBe(before);

    // A row made by someone else: the viewer edits it and deletes it (001 §6).
    const id = (await req('POST', '/clients', { ...FORM, mc: '4456004' })).json().row.id as number;
    const edited = await req('PUT', `/clients/${id}`, { ...FORM, mc: '4456004', carrier: 'Renamed' }, viewer.token);
    expect(edited.statusCode).toBe(200);
    expect((await req('GET', `/clients/${id}/edit`)).json().row.carrier).toBe('Renamed');
    expect((await req('DELETE', `/clients/${id}`, undefined, viewer.token)).statusCode).toBe(200);
    expect((await req('GET', `/clients/${id}/edit`)).statusCode).toBe(404);

    const creator = await t.createUser({
      email: 'leads-creator@backhaul.demo',
      grants: [
        { section: SECTION.Customers, action: 0 },
        { section: SECTION.Customers, action: ACTION.CREATE },
      ],
    });
    expect((await req('POST', '/clients', { ...FORM, mc: '4456005' }, creator.token)).statusCode).toBe(200);
    const mine = (await upload('/clients/import', 'leads.csv', csv, creator.token)).json();
    const saved = await req('POST', '/clients/saveImport', { rows: mine.rows }, creator.token);
    expect(saved.json()).toEqual({ message: MSG.savingSuccess, saved: 2 });
    expect(await count()).toBe((before ?? 0) + 3);
  });
});

describe('drafted deletions', () => {
  it('destroyDescription and destroyInvoice delete all ids of one lead in one transaction, or none', async () => {
    const [a, b] = await t.database.query<{ id: number }>(
      "select id from sales_leads where kind = 'client' order by id limit 2",
    );
    const d = await t.database.query<{ id: number; lead_id: number }>(
      `insert into sales_lead_descriptions (lead_id, text) values ($1, 'one'), ($1, 'two'), ($2, 'other') returning id, lead_id`,
      [a?.id, b?.id],
    );
    const mine = d.filter((r) => r.lead_id === a?.id).map((r) => r.id);
    const theirs = d.filter((r) => r.lead_id === b?.id).map((r) => r.id);
    expect((await req('POST', '/clients/destroyDescription', { ids: [...mine, ...theirs] })).statusCode).toBe(422);
    const kept = (await req('GET', `/clients/${a?.id}/edit`)).json().descriptions.map((x: { id: number }) => x.id);
    expect(kept).toEqual(expect.arrayContaining(mine));
    // A client's rows are not reachable under /potentialClients.
    expect((await req('POST', '/potentialClients/destroyDescription', { ids: mine })).statusCode).toBe(422);
    expect((await req('POST', '/clients/destroyDescription', { ids: mine })).json()).toEqual({
      message: MSG.removalSuccess,
      deleted: 2,
    });
    const left = (await req('GET', `/clients/${a?.id}/edit`)).json().descriptions.map((x: { id: number }) => x.id);
    expect(left.some((id: number) => mine.includes(id))).toBe(false);

    const inv = await t.database.query<{ id: number }>(
      "insert into sales_lead_invoices (lead_id, number, amount_cents) values ($1, 'INV-1', 125000) returning id",
      [a?.id],
    );
    const invId = inv[0]?.id as number;
    expect((await req('GET', `/clients/${a?.id}/edit`)).json().invoices[0]).toMatchObject({ id: invId, amount: 1250 });
    expect((await req('POST', '/clients/destroyInvoice', { ids: [invId] })).json().deleted).toBe(1);
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity in ('sales_lead_descriptions', 'sales_lead_invoices') and action = 'delete'",
    );
    expect(audit?.n).toBe(3);
  });
});

describe('import', () => {
  it('reports every bad row of a CSV (row, field, reason) and saves nothing', async () => {
    const before = await listIds('/potentialClients');
    const res = await upload('/potentialClients/import', 'leads.csv', fixture('leads-with-errors.csv'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows).toHaveLength(6);
    expect(body.rows[0]).toMatchObject({ row: 2, carrier: 'Lakeside Carriers LLC', comment: 'Good row, with a comma' });
    expect(body.errors).toEqual([
      { row: 3, field: 'truck_quantity', message: 'The truck quantity is a whole number.' },
      { row: 4, field: 'carrier', message: 'The carrier field is required.' },
      { row: 5, field: 'email', message: 'Enter a valid e-mail address.' },
      { row: 6, field: 'phone', message: 'The phone is 10 digits and cannot start with 0 or 1.' },
      { row: 7, field: 'mc', message: DUPLICATE_MC_IN_FILE },
    ]);
    expect(await listIds('/potentialClients')).toEqual(before);

    const refused = await req('POST', '/potentialClients/saveImport', { rows: body.rows });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual([
      'rows.1.truck_quantity',
      'rows.2.carrier',
      'rows.3.email',
      'rows.4.phone',
      'rows.5.mc',
    ]);
    expect(refused.json().errors['rows.3.email']).toEqual(['Row 5: Enter a valid e-mail address.']);
    expect(await listIds('/potentialClients')).toEqual(before);
  });

  it('an xlsx with one bad row saves once the row is fixed; then its MCs are duplicates', async () => {
    const res = await upload('/potentialClients/import', 'potential-clients.xlsx', fixture('potential-clients.xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    const { rows, errors } = res.json();
    expect(rows).toHaveLength(4);
    expect(errors).toEqual([{ row: 4, field: 'email', message: 'Enter a valid e-mail address.' }]);
    const fixed = rows.map((r: { row: number; email: string }) =>
      r.row === 4 ? { ...r, email: 'ana@gulfcoast.example.com' } : r,
    );
    const saved = await req('POST', '/potentialClients/saveImport', { rows: fixed });
    expect(saved.json()).toEqual({ message: MSG.savingSuccess, saved: 4 });
    const list = (await req('POST', '/potentialClients/list', { search: 'Gulf Coast Haulers' })).json();
    expect(list.rows[0]).toMatchObject({
      mc: '1234503',
      email: 'ana@gulfcoast.example.com',
      truck_quantity: 3,
      phone: '7135550103',
    });
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int n from audit_log a join sales_leads l on l.id::text = a.entity_id
        where a.entity = 'sales_leads' and a.action = 'import' and l.kind = 'potential'`,
    );
    expect(audit?.n).toBe(4);

    const again = (
      await upload('/potentialClients/import', 'potential-clients.xlsx', fixture('potential-clients.xlsx'))
    ).json();
    // Row 4 still has its bad e-mail in the file; the other three are now duplicates of saved rows.
    expect(again.errors.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
      [2, DUPLICATE_MC_IN_LIST],
      [3, DUPLICATE_MC_IN_LIST],
      [4, 'Enter a valid e-mail address.'],
      [5, DUPLICATE_MC_IN_LIST],
    ]);
    // Clients are another list: the same MCs are new there.
    const clients = (
      await upload('/clients/import', 'potential-clients.xlsx', fixture('potential-clients.xlsx'))
    ).json();
    expect(clients.errors).toHaveLength(1);
  });

  it('refuses a row the lead form refuses (a truck quantity of 0x10 or 1e3), and saves the good row once it is skipped', async () => {
    const csv = [
      'MC,Truck quantity,Carrier,Email',
      '3334501,12,Strict Numbers LLC,ops@strict.example.com',
      '3334502,0x10,Hex Hauling,ops@hex.example.com',
      '3334503,1e3,Exponent Express,ops@exp.example.com',
    ].join('\n');
    const before = await listIds('/potentialClients');
    const preview = await upload('/potentialClients/import', 'strict.csv', Buffer.from(csv));
    expect(preview.statusCode, preview.body).toBe(200);
    const { rows, errors } = preview.json();
    expect(errors).toEqual([
      { row: 3, field: 'truck_quantity', message: 'The truck quantity is a whole number.' },
      { row: 4, field: 'truck_quantity', message: 'The truck quantity is a whole number.' },
    ]);
    // The form itself refuses the same value, with the same words.
    const typed = await req('POST', '/potentialClients', {
      ...EMPTY_LEAD_FORM,
      carrier: 'Typed Hex',
      truck_quantity: '0x10',
    });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors).toEqual({ truck_quantity: ['The truck quantity is a whole number.'] });

    const refused = await req('POST', '/potentialClients/saveImport', { rows });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['rows.1.truck_quantity', 'rows.2.truck_quantity']);
    expect(await listIds('/potentialClients')).toEqual(before);

    const saved = await req('POST', '/potentialClients/saveImport', { rows: [rows[0]] });
    expect(saved.json()).toEqual({ message: MSG.savingSuccess, saved: 1 });
    const list = (await req('POST', '/potentialClients/list', { search: 'Strict Numbers' })).json();
    expect(list.rows).toEqual([expect.objectContaining({ mc: '3334501', truck_quantity: 12 })]);
  });

  it('refuses a file that is not a spreadsheet', async () => {
    const res = await upload('/clients/import', 'notes.txt', Buffer.from('hello'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Upload an .xlsx or .csv file.']);
    const noHeadings = await upload('/clients/import', 'x.csv', Buffer.from('a,b\n1,2\n'));
    expect(noHeadings.json().errors.file).toEqual(['The first row needs the column headings, at least Carrier.']);
  });
});
