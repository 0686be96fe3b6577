import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'backhaul-employees-')) } });
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: t.bearer(token) });

const FORM = {
  name: 'Morgan Test',
  company: 'Backhaul Demo Freight',
  department_id: null as number | null,
  office: 'Dallas HQ',
  position: 'Dispatcher',
  email: 'Morgan.Test@Backhaul.demo',
  phone: '+1 (214) 555-0142',
  phone2: '',
  active: true,
  hired_on: '2024-03-01',
  inventory: [
    { item: 'Laptop', serial: 'LT-100', issued_on: '2024-03-01', returned_on: '', notes: '' },
    { item: 'Headset', serial: '', issued_on: '', returned_on: '', notes: 'wireless' },
  ],
};

const audits = async (entity: string, id: number | string) =>
  t.database.query<{ action: string; after: Record<string, unknown> | null }>(
    'select action, after from audit_log where entity = $1 and entity_id = $2 order by id',
    [entity, String(id)],
  );

const uploadDocument = (employeeId: number) => {
  const boundary = '----people';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ndocument\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/files/upload/employees/${employeeId}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.bearer(admin) },
  });
};

describe('employees list', () => {
  it('answers the spec columns, company from the employer, sorted by name', async () => {
    const res = await call('POST', '/employees/list', { limit: 50 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id)).toEqual([
      'employee_id',
      'name',
      'company',
      'department',
      'office',
      'email',
      'phone',
      'phone2',
      'active',
    ]);
    const names = body.rows.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(body.rows.find((r: { email: string }) => r.email === 'dispatcher@backhaul.demo')).toMatchObject({
      name: 'Dana Dispatch',
      department: 'Dispatch',
      company: 'Backhaul Demo Freight',
    });
    expect(body.filter.company.map((o: { value: string }) => o.value)).toContain('Backhaul Demo Freight');
  });

  it('filters by department and active, with totals of the filtered set', async () => {
    const all = (await call('POST', '/employees/list', { limit: 500 })).json();
    const dispatch = all.filter.department.find((o: { label: string }) => o.label === 'Dispatch');
    const res = (
      await call('POST', '/employees/list', {
        filters: { department: { values: [dispatch.value] }, active: { value: 1 } },
        limit: 500,
      })
    ).json();
    const expected = all.rows.filter(
      (r: { department: string; active: boolean }) => r.department === 'Dispatch' && r.active,
    );
    expect(res.total).toBe(expected.length);
    expect(res.sum.employee_id).toBe(expected.length);
    expect(
      res.rows.every((r: { department: string; active: boolean }) => r.department === 'Dispatch' && r.active),
    ).toBe(true);
    const inactive = (await call('POST', '/employees/list', { filters: { active: { value: 0 } }, limit: 500 })).json();
    expect(inactive.total + all.rows.filter((r: { active: boolean }) => r.active).length).toBe(all.total);
  });

  it('GET /employees, /employees/list and POST /employees/filters answer the first page and the options', async () => {
    const get = (await call('GET', '/employees')).json();
    expect(get.rows.length).toBeGreaterThan(0);
    expect((await call('GET', '/employees/list')).json().total).toBe(get.total);
    const filters = (await call('POST', '/employees/filters', {})).json();
    expect(Object.keys(filters.filter)).toEqual(expect.arrayContaining(['company', 'department', 'office']));
  });

  it('settings are saved on /employees/settings', async () => {
    const res = await call('POST', '/employees/settings', {
      settings: { columns: [{ id: 'phone', visible: false }] },
    });
    expect(res.statusCode).toBe(200);
    expect((await call('POST', '/employees/list', { limit: 1 })).json().settings.columns[0]).toMatchObject({
      id: 'phone',
      visible: false,
    });
  });
});

