import { MSG, SECTION } from '@backhaul/shared';
import {
  cellMaxLength,
  defineImport,
  IMPORT_MSG,
  type ImportColumns,
  type ImportDefinition,
  type ImportValues,
  importCell,
  requiredLabels,
} from '@backhaul/shared/import/import.contract';
import { LEAD_IMPORT } from '@backhaul/shared/modules/clients/clients.contract';
import { FUEL_IMPORT } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { departments } from '../auth/auth.table';
import { AppError } from '../errors';
import { type ImportSpec, registerImportRoutes } from './import';
import { MAX_XML_BYTES } from './sheet-reader';
import { holdParses, parseQueue } from './spreadsheet';
import { longSheetXml, sharedXml, spacesBomb, xlsxParts, zipParts } from './spreadsheet.fixtures';

// A declaration of the test's own, as a module writes one: four columns and a save function.
const DEPARTMENTS = defineImport({
  name: {
    label: 'Department',
    aliases: ['department name', 'dept'],
    required: true,
    schema: importCell.text('department', { max: 60, required: true }),
    unique: { inFile: 'The department appears twice in the file.', existing: 'The department already exists.' },
  },
  budget: { label: 'Budget', schema: importCell.money('budget') },
  opened: { label: 'Opened on', aliases: ['opened'], schema: importCell.date('opening date', { required: true }) },
  headcount: { label: 'Head count', schema: importCell.integer('head count') },
});
type Department = ImportValues<typeof DEPARTMENTS.columns>;

const BOOM = 'Boom';
let saved: Department[] = [];
const spec: ImportSpec<typeof DEPARTMENTS.columns> = {
  definition: DEPARTMENTS,
  async existing(db, user) {
    const rows = await db.select().from(departments).where(eq(departments.companyId, user.companyId));
    return { name: new Set(rows.map((r) => r.name)) };
  },
  async save(tx, user, rows) {
    // One insert per row, so a refusal after the first rows shows the transaction is what undoes them.
    const stored: { id: number; after: unknown }[] = [];
    for (const row of rows) {
      if (row.name === BOOM) throw AppError.precondition('This department cannot be imported.');
      const [d] = await tx.insert(departments).values({ companyId: user.companyId, name: row.name }).returning();
      stored.push({ id: d?.id ?? 0, after: d });
    }
    saved = rows;
    return { entity: departments, rows: stored };
  },
};

const BASE = '/test-import/departments';
let t: TestContext;
let admin: string;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp({
    routes: (app, { database, files }) =>
      registerImportRoutes(app, {
        db: database.db,
        maxBytes: files.maxBytes,
        base: BASE,
        access: { section: SECTION.Employees },
        tags: ['Test'],
        spec,
      }),
  });
  admin = await t.login('admin@backhaul.demo');
  const [company] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
  companyId = company?.id ?? 1;
});
afterAll(() => t.close());
beforeEach(() => {
  saved = [];
});

function multipart(name: string, data: Buffer) {
  const boundary = '----import-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (name: string, data: Buffer | string, token = admin, base = `/api${BASE}`) => {
  const m = multipart(name, Buffer.isBuffer(data) ? data : Buffer.from(data));
  return t.app.inject({
    method: 'POST',
    url: `${base}/import`,
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(token) },
  });
};
const saveRows = (rows: unknown[]) =>
  t.app.inject({ method: 'POST', url: `/api${BASE}/saveImport`, payload: { rows }, headers: t.bearer(admin) });

