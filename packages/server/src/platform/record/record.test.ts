import { SECTION } from '@backhaul/shared';
import { eq } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/harness';
import type { AuthUser } from '../auth/access';
import { AppError } from '../errors';
import { forgetList } from '../list/define-list';
import { runList } from '../list/run-list';
import { sameText } from './define-record';
import { defineResource } from './define-resource';
import { createRecord, deleteDraftedChildren, deleteRecord, getRecord, updateRecord } from './record.service';

// Probe tables of this test only: the engine knows no module.
const probes = pgTable('record_probe', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  customerId: integer(),
  name: text().notNull(),
  n: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
const probeItems = pgTable('record_probe_items', {
  id: serial().primaryKey(),
  probeId: integer().notNull(),
  text: text().notNull(),
});

const FormSchema = z.object({
  name: z.string().trim().min(1, 'The name is required.'),
  customer_id: z.number().int().nullable().default(null),
  items: z.array(z.object({ id: z.number().int().optional(), text: z.string().min(1) })).default([]),
  remove_items: z.array(z.number().int()).default([]),
});
type Form = z.output<typeof FormSchema>;
const RowSchema = z.object({ id: z.number(), name: z.string(), n: z.number(), customer_id: z.number().nullable() });

// One declaration: the record and its list over the same table and scope.
const probeResource = defineResource({
  base: '/probe',
  key: 'record-probe-test',
  title: 'Probes',
  columns: [
    { id: 'id', title: 'ID', column: probes.id },
    { id: 'name', title: 'Name', column: probes.name, filter: 'note', search: true },
  ],
  defaultSort: { sort: 'id', order: 'asc' },
  table: probes,
  section: SECTION.General,
  // A customer user reaches only its customer's probes.
  scope: { row: (user) => (user.customerId ? eq(probes.customerId, user.customerId) : undefined) },
  form: FormSchema,
  row: RowSchema,
  toRow: (p) => ({ id: p.id, name: p.name, n: p.n, customer_id: p.customerId }),
  // `n` counts saves from the before-image: lost updates would show as a smaller count.
  toValues: (form, { before }) => ({ name: form.name, customerId: form.customer_id, n: (before?.n ?? 0) + 1 }),
  unique: [{ field: 'name', where: (f) => sameText(probes.name, f.name), message: (f) => `${f.name} exists.` }],
  children: [
    {
      table: probeItems,
      owner: probeItems.probeId,
      field: 'items',
      remove: (f) => f.remove_items,
      removeField: 'remove_items',
      rows: (f) => f.items.map((i) => ({ id: i.id, values: { text: i.text } })),
      errorKey: 'text',
      notOwned: 'Not this probe’s item.',
    },
  ],
  hooks: {
    beforeSave: ({ form }) => {
      if (form.name === 'refused') throw AppError.precondition('Refused by a rule.');
    },
    beforeDelete: ({ before }) => {
      if (before.name === 'kept') throw AppError.precondition('Kept by a rule.');
    },
  },
});
const probeRecord = probeResource.record;

let t: TestContext;
let companyA: number;
let companyB: number;
let adminId: number;
const userOf = (companyId: number, customerId: number | null = null): AuthUser => ({
  id: adminId,
  companyId,
  email: 'probe@backhaul.demo',
  name: 'Probe',
  role: 0,
  permissionRoleId: null,
  departmentId: null,
  customerId,
  image: null,
});
const form = (over: Partial<Form>): Form => ({ name: 'x', customer_id: null, items: [], remove_items: [], ...over });
const audits = (id: number) =>
  t.database.query<{ action: string; before: { name: string } | null; after: { name: string } | null }>(
    "select action, before, after from audit_log where entity = 'record_probe' and entity_id = $1 order by id",
    [String(id)],
  );
const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  t = await createTestApp();
  await t.database.exec(`
    create table record_probe (id serial primary key, company_id int not null, customer_id int, name text not null,
      n int not null default 0, updated_at timestamptz not null default now());
    create unique index record_probe_name_uq on record_probe (company_id, lower(name));
    create table record_probe_items (id serial primary key,
      probe_id int not null references record_probe(id) on delete cascade, text text not null);`);
  const [a] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
  const [b] = await t.database.query<{ id: number }>("insert into companies (name) values ('Probe B') returning id");
  const [admin] = await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'");
  companyA = a?.id ?? 0;
  companyB = b?.id ?? 0;
  adminId = admin?.id ?? 0;
});
afterAll(async () => {
  forgetList('record-probe-test');
  await t.close();
});