describe('employees create, edit, inventory, delete', () => {
  let id: number;

  it('GET /employees/create offers departments, companies and offices', async () => {
    const body = (await call('GET', '/employees/create')).json();
    expect(body.departments.map((d: { name: string }) => d.name)).toContain('Dispatch');
    expect(body.companies).toContain('Backhaul Demo Freight');
    expect(body.offices).toContain('Dallas HQ');
  });

  it('POST /employees validates next to fields', async () => {
    const res = await call('POST', '/employees', {
      ...FORM,
      name: ' ',
      email: 'not-mail',
      phone: '123',
      inventory: [{ item: '', serial: '', issued_on: 'tomorrow', returned_on: '', notes: '' }],
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual(['The name is required.']);
    expect(errors.email).toEqual(['Enter a valid e-mail address.']);
    expect(errors.phone).toEqual(['The phone is 10 digits and cannot start with 0 or 1.']);
    expect(errors['inventory.0.item']).toEqual(['The item name is required.']);
    expect(errors['inventory.0.issued_on']).toEqual(['Use the date format YYYY-MM-DD.']);
    const bad = await call('POST', '/employees', { ...FORM, department_id: 999999 });
    expect(bad.json().errors.department_id).toEqual(['The selected department is invalid.']);
  });

  it('creates with inventory, normalised, and audits', async () => {
    const created = (await call('GET', '/employees/create')).json();
    const shop = created.departments.find((d: { name: string }) => d.name === 'Shop').id;
    const res = await call('POST', '/employees', { ...FORM, department_id: shop });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MSG.savingSuccess);
    expect(body.employee).toMatchObject({
      name: 'Morgan Test',
      department: 'Shop',
      email: 'morgan.test@backhaul.demo',
      phone: '2145550142',
      phone2: null,
    });
    expect(body.inventory.map((i: { item: string }) => i.item)).toEqual(['Laptop', 'Headset']);
    id = body.employee.employee_id;
    const rows = await audits('employees', id);
    expect(rows.map((r) => r.action)).toEqual(['create']);
    expect(rows[0]?.after).toMatchObject({ name: 'Morgan Test', company: 'Backhaul Demo Freight' });
    expect(
      (
        await t.database.query('select 1 from audit_log where entity = $1 and action = $2', [
          'employee_inventory',
          'create',
        ])
      ).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('GET /employees/:id/edit answers the record, its inventory and documents', async () => {
    const body = (await call('GET', `/employees/${id}/edit`)).json();
    expect(body.employee).toMatchObject({ id, name: 'Morgan Test', phone: '2145550142', hired_on: '2024-03-01' });
    expect(body.inventory).toHaveLength(2);
    expect(body.documents).toEqual([]);
  });

  it('PUT updates, adds an item, edits another; the change log shows it', async () => {
    const { inventory } = (await call('GET', `/employees/${id}/inventory`)).json();
    const laptop = inventory.find((i: { item: string }) => i.item === 'Laptop');
    const res = await call('PUT', `/employees/${id}`, {
      ...FORM,
      office: 'Chicago',
      inventory: [
        {
          id: laptop.id,
          item: 'Laptop',
          serial: 'LT-100',
          issued_on: '2024-03-01',
          returned_on: '2024-06-01',
          notes: '',
        },
        { item: 'Phone', serial: 'PH-7', issued_on: '2024-04-01', returned_on: '', notes: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = (await call('GET', `/employees/${id}/inventory`)).json().inventory;
    expect(after.map((i: { item: string }) => i.item)).toEqual(['Laptop', 'Headset', 'Phone']);
    expect(after[0].returned_on).toBe('2024-06-01');
    const log = (
      await call('POST', '/employees/filterLogs', { filters: { entity_id: { op: 'eq', value: id } } })
    ).json();
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    // FORM has no department: the update clears the one set on create.
    expect(log.rows[0].changes).toBe('department_id, inventory, office');
    const description = (await call('GET', `/employees/description/${id}`)).json();
    expect(description.description).toContain('Chicago');
    expect(description.description).toContain('2 inventory items');
  });

  it('an item of another employee cannot be edited through this one', async () => {
    const other = (await call('POST', '/employees/list', { limit: 1 })).json().rows[0].employee_id;
    const { inventory } = (await call('GET', `/employees/${id}/inventory`)).json();
    const res = await call('PUT', `/employees/${other}`, {
      ...FORM,
      name: 'Someone',
      inventory: [{ ...inventory[0], serial: 'x', returned_on: '', notes: '' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['inventory.0.item']).toEqual(['This item does not belong to the employee.']);
  });

  it('DELETE /employees/:id/inventory removes the chosen items, all or nothing', async () => {
    const { inventory } = (await call('GET', `/employees/${id}/inventory`)).json();
    const headset = inventory.find((i: { item: string }) => i.item === 'Headset');
    const foreign = await call('DELETE', `/employees/${id}/inventory`, { ids: [headset.id, 1] });
    expect(foreign.statusCode).toBe(422);
    expect((await call('GET', `/employees/${id}/inventory`)).json().inventory).toHaveLength(3);
    const res = await call('DELETE', `/employees/${id}/inventory`, { ids: [headset.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.itemRemoved, removed: 1 });
    expect(res.json().inventory.map((i: { item: string }) => i.item)).toEqual(['Laptop', 'Phone']);
    expect((await audits('employee_inventory', headset.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('a document is uploaded through files and removed with DELETE /info/documents/:id', async () => {
    const up = await uploadDocument(id);
    expect(up.statusCode).toBe(200);
    const fileId = up.json().file.id;
    expect((await call('GET', `/employees/${id}/edit`)).json().documents.map((d: { id: number }) => d.id)).toEqual([
      fileId,
    ]);
    const viewer = await t.createUser({
      email: 'employees-viewer@backhaul.demo',
      grants: [
        { section: SECTION.Employees, action: 0 },
        { section: SECTION.Employees, action: ACTION.VIEW },
      ],
    });
    expect((await call('DELETE', `/info/documents/${fileId}`, undefined, viewer.token)).statusCode).toBe(403);
    const res = await call('DELETE', `/info/documents/${fileId}`);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/employees/${id}/edit`)).json().documents).toEqual([]);
    expect((await call('DELETE', `/info/documents/${fileId}`)).statusCode).toBe(404);
  });

  it('DELETE /employees/:id (delete permission alone) removes the employee, inventory and documents, audited', async () => {
    const fileId = (await uploadDocument(id)).json().file.id;
    const { token } = await t.createUser({
      email: 'employees-delete@backhaul.demo',
      grants: [
        { section: SECTION.Employees, action: 0 },
        { section: SECTION.Employees, action: ACTION.DELETE },
      ],
    });
    const res = await call('DELETE', `/employees/${id}`, undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.removalSuccess);
    expect((await call('GET', `/employees/${id}/edit`)).statusCode).toBe(404);
    const left = await t.database.query('select 1 from employee_inventory where employee_id = $1', [id]);
    expect(left).toHaveLength(0);
    expect(await t.database.query('select 1 from files where id = $1', [fileId])).toHaveLength(0);
    const rows = await audits('employees', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'inventory-remove', 'delete']);
  });
});

describe('employees permissions', () => {
  it('view-only: list and read-only dialog, no create, edit, delete or actions history', async () => {
    const { token } = await t.createUser({
      email: 'employees-view@backhaul.demo',
      grants: [
        { section: SECTION.Maintenance, action: 0 },
        { section: SECTION.Employees, action: 0 },
        { section: SECTION.Employees, action: ACTION.VIEW },
      ],
    });
    const list = (await call('POST', '/employees/list', { limit: 1 }, token)).json();
    const target = list.rows[0].employee_id;
    expect((await call('GET', `/employees/${target}/edit`, undefined, token)).statusCode).toBe(200);
    expect((await call('POST', '/employees', FORM, token)).statusCode).toBe(403);
    expect((await call('PUT', `/employees/${target}`, FORM, token)).statusCode).toBe(403);
    expect((await call('DELETE', `/employees/${target}`, undefined, token)).statusCode).toBe(403);
    expect((await call('DELETE', `/employees/${target}/inventory`, { ids: [1] }, token)).statusCode).toBe(403);
    expect((await call('POST', '/employees/filterLogs', {}, token)).statusCode).toBe(403);
    expect((await call('GET', `/employees/${target}/edit`)).json().employee.id).toBe(target);
  });

  it('a user without Employees is refused the list (403)', async () => {
    const token = await t.login('customer@backhaul.demo');
    expect((await call('POST', '/employees/list', {}, token)).statusCode).toBe(403);
  });
});
