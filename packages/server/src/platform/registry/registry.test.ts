import { SECTION } from '@backhaul/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { customerExceptions, customers } from '../../modules/customers';
import type { AuthUser } from '../auth/access';
import { roles as rolesTable } from '../auth/auth.table';
import { findSession } from '../auth/session.repository';
import { defineList, forgetList } from '../list/define-list';
import { runList } from '../list/run-list';
import { defineChangeLog } from './change-log';
import { applyDraftedDeletions } from './drafted-deletions';
import { expiryColumns } from './expiry';

let t: TestContext;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('admin@backhaul.demo');
  const session = await findSession(t.db, token);
  if (!session) throw new Error('no session');
  admin = session.user;
});
afterAll(async () => {
  for (const key of ['roles-logs-test', 'expiry-probe-test']) forgetList(key);
  await t.close();
});

describe('drafted deletions', () => {
  it('deletes all drafted rows in one transaction, audited, or none when one id is foreign', async () => {
    const [a, b] = await t.db.select({ id: customers.id }).from(customers).orderBy(customers.id).limit(2);
    if (!a || !b) throw new Error('need two customers');
    const mine = await t.db
      .insert(customerExceptions)
      .values([
        { customerId: a.id, text: 'one' },
        { customerId: a.id, text: 'two' },
      ])
      .returning({ id: customerExceptions.id });
    const [foreign] = await t.db
      .insert(customerExceptions)
      .values({ customerId: b.id, text: 'not yours' })
      .returning({ id: customerExceptions.id });
    const opts = {
      actor: admin,
      table: customerExceptions,
      entity: 'customer_exceptions',
      ownerColumn: customerExceptions.customerId,
      ownerId: a.id,
    };

    await expect(
      applyDraftedDeletions(t.db, { ...opts, ids: [...mine.map((r) => r.id), foreign?.id ?? 0] }),
    ).rejects.toMatchObject({
      kind: 'validation',
      fields: { ids: ['One of the selected records does not belong here.'] },
    });
    const left = await t.db.select().from(customerExceptions).where(eq(customerExceptions.customerId, a.id));
    expect(left.map((r) => r.text)).toEqual(expect.arrayContaining(['one', 'two']));

    await expect(
      applyDraftedDeletions<{ text: string }>(t.db, {
        ...opts,
        ids: mine.map((r) => r.id),
        refuse: (r) => (r.text === 'two' ? 'Keep two.' : null),
      }),
    ).rejects.toMatchObject({ fields: { ids: ['Keep two.'] } });

    expect(await applyDraftedDeletions(t.db, { ...opts, ids: mine.map((r) => r.id) })).toBe(2);
    const audit = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'customer_exceptions' and action = 'delete'",
    );
    expect(audit[0]?.n).toBe(2);
  });
});

describe('change log', () => {
  it('lists an entity’s audit rows with author and changed fields, filterable by record', async () => {
    const roles = (
      await t.app.inject({
        method: 'GET',
        url: '/api/permission',
        headers: t.bearer(await t.login('admin@backhaul.demo')),
      })
    ).json().rows as Array<{ id: number }>;
    const token = await t.login('admin@backhaul.demo');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/permission',
      headers: t.bearer(token),
      payload: { name: 'Log me', permissions: [] },
    });
    const id = created.json().role.id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/permission/${id}`,
      headers: t.bearer(token),
      payload: { name: 'Log me 2', permissions: [] },
    });
    expect(roles.length).toBeGreaterThan(0);

    const log = defineChangeLog({ key: 'roles-logs-test', table: rolesTable, section: SECTION.Roles });
    const result = await runList(t.db, log, admin, { filters: { entity_id: { op: 'eq', value: id } } });
    expect(result.total).toBe(2);
    const rows = result.rows as Array<{ action: string; user: string; changes: string | null }>;
    expect(rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect(rows[0]?.user).toBe('Avery Admin');
    expect(rows[0]?.changes).toContain('role');
  });
});

describe('expiry columns', () => {
  it('filters overdue and due-in-30-days rows by the company’s today', async () => {
    const today = (
      await t.database.query<{ d: string }>("select ((now() at time zone 'America/Chicago')::date)::text d")
    )[0]?.d;
    await t.db.execute(sql`create table expiry_probe (id int primary key, expires date)`);
    await t.db.execute(
      sql`insert into expiry_probe values (1, ${today}::date - 1), (2, ${today}::date), (3, ${today}::date + 30), (4, ${today}::date + 31), (5, null)`,
    );
    const probe = defineList({
      key: 'expiry-probe-test',
      title: 'Probe',
      section: SECTION.Drivers,
      from: sql`expiry_probe`,
      rowKey: sql`expiry_probe.id`,
      base: () => undefined,
      defaultSort: { sort: 'id', order: 'asc' },
      columns: [
        { id: 'id', title: 'ID', sql: sql`expiry_probe.id` },
        ...expiryColumns({ id: 'expires', title: 'Expires', date: sql`expiry_probe.expires` }),
      ],
    });
    const ids = async (values: string[]) =>
      ((await runList(t.db, probe, admin, { filters: { expires_due: { values } } })).rows as Array<{ id: number }>).map(
        (r) => r.id,
      );
    expect(await ids(['overdue'])).toEqual([1]);
    expect(await ids(['due'])).toEqual([2, 3]);
    expect(await ids(['overdue', 'due'])).toEqual([1, 2, 3]);
    expect(await ids(['ok'])).toEqual([4]);
  });
});