describe('record engine', () => {
  it('creates in the caller’s company, reads it back, and audits create, update and delete with before and after', async () => {
    const created = await createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'Alpha' }));
    expect(created).toMatchObject({ name: 'Alpha', n: 1 });
    const [stored] = await t.database.query<{ company_id: number }>(
      'select company_id from record_probe where id = $1',
      [created.id],
    );
    expect(stored?.company_id).toBe(companyA);
    expect(await getRecord(t.db, probeRecord, userOf(companyA), created.id)).toEqual(created);
    await updateRecord(t.db, probeRecord, userOf(companyA), created.id, form({ name: 'Alpha 2' }));
    await deleteRecord(t.db, probeRecord, userOf(companyA), created.id);
    const rows = await audits(created.id);
    expect(rows.map((r) => [r.action, r.before?.name ?? null, r.after?.name ?? null])).toEqual([
      ['create', null, 'Alpha'],
      ['update', 'Alpha', 'Alpha 2'],
      ['delete', 'Alpha 2', null],
    ]);
  });

  it('with auditUnchanged, an update that changes nothing the audit keeps writes no audit row', async () => {
    // The same record, auditing the name only: `n` counts saves, so every save changes the row itself.
    const quiet = { ...probeRecord, audit: (p: { name: string }) => ({ name: p.name }), auditUnchanged: true };
    const created = await createRecord(t.db, quiet, userOf(companyA), form({ name: 'Quiet' }));
    await updateRecord(t.db, quiet, userOf(companyA), created.id, form({ name: 'Quiet' }));
    await updateRecord(t.db, quiet, userOf(companyA), created.id, form({ name: 'Quiet 2' }));
    expect((await getRecord(t.db, quiet, userOf(companyA), created.id)).n).toBe(3);
    const rows = await audits(created.id);
    expect(rows.map((r) => [r.action, r.before?.name ?? null, r.after?.name ?? null])).toEqual([
      ['create', null, 'Quiet'],
      ['update', 'Quiet', 'Quiet 2'],
    ]);
  });

  it('answers 404 outside the company or the row scope, and for a missing id; nothing changes', async () => {
    const mine = await createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'Scoped', customer_id: 7 }));
    for (const outsider of [userOf(companyB), userOf(companyA, 8)]) {
      expect((await rejection(getRecord(t.db, probeRecord, outsider, mine.id))).kind).toBe('not_found');
      expect((await rejection(updateRecord(t.db, probeRecord, outsider, mine.id, form({ name: 'Stolen' })))).kind).toBe(
        'not_found',
      );
      expect((await rejection(deleteRecord(t.db, probeRecord, outsider, mine.id))).kind).toBe('not_found');
    }
    expect((await getRecord(t.db, probeRecord, userOf(companyA, 7), mine.id)).name).toBe('Scoped');
    expect((await rejection(getRecord(t.db, probeRecord, userOf(companyA), 999_999))).kind).toBe('not_found');
    expect((await audits(mine.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('a list declared over the same scope shows exactly the rows the record reaches', async () => {
    await createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'Seen by 9', customer_id: 9 }));
    await createRecord(t.db, probeRecord, userOf(companyB), form({ name: 'Other company' }));
    const listed = async (user: AuthUser) =>
      ((await runList(t.db, probeResource.list, user, { limit: 500 })).rows as Array<{ id: number }>).map((r) => r.id);
    for (const user of [userOf(companyA), userOf(companyA, 9), userOf(companyB)]) {
      const ids = await listed(user);
      const reachable = await t.database.query<{ id: number }>('select id from record_probe order by id');
      const reached: number[] = [];
      for (const { id } of reachable) {
        if (
          await getRecord(t.db, probeRecord, user, id).then(
            () => true,
            () => false,
          )
        )
          reached.push(id);
      }
      expect(ids).toEqual(reached);
      expect(ids.length).toBeGreaterThan(0);
    }
  });

  it('refuses a duplicate with 422 on the field, also when creates race past the check', async () => {
    await createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'Unique one' }));
    const dup = await rejection(createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'UNIQUE ONE' })));
    expect(dup).toMatchObject({ kind: 'validation', fields: { name: ['UNIQUE ONE exists.'] } });
    // Another company may use the name.
    expect((await createRecord(t.db, probeRecord, userOf(companyB), form({ name: 'Unique one' }))).name).toBe(
      'Unique one',
    );
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'Raced' }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        kind: 'validation',
        fields: { name: ['Raced exists.'] },
      });
    }
  });

  it('reads the before-image under a row lock: concurrent saves never lose one', async () => {
    const probe = await createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'Counter' }));
    await Promise.all(
      Array.from({ length: 12 }, () =>
        updateRecord(t.db, probeRecord, userOf(companyA), probe.id, form({ name: 'Counter' })),
      ),
    );
    expect((await getRecord(t.db, probeRecord, userOf(companyA), probe.id)).n).toBe(13);
  });

  it('writes children and drafted deletions in the save’s transaction, all or nothing', async () => {
    const user = userOf(companyA);
    const probe = await createRecord(
      t.db,
      probeRecord,
      user,
      form({ name: 'Parent', items: [{ text: 'one' }, { text: 'two' }] }),
    );
    const items = () => t.db.select().from(probeItems).where(eq(probeItems.probeId, probe.id)).orderBy(probeItems.id);
    const [one, two] = await items();
    if (!one || !two) throw new Error('items not written');
    const other = await createRecord(
      t.db,
      probeRecord,
      user,
      form({ name: 'Other parent', items: [{ text: 'theirs' }] }),
    );
    const [theirs] = await t.db.select().from(probeItems).where(eq(probeItems.probeId, other.id));

    const foreignRemove = await rejection(
      updateRecord(
        t.db,
        probeRecord,
        user,
        probe.id,
        form({ name: 'Renamed', remove_items: [one.id, theirs?.id ?? 0] }),
      ),
    );
    expect(foreignRemove).toMatchObject({
      fields: { remove_items: ['One of the selected records does not belong here.'] },
    });
    const foreignEdit = await rejection(
      updateRecord(
        t.db,
        probeRecord,
        user,
        probe.id,
        form({ name: 'Renamed', items: [{ id: theirs?.id, text: 'mine now' }] }),
      ),
    );
    expect(foreignEdit).toMatchObject({ fields: { 'items.0.text': ['Not this probe’s item.'] } });
    // Nothing of either refused save stayed: the parent's rename rolled back with the children.
    expect((await getRecord(t.db, probeRecord, user, probe.id)).name).toBe('Parent');
    expect((await items()).map((i) => i.text)).toEqual(['one', 'two']);

    await updateRecord(
      t.db,
      probeRecord,
      user,
      probe.id,
      form({
        name: 'Parent',
        remove_items: [one.id],
        items: [{ id: two.id, text: 'two (edited)' }, { text: 'three' }],
      }),
    );
    expect((await items()).map((i) => i.text)).toEqual(['two (edited)', 'three']);
    const childAudit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'record_probe_items' and entity_id in ($1, $2) order by id",
      [String(one.id), String(two.id)],
    );
    expect(childAudit.map((a) => a.action)).toEqual(['create', 'create', 'delete', 'update']);

    // A drafted deletion sent in its own call: one owner in scope, all or none.
    expect(
      await rejection(deleteDraftedChildren(t.db, probeRecord, userOf(companyB), { table: probeItems, ids: [two.id] })),
    ).toMatchObject({ fields: { ids: ['One of the selected records does not belong here.'] } });
    expect(await deleteDraftedChildren(t.db, probeRecord, user, { table: probeItems, ids: [two.id] })).toBe(1);
    expect((await items()).map((i) => i.text)).toEqual(['three']);
  });

  it('hooks refuse inside the transaction: nothing is written or audited', async () => {
    const refused = await rejection(createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'refused' })));
    expect(refused).toMatchObject({ kind: 'precondition', message: 'Refused by a rule.' });
    const [none] = await t.database.query<{ n: number }>(
      "select count(*)::int n from record_probe where name = 'refused'",
    );
    expect(none?.n).toBe(0);
    const kept = await createRecord(t.db, probeRecord, userOf(companyA), form({ name: 'kept' }));
    expect((await rejection(deleteRecord(t.db, probeRecord, userOf(companyA), kept.id))).kind).toBe('precondition');
    expect((await getRecord(t.db, probeRecord, userOf(companyA), kept.id)).name).toBe('kept');
    expect((await audits(kept.id)).map((r) => r.action)).toEqual(['create']);
  });
});
