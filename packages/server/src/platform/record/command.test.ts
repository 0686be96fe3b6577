import { SECTION } from '@backhaul/shared';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/harness';
import type { AuthUser } from '../auth/access';
import { AppError } from '../errors';
import { claimLines, defineClaims, releaseLines } from './claims';
import { defineCommand, runCommand } from './command';
import { defineRecord } from './define-record';
import { getRecord, saveRecords } from './record.service';

// Probe tables of this test only: a statement that claims loads once, and is closed by a command.
const sheets = pgTable('command_probe', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  status: text().notNull().default('Open'),
  totalCents: integer().notNull().default(0),
});
const sheetLines = pgTable('command_probe_lines', {
  id: serial().primaryKey(),
  sheetId: integer().notNull(),
  sourceId: integer().notNull(),
  cents: integer().notNull(),
});

const FormSchema = z.object({ name: z.string().trim().min(1, 'The name is required.') });
const sheetRecord = defineRecord({
  table: sheets,
  section: SECTION.General,
  form: FormSchema,
  row: z.object({ id: z.number(), name: z.string(), status: z.string(), total_cents: z.number() }),
  toRow: (s) => ({ id: s.id, name: s.name, status: s.status, total_cents: s.totalCents }),
  unique: ['name'],
});
const lineClaims = defineClaims({
  table: sheetLines,
  owner: sheetLines.sheetId,
  field: 'sources',
  message: 'A line is on another sheet.',
});