const names = async () =>
  (await t.db.select().from(departments).where(eq(departments.companyId, companyId))).map((d) => d.name).sort();

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Departments');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('spreadsheet import (platform)', () => {
  it('reads a CSV: headings by name or alias in any case and spacing, unknown headings named, every bad row', async () => {
    await t.db.insert(departments).values({ companyId, name: 'Existing Dept' });
    const before = await names();
    const csv = [
      'DEPARTMENT NAME,budget,  Opened_On ,Color,HEAD-COUNT',
      'Linehaul,"$12,500.50",2026-03-01,red,4',
      'Yard,abc,3/15/2026,blue,2',
      ',100,2026-03-01,,1',
      'Linehaul,5,2026-03-02,,1',
      'Parts,5,2026-02-30,,1.5',
      ',,,,',
      'Existing Dept,5,2026-03-01,,1',
      'Tire bay,(250.00),03/01/26,,',
    ].join('\r\n');
    const res = await upload('departments.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ignored).toEqual(['Color']);
    expect(body.rows).toEqual([
      { row: 2, name: 'Linehaul', budget: '$12,500.50', opened: '2026-03-01', headcount: '4' },
      { row: 3, name: 'Yard', budget: 'abc', opened: '3/15/2026', headcount: '2' },
      { row: 4, name: '', budget: '100', opened: '2026-03-01', headcount: '1' },
      { row: 5, name: 'Linehaul', budget: '5', opened: '2026-03-02', headcount: '1' },
      { row: 6, name: 'Parts', budget: '5', opened: '2026-02-30', headcount: '1.5' },
      { row: 8, name: 'Existing Dept', budget: '5', opened: '2026-03-01', headcount: '1' },
      { row: 9, name: 'Tire bay', budget: '(250.00)', opened: '03/01/26', headcount: '' },
    ]);
    expect(body.errors).toEqual([
      { row: 3, field: 'budget', message: 'The budget is an amount in dollars.' },
      { row: 4, field: 'name', message: 'The department field is required.' },
      { row: 5, field: 'name', message: 'The department appears twice in the file.' },
      { row: 6, field: 'opened', message: 'The opening date is a date (YYYY-MM-DD or MM/DD/YYYY).' },
      { row: 6, field: 'headcount', message: 'The head count is a whole number.' },
      { row: 8, field: 'name', message: 'The department already exists.' },
    ]);
    expect(await names()).toEqual(before);
  });

  it('reads an XLSX (dates, numbers and text cells) and saves every row in one call', async () => {
    const file = await xlsx([
      ['Dept', 'Budget', 'Opened', 'Head count'],
      ['Dispatch East', 1500.5, new Date(Date.UTC(2026, 0, 5)), 7],
      ['Dispatch West', '2,000', '1/6/2026', null],
    ]);
    const preview = (await upload('departments.xlsx', file)).json();
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual([
      { row: 2, name: 'Dispatch East', budget: '1500.5', opened: '2026-01-05', headcount: '7' },
      { row: 3, name: 'Dispatch West', budget: '2,000', opened: '1/6/2026', headcount: '' },
    ]);
    const res = await saveRows(preview.rows);
    expect(res.json()).toEqual({ message: MSG.savingSuccess, saved: 2 });
    expect(saved).toEqual([
      { name: 'Dispatch East', budget: 150050, opened: '2026-01-05', headcount: 7 },
      { name: 'Dispatch West', budget: 200000, opened: '2026-01-06', headcount: null },
    ]);
    expect(await names()).toEqual(expect.arrayContaining(['Dispatch East', 'Dispatch West']));
    // Saved names are now "existing" for the next file.
    const again = (await upload('departments.xlsx', file)).json();
    expect(again.errors.map((e: { message: string }) => e.message)).toEqual([
      'The department already exists.',
      'The department already exists.',
    ]);
  });

  it('refuses a file without the required headings, naming them, and stores nothing', async () => {
    const before = await names();
    const res = await upload('departments.csv', 'Foo,Bar\nLinehaul,1\n');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The first row needs the column headings, at least Department.']);
    const empty = await upload('departments.csv', 'Department,Budget\n,\n');
    expect(empty.json().errors.file).toEqual([IMPORT_MSG.empty]);
    expect(await names()).toEqual(before);
  });

  it('takes only .xlsx and .csv files whose content is what their name says', async () => {
    const text = await upload('notes.txt', 'Department\nLinehaul\n');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([IMPORT_MSG.type]);
    const fake = await upload('departments.xlsx', 'Department\nLinehaul\n');
    expect(fake.json().errors.file).toEqual([IMPORT_MSG.unreadable]);
    const binary = await upload('departments.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]));
    expect(binary.json().errors.file).toEqual([IMPORT_MSG.unreadable]);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api${BASE}/import`,
      payload: {},
      headers: t.bearer(admin),
    });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['file']);
  });

  it('saves all rows or none: a bad row is a 422 naming rows.<i>.<field>, and a refused row undoes the others', async () => {
    const before = await names();
    const bad = await saveRows([
      { row: 2, name: 'Fleet North', opened: '2026-04-01' },
      { row: 3, name: 'Fleet South', opened: 'soon' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'rows.1.opened': ['Row 3: The opening date is a date (YYYY-MM-DD or MM/DD/YYYY).'],
    });
    expect(await names()).toEqual(before);

    const refused = await saveRows([
      { row: 2, name: 'Fleet North', opened: '2026-04-01' },
      { row: 3, name: 'Fleet South', opened: '2026-04-01' },
      { row: 4, name: BOOM, opened: '2026-04-01' },
    ]);
    expect(refused.statusCode).toBe(412);
    expect(await names()).toEqual(before);
    const [north] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.companyId, companyId), eq(departments.name, 'Fleet North')));
    expect(north).toBeUndefined();

    expect((await saveRows([])).json().errors.rows).toEqual([IMPORT_MSG.noRows]);
  });

  it('needs the access the declaration names', async () => {
    const { token } = await t.createUser({ email: 'import-nobody@backhaul.demo', grants: [] });
    expect((await upload('departments.csv', 'Department\nX\n', token)).statusCode).toBe(403);
  });
});

describe('hostile spreadsheets (issue 27)', () => {
  const headings = ['Department', 'Budget', 'Opened'];
  const longXlsx = (rows: number, tail?: string) =>
    zipParts(xlsxParts({ data: longSheetXml({ headings, rows, tail }) }, sharedXml(['Linehaul', ...headings])));
  // A sheet cut off after its rows: a reader that reads every row fails there.
  const CUT_OFF = '<row><c><v>1</v></c></row><<<';

  it('refuses a 300,000-row sheet at the row limit without reading the rows past it', async () => {
    const res = await upload('departments.xlsx', longXlsx(300_000, CUT_OFF));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [IMPORT_MSG.tooMany(5000)] });
    // Within the limit the reader reaches the cut-off end, and the same file is unreadable.
    const short = await upload('departments.xlsx', longXlsx(3, CUT_OFF));
    expect(short.json().errors).toEqual({ file: [IMPORT_MSG.unreadable] });
  });

  it('refuses a zip bomb, a sheet that unpacks past the limit while the zip declares 1 KB, with a 422 on file', async () => {
    const limitMb = MAX_XML_BYTES / 1024 / 1024;
    const bomb = spacesBomb('<?xml version="1.0"?><worksheet><sheetData>', limitMb + 10);
    const file = zipParts(xlsxParts({ data: '', deflated: bomb, declaredSize: 1024 }));
    expect(file.length).toBeLessThan(1024 * 1024);
    const res = await upload('departments.xlsx', file);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [IMPORT_MSG.tooLarge(50)] });
  });

  it('parses off the request thread: while files are read other calls are answered, and at most two are read at once', async () => {
    const csv = `Department,Opened\n${'Yard,2026-03-01\n'.repeat(300_000)}`;
    const release = holdParses();
    let settled = 0;
    let uploads: ReturnType<typeof upload>[] = [];
    try {
      uploads = [1, 2, 3].map(() => upload('departments.csv', csv));
      for (const u of uploads) u.then(() => settled++);
      await vi.waitFor(() => expect(parseQueue()).toEqual({ running: 2, waiting: 1 }), { timeout: 20_000 });
      // The parses are held inside their workers: a parse on the request thread would hold this call too.
      const version = await t.app.inject({ method: 'POST', url: '/api/version', payload: {} });
      expect(version.statusCode).toBe(200);
      expect(settled).toBe(0);
      expect(parseQueue()).toEqual({ running: 2, waiting: 1 });
    } finally {
      release();
    }
    // A CSV over the limit is refused like a sheet.
    for (const res of await Promise.all(uploads))
      expect(res.json().errors).toEqual({ file: [IMPORT_MSG.tooMany(5000)] });
    expect(parseQueue().waiting).toBe(0);
  });

  it('answers a cell longer than its column takes as a row error with the cell cut for the preview, not a 500', async () => {
    const long = `${'x'.repeat(999)}yz${'w'.repeat(499)}`;
    const res = await upload('departments.csv', `Department,Opened\n"${long}",2026-03-01\nYard,2026-03-02\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      { row: 2, name: `${'x'.repeat(999)}y`, budget: '', opened: '2026-03-01', headcount: '' },
      { row: 3, name: 'Yard', budget: '', opened: '2026-03-02', headcount: '' },
    ]);
    // Only the length error: the schema's own (at most 60 characters) is not repeated for the cut text.
    expect(res.json().errors).toEqual([{ row: 2, field: 'name', message: IMPORT_MSG.tooLong(1000) }]);
  });

  const moduleImports: [string, ImportDefinition<ImportColumns>][] = [
    ['/api/fuel', FUEL_IMPORT as unknown as ImportDefinition<ImportColumns>],
    ['/api/potentialClients', LEAD_IMPORT as unknown as ImportDefinition<ImportColumns>],
    ['/api/clients', LEAD_IMPORT as unknown as ImportDefinition<ImportColumns>],
  ];
  it.each(moduleImports)('%s/import answers a 1,500-character cell as a row error, not a 500', async (base, def) => {
    const key = def.keys.find((k) => def.columns[k]?.required) as string;
    const max = cellMaxLength(def, key);
    expect(max).toBe(1000);
    const labels = requiredLabels(def);
    const cells = labels.map((l) => (l === def.columns[key]?.label ? 'L'.repeat(1500) : ''));
    const res = await upload('import.csv', `${labels.join(',')}\n${cells.join(',')}\n`, admin, base);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0][key]).toBe('L'.repeat(1000));
    expect(res.json().errors).toContainEqual({ row: 2, field: key, message: IMPORT_MSG.tooLong(1000) });
  });
});
