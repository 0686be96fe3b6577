import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { FACTORING_MSG } from './factoring.service';

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
  name: 'Lone Star Funding',
  phone: '(512) 555-0170',
  fax: '512-555-0171',
  email: 'Schedules@LoneStarFunding.example.com',
  address: '500 Congress Ave',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
  percent: '3.25',
  payment_type: 'ACH',
  new_notes: ['Send schedules before 2 pm CT.'],
};

describe('factoring list', () => {
  it('answers rows, filter and settings with the spec columns; percent from thousandths of a percent', async () => {
    const res = await req('POST', '/factoring/list', { limit: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of ['rows', 'filter', 'settings']) expect(body).toHaveProperty(key);
    const visible = body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id);
    expect(visible).toEqual(['id', 'name', 'phone', 'fax', 'address', 'city', 'percent']);
    const [db] = await t.database.query<{ id: number; percent_milli: number }>(
      'select id, percent_milli from factoring_companies order by id limit 1',
    );
    const row = body.rows.find((r: { id: number }) => r.id === db?.id);
    expect(row.percent).toBe((db?.percent_milli ?? 0) / 1000);
  });

  it('filters on percent and counts the rows', async () => {
    await req('POST', '/factoring', { ...FORM, name: 'Cheap Capital', percent: 1.5, new_notes: [] });
    await req('POST', '/factoring', { ...FORM, name: 'Dear Capital', percent: 9, new_notes: [] });
    const cheap = (await req('POST', '/factoring/list', { filters: { percent: { op: 'lte', value: 1.5 } } })).json();
    expect(cheap.rows.map((r: { name: string }) => r.name)).toContain('Cheap Capital');
    expect(cheap.rows.every((r: { percent: number }) => r.percent <= 1.5)).toBe(true);
    const all = (await req('POST', '/factoring/list', {})).json();
    expect(all.sum.id).toBe(all.total);
    const start = (await req('GET', '/factoring')).json();
    expect(start).toEqual({ payment_type: ['ACH', 'Wire', 'Check', 'Quick pay'], total: all.total });
    const exported = await req('POST', '/factoring/export', { format: 'csv' });
    expect(exported.json().link).toMatch(/^\/api\/files\/\d+\/download$/);
    expect((await req('POST', '/factoring/settings', { reset: true })).json().message).toBe(MSG.savingSuccess);
  });
});

describe('factoring create, edit with notes, delete', () => {
  it('validates, stores thousandths of a percent, adds and removes notes, audits', async () => {
    const bad = await req('POST', '/factoring', { ...FORM, name: '', percent: '101', fax: '12', payment_type: 'Cash' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['fax', 'name', 'payment_type', 'percent']);
    // Issue 28: a percentage to the thousandth; a fourth decimal is a 422 on percent.
    for (const fourth of ['3.2555', 3.2555]) {
      const decimals = await req('POST', '/factoring', { ...FORM, percent: fourth });
      expect(decimals.statusCode).toBe(422);
      expect(decimals.json().errors).toEqual({ percent: ['The percent has at most 3 decimals.'] });
    }
    const thousandth = (
      await req('POST', '/factoring', { ...FORM, name: 'Thousandth Funding', percent: '3.125' })
    ).json();
    expect(thousandth.factoring.percent).toBe(3.125);
    const [milli] = await t.database.query<{ percent_milli: number }>(
      'select percent_milli from factoring_companies where id = $1',
      [thousandth.factoring.id],
    );
    // 3.125 % × 1,000 = 3,125 thousandths
    expect(milli?.percent_milli).toBe(3125);

    const created = await req('POST', '/factoring', FORM);
    expect(created.statusCode, created.body).toBe(200);
    const { factoring, notes_rows } = created.json();
    expect(factoring).toMatchObject({
      percent: 3.25,
      phone: '5125550170',
      state: 'TX',
      email: 'schedules@lonestarfunding.example.com',
    });
    const [stored] = await t.database.query<{ percent_milli: number }>(
      'select percent_milli from factoring_companies where id = $1',
      [factoring.id],
    );
    expect(stored?.percent_milli).toBe(3250);
    expect(notes_rows.map((n: { text: string }) => n.text)).toEqual(['Send schedules before 2 pm CT.']);

    const edit = (await req('GET', `/factoring/${factoring.id}/edit`)).json();
    expect(Object.keys(edit).sort()).toEqual(['factoring', 'notes_rows', 'payment_type']);
    expect(edit.notes_rows[0].created_by).toBe('Avery Admin');

    const updated = await req('PUT', `/factoring/${factoring.id}`, {
      ...FORM,
      percent: 4,
      new_notes: ['Fuel advances up to 40%.'],
      remove_notes: [edit.notes_rows[0].id],
    });
    expect(updated.json().factoring.percent).toBe(4);
    expect(updated.json().notes_rows.map((n: { text: string }) => n.text)).toEqual(['Fuel advances up to 40%.']);
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'factoring_companies' and entity_id = $1",
      [String(factoring.id)],
    );
    expect(audit?.n).toBe(2);

    const foreignNote = await req('PUT', `/factoring/${factoring.id}`, {
      ...FORM,
      new_notes: ['x'],
      remove_notes: [999999],
    });
    expect(foreignNote.statusCode).toBe(422);
    const after = (await req('GET', `/factoring/${factoring.id}/edit`)).json();
    expect(after.notes_rows.map((n: { text: string }) => n.text)).toEqual(['Fuel advances up to 40%.']);
  });

  it('a factoring company used by customers cannot be deleted; an unused one can; 11 needed', async () => {
    const [used] = await t.database.query<{ id: number; n: number }>(
      'select factoring_company_id id, count(*)::int n from customers where factoring_company_id is not null group by 1 limit 1',
    );
    const refused = await req('DELETE', `/factoring/${used?.id}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toBe(FACTORING_MSG.inUse(used?.n ?? 0));

    const id = (await req('POST', '/factoring', { ...FORM, name: 'Short Lived Funding' })).json().factoring.id;
    const editor = await t.createUser({
      email: 'factoring-editor@backhaul.demo',
      grants: [
        { section: SECTION.FactoringCompanies, action: 0 },
        { section: SECTION.FactoringCompanies, action: ACTION.EDIT },
      ],
    });
    expect((await req('DELETE', `/factoring/${id}`, undefined, editor.token)).statusCode).toBe(403);
    expect((await req('POST', '/factoring', FORM, editor.token)).statusCode).toBe(403);
    expect((await req('PUT', `/factoring/${id}`, FORM, editor.token)).statusCode).toBe(200);
    expect((await req('DELETE', `/factoring/${id}`)).json()).toEqual({ message: MSG.removalSuccess });
    expect((await req('GET', `/factoring/${id}/edit`)).statusCode).toBe(404);
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await req('POST', '/factoring/list', {}, dispatcher)).statusCode).toBe(403);
  });
});
