import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
let loadId: number;
let otherLoadId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart body with one file, as the browser sends it. */
function multipart(name: string, data: Buffer) {
  const boundary = '----backhaul-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (id: number, name: string, token = admin, data = PDF) => {
  const body = multipart(name, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/loads/ppw/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...t.bearer(token) },
  });
};
const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });
const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  const rows = await t.database.query<{ id: number }>(
    `select l.id from loads l join brokers b on b.id = l.broker_id
     where l.ppw = 0 and b.email_address is not null order by l.id limit 2`,
  );
  loadId = rows[0]?.id as number;
  otherLoadId = rows[1]?.id as number;
});
afterAll(() => t.close());

describe('PPW files', () => {
  it('the demo year has loads with and without PPW', async () => {
    const [row] = await t.database.query<{ with: number; without: number }>(
      'select count(*) filter (where ppw = 1)::int as with, count(*) filter (where ppw = 0)::int as without from loads',
    );
    expect(row?.with).toBeGreaterThan(0);
    expect(row?.without).toBeGreaterThan(0);
  });

  it('POST /loads/ppw/:id stores the file and sets ppw=1, ppw_created_by and ppw_date on the load', async () => {
    const before = (await get(`/loads/ppw/${loadId}`)).json();
    expect(before.load.ppw).toBe(0);
    expect(before.load_files).toEqual([]);
    const res = await upload(loadId, 'rate-con signed.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MSG.savingSuccess);
    expect(body.file).toMatchObject({ name: 'rate-con signed.pdf', category: 'ppw', load_id: loadId, status: 'new' });
    expect(body.file.preview_url).toMatch(/\/preview$/);
    const [admin_] = await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'");
    expect(body.load.ppw).toBe(1);
    expect(body.load.ppw_created_by).toBe(admin_?.id);
    expect(body.load.ppw_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const after = (await get(`/loads/ppw/${loadId}`)).json();
    expect(after.load_files.map((f: { id: number }) => f.id)).toEqual([body.file.id]);
    const preview = await t.app.inject({ method: 'GET', url: body.file.preview_url, headers: t.bearer(admin) });
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.equals(PDF)).toBe(true);
    const list = (
      await post('/trips', {
        filters: { load_id: { op: 'eq', value: loadId } },
        dateDelivery: { from: '2000-01-01', to: '2100-01-01' },
      })
    ).json();
    expect(list.trips[0].ppw_url).toBe('PPW exist');
  });

  it('a file of the generic upload route with category ppw sets the flag too (same hook)', async () => {
    const boundary = '----b2';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nppw\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bol.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/files/upload/loads/${otherLoadId}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.bearer(admin) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.query<{ ppw: number }>(`select ppw from loads where id = ${otherLoadId}`);
    expect(row?.ppw).toBe(1);
  });

  it('refuses bad names and contents with the spec messages; nothing is flagged', async () => {
    const [clean] = await t.database.query<{ id: number }>(
      'select id from loads where ppw = 0 order by id desc limit 1',
    );
    const badName = await upload(clean?.id as number, 'ppw#1.pdf');
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors.file).toEqual([MSG.invalidFileName]);
    const fake = await upload(clean?.id as number, 'ppw.pdf', admin, Buffer.from('not a pdf'));
    expect(fake.statusCode).toBe(422);
    const [row] = await t.database.query<{ ppw: number }>(`select ppw from loads where id = ${clean?.id}`);
    expect(row?.ppw).toBe(0);
  });

  it('POST /loads/sendPPW/:id mails the PPW template with the files attached (outbox)', async () => {
    const res = await post(`/loads/sendPPW/${loadId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MSG.ppwSent);
    expect(body.data.files).toBe(1);
    const [mail] = await t.database.query<{
      to: string;
      template: string;
      subject: string;
      attachments: Array<{ filename: string }>;
    }>(`select "to", template, subject, attachments from mail_messages where id = ${body.data.mail_id}`);
    const [broker] = await t.database.query<{ email: string }>(
      `select b.email_address as email from loads l join brokers b on b.id = l.broker_id where l.id = ${loadId}`,
    );
    expect(mail?.template).toBe('ppw');
    expect(mail?.to).toBe(broker?.email);
    expect(mail?.subject).toBe(`Paperwork for load ${loadId}`);
    expect(mail?.attachments?.map((a) => a.filename)).toEqual(['rate-con signed.pdf']);
  });

  it('POST /loads/ppwSelected/:id mails only the chosen files, to the address given', async () => {
    await upload(loadId, 'pod.pdf');
    const files = (await get(`/loads/ppw/${loadId}`)).json().load_files as Array<{ id: number; name: string }>;
    const pod = files.find((f) => f.name === 'pod.pdf');
    const res = await post(`/loads/ppwSelected/${loadId}`, { files: [pod?.id], email: 'billing@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.database.query<{ to: string; attachments: Array<{ filename: string }> }>(
      `select "to", attachments from mail_messages where id = ${res.json().data.mail_id}`,
    );
    expect(mail?.to).toBe('billing@example.com');
    expect(mail?.attachments.map((a) => a.filename)).toEqual(['pod.pdf']);
    const none = await post(`/loads/ppwSelected/${loadId}`, { files: [] });
    expect(none.statusCode).toBe(422);
    const foreign = await post(`/loads/ppwSelected/${otherLoadId}`, { files: [pod?.id] });
    expect(foreign.statusCode).toBe(422);
  });

  it('permissions: upload needs 23 or 19, send needs 15; a foreign dispatcher sees no files', async () => {
    const viewer = await t.createUser({
      email: 'ppw-viewer@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
      ],
    });
    expect((await upload(loadId, 'x.pdf', viewer.token)).statusCode).toBe(403);
    expect((await post(`/loads/sendPPW/${loadId}`, {}, viewer.token)).statusCode).toBe(403);
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    const [ids] = await t.database.query<{ customer: number; admin: number }>(
      "select (select id from customers order by id limit 1) as customer, (select id from users where email = 'admin@backhaul.demo') as admin",
    );
    const trip = await post('/trips/update/0', {
      customer_id: ids?.customer,
      dispatcher_id: ids?.admin,
      loads: [
        {
          gross: 500,
          stops: [
            { type: 1, city: 'Dallas', state: 'TX' },
            { type: 2, city: 'Austin', state: 'TX' },
          ],
        },
      ],
    });
    const foreign = trip.json().trip.loads[0].load_id as number;
    expect((await get(`/loads/ppw/${foreign}`)).statusCode).toBe(200);
    expect((await get(`/loads/ppw/${foreign}`, dispatcher)).statusCode).toBe(404);
    expect((await upload(foreign, 'x.pdf', dispatcher)).statusCode).toBe(404);
  });
});
