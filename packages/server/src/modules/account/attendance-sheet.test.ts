import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

// The payroll sheet: each person's row is what their account month shows, read back from the XLSX.
let t: TestContext;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
});
afterAll(() => t.close());

const month = new Date().toISOString().slice(0, 7);
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(token) });

describe('GET /info/attendance/export', () => {
  it("answers one row per active staff member, each the person's account month, and a totals row", async () => {
    const res = await get(`/info/attendance/export?month=${month}`, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="attendance-${month}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no worksheet');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Employee',
      'Department',
      'Office',
      'Scheduled hours',
      'Worked hours',
      'Overtime hours',
      'Days worked',
      'Sick days',
      'Vacation days',
      'Holidays',
    ]);
    const [staff] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where active and customer_id is null
         and company_id = (select company_id from users where email = 'admin@backhaul.demo')`,
    );
    expect(ws.rowCount).toBe(Number(staff?.n) + 2);

    const [me] = await t.database.query<{ id: number; name: string }>(
      "select id, name from users where email = 'dispatcher@backhaul.demo'",
    );
    const account = (
      await t.app.inject({
        method: 'POST',
        url: `/api/info/users/${me?.id}/edit`,
        headers: t.bearer(admin),
        payload: { date: `${month}-01` },
      })
    ).json();
    let row: ExcelJS.Row | undefined;
    ws.eachRow((r) => {
      if (r.getCell(1).value === me?.name) row = r;
    });
    expect(row).toBeDefined();
    const hours = (m: number) => Math.round((m / 60) * 100) / 100;
    expect(row?.getCell(2).value).toBe('Dispatch');
    expect(row?.getCell(4).value).toBe(hours(account.total_schedule_time));
    expect(row?.getCell(5).value).toBe(hours(account.total_work_time));
    expect(row?.getCell(6).value).toBe(hours(account.overtime));
    expect(row?.getCell(7).value).toBe(account.month_info.worked_days);
    expect(row?.getCell(9).value).toBe(account.month_info.vacation_days);

    const total = ws.getRow(ws.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    let worked = 0;
    for (let r = 2; r < ws.rowCount; r++) worked += Number(ws.getRow(r).getCell(5).value ?? 0);
    const totalWorked = total.getCell(5).value;
    expect(
      typeof totalWorked === 'object' && totalWorked ? (totalWorked as { result?: number }).result : totalWorked,
    ).toBeCloseTo(worked, 1);
  });

  it('refuses a bad month (422 on month) and a caller without Account users (403)', async () => {
    const bad = await get('/info/attendance/export?month=2026-13', admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('month');
    expect((await get(`/info/attendance/export?month=${month}`, dispatcher)).statusCode).toBe(403);
  });
});

describe('POST /info/geo/list and /info/geo/filters', () => {
  it('lists the active staff by office, with where each works from and whether they are in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/info/geo/list',
      headers: t.bearer(admin),
      payload: { limit: 500 },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const body = res.json();
    const [staff] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where active and customer_id is null
         and company_id = (select company_id from users where email = 'admin@backhaul.demo')`,
    );
    expect(body.total).toBe(staff?.n);
    const offices = body.rows.map((r: { office: string | null }) => r.office ?? '');
    // By office: each office's people come together.
    const runs = offices.filter((o: string, i: number) => i === 0 || offices[i - 1] !== o);
    expect(new Set(runs).size).toBe(runs.length);
    const [person] = await t.database.query<{ name: string; location: string | null; city: string | null }>(
      `select u.name, p.location, o.city from users u join staff_profiles p on p.user_id = u.id
         join offices o on o.id = p.office_id where u.email = 'accountant@backhaul.demo'`,
    );
    const row = body.rows.find((r: { name: string }) => r.name === person?.name);
    const expected = !person?.location
      ? 'Unknown'
      : person.location.toLowerCase() === 'remote'
        ? 'Remote'
        : person.city && person.location.toLowerCase().startsWith(person.city.toLowerCase())
          ? 'Office city'
          : 'Elsewhere';
    expect(row.works_from).toBe(expected);
    expect(['In', 'Left', 'Not in']).toContain(row.at_work);

    const filters = await t.app.inject({
      method: 'POST',
      url: '/api/info/geo/filters',
      headers: t.bearer(admin),
      payload: {},
    });
    expect(filters.statusCode).toBe(200);
    expect(filters.json().filter.works_from.map((o: { value: string }) => o.value)).toEqual([
      'Office city',
      'Remote',
      'Elsewhere',
      'Unknown',
    ]);
  });
});
