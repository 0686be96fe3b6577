import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { exportList } from './export.service';
import { type ExportColumn, escapeFormula } from './export-writers';

let t: TestContext;
let owner: { user: { id: number; companyId: number }; token: string };
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'backhaul-export-')) } });
  owner = await t.createUser({ email: 'exporter@backhaul.demo', grants: [] });
});
afterAll(() => t.close());

const COLUMNS: ExportColumn[] = [
  { id: 'id', title: 'Id', kind: 'number' },
  { id: 'customer', title: 'Customer' },
  { id: 'rate', title: 'Rate', kind: 'money' },
  { id: 'miles', title: 'Miles', kind: 'miles' },
  { id: 'date', title: 'Pick up', kind: 'date' },
];

async function* trips(n: number) {
  for (let i = 1; i <= n; i++) {
    yield {
      id: i,
      customer: i % 1000 === 0 ? '=HYPERLINK("http://evil.test","x")' : `Customer ${i % 97}`,
      rate: (i % 500) + 0.25,
      miles: i % 800,
      date: `2026-0${(i % 9) + 1}-1${i % 10}`,
    };
  }
}

const sum = (n: number, f: (i: number) => number) => {
  let s = 0;
  for (let i = 1; i <= n; i++) s += f(i);
  return s;
};