/** Claims the sources' lines, totals them, and closes the sheet: one rule, the platform does the rest. */
const closeSheet = defineCommand({
  action: 'close',
  target: { record: sheetRecord, id: (input: { id: number; sources: number[] }) => input.id },
  run: async ({ tx, row, input }) => {
    if (row.status === 'Closed') throw AppError.precondition('The sheet is closed.');
    await claimLines(
      tx,
      lineClaims,
      row.id,
      input.sources.map((s) => ({ sourceId: s, cents: s * 100 })),
    );
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${sheetLines.cents}), 0)::int` })
      .from(sheetLines)
      .where(eq(sheetLines.sheetId, row.id));
    await tx
      .update(sheets)
      .set({ status: 'Closed', totalCents: sum?.total ?? 0 })
      .where(eq(sheets.id, row.id));
    return sum?.total ?? 0;
  },
});

let t: TestContext;
let companyA: number;
let companyB: number;
let adminId: number;
const userOf = (companyId: number): AuthUser => ({
  id: adminId,
  companyId,
  email: 'probe@backhaul.demo',
  name: 'Probe',
  role: 0,
  permissionRoleId: null,
  departmentId: null,
  customerId: null,
  image: null,
});
const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};
const audits = (id: number) =>
  t.database.query<{ action: string; before: { status: string } | null; after: { status: string } | null }>(
    "select action, before, after from audit_log where entity = 'command_probe' and entity_id = $1 order by id",
    [String(id)],
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.database.exec(`
    create table command_probe (id serial primary key, company_id int not null, name text not null,
      status text not null default 'Open', total_cents int not null default 0);
    create unique index command_probe_name_uq on command_probe (company_id, lower(name));
    create table command_probe_lines (id serial primary key,
      sheet_id int not null references command_probe(id) on delete cascade, source_id int not null, cents int not null);
    create unique index command_probe_lines_source_uq on command_probe_lines (source_id);`);
  const [a] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
  const [b] = await t.database.query<{ id: number }>("insert into companies (name) values ('Probe B') returning id");
  const [admin] = await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'");
  companyA = a?.id ?? 0;
  companyB = b?.id ?? 0;
  adminId = admin?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('commands', () => {
  it('lock the target in scope, run the rule and audit the target before and after', async () => {
    const [sheet] = await saveRecords(t.db, sheetRecord, userOf(companyA), [{ id: null, form: { name: 'Week 1' } }]);
    if (!sheet) throw new Error('not saved');
    // 1×100 + 2×100 + 3×100 cents
    expect(await runCommand(t.db, closeSheet, userOf(companyA), { id: sheet.id, sources: [1, 2, 3] })).toBe(600);
    expect(await getRecord(t.db, sheetRecord, userOf(companyA), sheet.id)).toMatchObject({
      status: 'Closed',
      total_cents: 600,
    });
    const rows = await audits(sheet.id);
    expect(rows.map((r) => [r.action, r.before?.status ?? null, r.after?.status ?? null])).toEqual([
      ['create', null, 'Open'],
      ['close', 'Open', 'Closed'],
    ]);
    // A second close is refused by the rule; nothing is audited.
    expect((await rejection(runCommand(t.db, closeSheet, userOf(companyA), { id: sheet.id, sources: [] }))).kind).toBe(
      'precondition',
    );
    expect(await audits(sheet.id)).toHaveLength(2);
  });

  it('answer 404 for a target of another company and write nothing', async () => {
    const [sheet] = await saveRecords(t.db, sheetRecord, userOf(companyA), [{ id: null, form: { name: 'Theirs' } }]);
    if (!sheet) throw new Error('not saved');
    const err = await rejection(runCommand(t.db, closeSheet, userOf(companyB), { id: sheet.id, sources: [40] }));
    expect(err.kind).toBe('not_found');
    const lines = await t.db.select().from(sheetLines).where(eq(sheetLines.sheetId, sheet.id));
    expect(lines).toEqual([]);
  });

  it('claim a source once: a line on another sheet is a 422 on the field, and everything rolls back', async () => {
    const made = await saveRecords(t.db, sheetRecord, userOf(companyA), [
      { id: null, form: { name: 'Claims A' } },
      { id: null, form: { name: 'Claims B' } },
    ]);
    const [a, b] = made;
    if (!a || !b) throw new Error('not saved');
    await runCommand(t.db, closeSheet, userOf(companyA), { id: a.id, sources: [10, 11] });
    const taken = await rejection(runCommand(t.db, closeSheet, userOf(companyA), { id: b.id, sources: [12, 11] }));
    expect(taken).toMatchObject({ kind: 'validation', fields: { sources: ['A line is on another sheet.'] } });
    // Line 12 was inserted before 11 clashed: rolled back with the status.
    expect(await getRecord(t.db, sheetRecord, userOf(companyA), b.id)).toMatchObject({ status: 'Open' });
    expect(await t.db.select().from(sheetLines).where(eq(sheetLines.sheetId, b.id))).toEqual([]);
  });

  it('under parallel claims of the same sources, each source lands on exactly one sheet', async () => {
    const made = await saveRecords(
      t.db,
      sheetRecord,
      userOf(companyA),
      Array.from({ length: 5 }, (_, i) => ({ id: null, form: { name: `Race ${i}` } })),
    );
    const results = await Promise.allSettled(
      made.map((s) => runCommand(t.db, closeSheet, userOf(companyA), { id: s.id, sources: [100, 101, 102] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [count] = await t.database.query<{ n: number; sheets: number }>(
      'select count(*)::int as n, count(distinct sheet_id)::int as sheets from command_probe_lines where source_id in (100, 101, 102)',
    );
    expect(count).toEqual({ n: 3, sheets: 1 });
  });

  it('release lines so their sources may be claimed again', async () => {
    const [a, b] = await saveRecords(t.db, sheetRecord, userOf(companyA), [
      { id: null, form: { name: 'Release A' } },
      { id: null, form: { name: 'Release B' } },
    ]);
    if (!a || !b) throw new Error('not saved');
    await runCommand(t.db, closeSheet, userOf(companyA), { id: a.id, sources: [200] });
    expect(await releaseLines(t.db, lineClaims, a.id)).toBe(1);
    expect(await runCommand(t.db, closeSheet, userOf(companyA), { id: b.id, sources: [200] })).toBe(20_000);
  });
});

describe('saveRecords', () => {
  it('saves every row or none, and names a bad row’s field by its index', async () => {
    const user = userOf(companyA);
    const err = await rejection(
      saveRecords(t.db, sheetRecord, user, [
        { id: null, form: { name: 'Batch 1' } },
        { id: null, form: { name: 'batch 1' } },
      ]),
    );
    expect(err).toMatchObject({ kind: 'validation', fields: { 'rows.1.name': ['batch 1 is already in the list.'] } });
    const [none] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from command_probe where lower(name) = 'batch 1'",
    );
    expect(none?.n).toBe(0);
    const [theirs] = await saveRecords(t.db, sheetRecord, userOf(companyB), [{ id: null, form: { name: 'B only' } }]);
    const foreign = await rejection(
      saveRecords(t.db, sheetRecord, user, [{ id: theirs?.id ?? 0, form: { name: 'Taken over' } }], {
        field: 'sheets',
      }),
    );
    expect(foreign).toMatchObject({ kind: 'validation', fields: { 'sheets.0.id': ['The record was not found.'] } });
  });
});
