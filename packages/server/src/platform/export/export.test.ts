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
      '"Line, ""quoted""",7.46',
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