async function waitForJob(id: string, token: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: t.bearer(token) })).json();
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`export job stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const download = (link: string, token: string) => t.app.inject({ method: 'GET', url: link, headers: t.bearer(token) });

describe('exportList', () => {
  it('escapes cells that would be read as formulas', () => {
    expect(['=1+2', '+1', '-2', '@SUM(A1)', '\tx', 'plain', 'a=b'].map(escapeFormula)).toEqual([
      "'=1+2",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      'a=b',
    ]);
  });

  it('a 50,000-row export runs as a job with progress and opens in exceljs with the right rows and totals', async () => {
    const N = 50_000;
    const totals = { rate: sum(N, (i) => (i % 500) + 0.25), miles: sum(N, (i) => i % 800) };
    const res = await exportList({
      actor: owner.user,
      name: 'Trips list',
      format: 'xlsx',
      columns: COLUMNS,
      rows: trips(N),
      totals,
      count: N,
    });
    expect(res.link).toBeNull();
    expect(res.job_id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await waitForJob(res.job_id as string, owner.token);
    expect(job).toMatchObject({ status: 'completed', done: N, total: N, name: 'export.list' });
    const link = job.result.link as string;
    expect(link).toMatch(/^\/api\/files\/\d+\/download$/);

    const file = await download(link, owner.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="trips-list-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no worksheet');
    expect(ws.rowCount).toBe(N + 2);
    expect(ws.getRow(1).values).toEqual([undefined, 'Id', 'Customer', 'Rate', 'Miles', 'Pick up']);
    expect(ws.getRow(2).getCell(3).value).toBe(1.25);
    expect(ws.getRow(2).getCell(5).value).toEqual(new Date('2026-02-11T00:00:00Z'));
    const total = ws.getRow(N + 2);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(3).value).toBeCloseTo(totals.rate, 2);
    expect(total.getCell(4).value).toBe(totals.miles);
    // Row 1000's customer looked like a formula: stored as escaped text, never as a formula.
    const evil = ws.getRow(1001).getCell(2);
    expect(evil.type).toBe(ExcelJS.ValueType.String);
    expect(evil.value).toBe('\'=HYPERLINK("http://evil.test","x")');

    // Only the creator fetches it.
    const admin = await t.login('admin@backhaul.demo');
    expect((await download(link, admin)).statusCode).toBe(404);
  }, 120_000);

  it('writes typed cells: numbers, currency, dates, phones; frozen header, auto-filter, widths, SUM totals', async () => {
    const columns: ExportColumn[] = [
      { id: 'load_id', title: 'Load', kind: 'id' },
      { id: 'customer', title: 'Customer', kind: 'text' },
      { id: 'gross', title: 'Gross', kind: 'money', footer: 'sum' },
      { id: 'miles', title: 'Miles', kind: 'miles', footer: 'sum' },
      { id: 'rpm', title: 'RPM', kind: 'number' },
      { id: 'day', title: 'Period from', kind: 'date' },
      { id: 'at', title: 'Delivery', kind: 'datetime' },
      { id: 'created', title: 'Created', kind: 'datetime' },
      { id: 'phone', title: 'Phone', kind: 'phone' },
    ];
    const rows = [
      {
        load_id: 101,
        customer: 'Lone Star Logistics LLC, a long name',
        gross: 2450.5,
        miles: 967,
        rpm: 2.45,
        day: '2026-03-01',
        at: '2026-03-02 14:30',
        // 05:30 UTC is 23:30 the day before in Chicago.
        created: '2026-03-01T05:30:00.000Z',
        phone: '3125550187',
      },
      {
        load_id: 102,
        customer: 'Echo',
        gross: '1100',
        miles: 360,
        rpm: null,
        day: null,
        at: null,
        created: null,
        phone: '12',
      },
    ];
    const res = await exportList({
      actor: owner.user,
      name: 'Typed',
      format: 'xlsx',
      columns,
      rows,
      totals: { gross: 3550.5, miles: 1327 },
    });
    const file = await download(res.link as string, owner.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no worksheet');
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe(101);
    expect(row.getCell(3).value).toBe(2450.5);
    expect(row.getCell(3).numFmt).toContain('"$"#,##0.00');
    expect(row.getCell(4).value).toBe(967);
    expect(row.getCell(5).value).toBe(2.45);
    expect(row.getCell(6).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(row.getCell(6).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(7).value).toEqual(new Date('2026-03-02T14:30:00Z'));
    expect(row.getCell(7).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(8).value).toEqual(new Date('2026-02-28T23:30:00Z'));
    expect(row.getCell(9).value).toBe('+1 (312) 555-0187');
    expect(ws.getRow(3).getCell(3).value).toBe(1100);
    expect(ws.getRow(3).getCell(9).value).toBe('12');
    // The header stays in view, is filterable, and columns are as wide as their content.
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:I3');
    expect(ws.getColumn(2).width).toBeGreaterThanOrEqual('Lone Star Logistics LLC, a long name'.length);
    expect(ws.getColumn(1).width).toBeLessThan(ws.getColumn(2).width ?? 0);
    // Totals: sums are formulas over the data rows, with the figure cached.
    const total = ws.getRow(4);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(3).value).toEqual({ formula: 'SUM(C2:C3)', result: 3550.5 });
    expect(total.getCell(4).value).toEqual({ formula: 'SUM(D2:D3)', result: 1327 });

    const csv = await exportList({ actor: owner.user, name: 'Typed', format: 'csv', columns, rows });
    const lines = (await download(csv.link as string, owner.token)).body.split('\r\n');
    expect(lines[1]).toBe(
      '101,"Lone Star Logistics LLC, a long name",2450.50,967,2.45,2026-03-01,2026-03-02 14:30,2026-02-28 23:30,+1 (312) 555-0187',
    );
  });

  it('writes figures exactly, as the screen’s tooltip reads them: a PPU of 3.899, a rate of $0.575 (issue 32)', async () => {
    const columns: ExportColumn[] = [
      { id: 'ppu', title: 'PPU', kind: 'number' },
      { id: 'rate', title: 'Rate', kind: 'money' },
      { id: 'gallons', title: 'Gallons', kind: 'number', footer: 'sum' },
    ];
    const rows = [
      { ppu: 3.899, rate: 0.575, gallons: 1200.125 },
      // 0.1 + 0.2 is 0.30000000000000004 in binary: the noise is not a figure.
      { ppu: 3.5, rate: 12.5, gallons: 0.1 + 0.2 },
    ];
    const res = await exportList({
      actor: owner.user,
      name: 'Fuel',
      format: 'xlsx',
      columns,
      rows,
      totals: { gallons: 1200.425 },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(res.link as string, owner.token)).rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const cell = (r: number, c: number) => ws?.getRow(r).getCell(c);
    expect([cell(2, 1)?.value, cell(2, 1)?.numFmt]).toEqual([3.899, '#,##0.000']);
    expect([cell(2, 2)?.value, cell(2, 2)?.numFmt]).toEqual([0.575, '"$"#,##0.000;[Red]-"$"#,##0.000']);
    expect([cell(2, 3)?.value, cell(2, 3)?.numFmt]).toEqual([1200.125, '#,##0.000']);
    expect([cell(3, 1)?.value, cell(3, 1)?.numFmt]).toEqual([3.5, '#,##0.0']);
    expect([cell(3, 2)?.value, cell(3, 2)?.numFmt]).toEqual([12.5, '"$"#,##0.00;[Red]-"$"#,##0.00']);
    expect([cell(3, 3)?.value, cell(3, 3)?.numFmt]).toEqual([0.3, '#,##0.0']);
    // The sum is a formula with its figure cached, in the figure's own decimals, bold.
    expect(cell(4, 3)?.value).toEqual({ formula: 'SUM(C2:C3)', result: 1200.425 });
    expect(cell(4, 3)?.numFmt).toBe('#,##0.000');
    expect(cell(4, 3)?.font?.bold).toBe(true);
    expect(cell(2, 3)?.font?.bold).toBeFalsy();

    const csv = await exportList({ actor: owner.user, name: 'Fuel', format: 'csv', columns, rows });
    const lines = (await download(csv.link as string, owner.token)).body.split('\r\n');
    expect(lines.slice(1, 3)).toEqual(['3.899,0.575,1200.125', '3.5,12.50,0.3']);
  });

  it('a small CSV answers its link at once, escaped, with totals', async () => {
    const res = await t.app.deps.exports.exportList({
      actor: owner.user,
      name: 'Payments',
      format: 'csv',
      columns: [
        { id: 'note', title: 'Note' },
        { id: 'amount', title: 'Amount', kind: 'money' },
      ],
      rows: [
        { note: '=1+2', amount: -12.5 },
        { note: '@SUM(A1:A9)', amount: 10 },
        { note: 'Line, "quoted"', amount: '7.456' },
      ],
      totals: { amount: 4.96 },
    });
    expect(res.job_id).toBeUndefined();
    const text = (await download(res.link as string, owner.token)).body;
    expect(text.split('\r\n')).toEqual([
      '\uFEFFNote,Amount',
      "'=1+2,-12.50",
      "'@SUM(A1:A9),10.00",
      // Files are exact: a figure finer than cents keeps its decimals (issue 32).
      '"Line, ""quoted""",7.456',
      'Total,4.96',
      '',
    ]);
  });

  it('without a count, an export that passes the threshold continues as a job', async () => {
    const res = await exportList({
      actor: owner.user,
      name: 'Loads',
      format: 'csv',
      columns: COLUMNS,
      rows: trips(20_500),
    });
    expect(res.link).toBeNull();
    const job = await waitForJob(res.job_id as string, owner.token);
    expect(job).toMatchObject({ status: 'completed', done: 20_500 });
    const lines = (await download(job.result.link, owner.token)).body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(20_501);
  }, 60_000);
});
