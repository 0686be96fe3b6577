import { SECTION } from '@backhaul/shared';
import { eq, sql } from 'drizzle-orm';
import { date, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { freezeClock, thawClock } from '../clock';
import { AppError } from '../errors';
import { defineStatementKind } from './define-statement';
import {
  createStatement,
  deleteStatement,
  findStatement,
  offerLines,
  statementLines,
  updateStatement,
} from './statement.service';
import { addManualLine } from './statement-manual';
import { paidStatusOf, payStatement, writeOffBalance } from './statement-pay';

const probeJobs = pgTable('pay_probe_jobs', {
  id: serial().primaryKey(),
  payeeId: integer().notNull(),
  doneOn: date().notNull(),
  cents: integer().notNull(),
});

// A probe kind of this test only: a payee (a user) is paid for jobs (+) and charged for parts (−).
const probeKind = defineStatementKind({
  kind: 'probe',
  section: SECTION.General,
  payeeField: 'payee_id',
  periodField: 'date_from',
  carry: true,
  payee: async ({ tx, user }, id) => {
    const [u] = await rowsOf<{ id: number; name: string }>(
      tx,
      sql`select id, name from users where id = ${id} and company_id = ${user.companyId}`,
    );
    if (!u) throw AppError.invalidField('payee_id', 'Choose a payee.');
    return { id: Number(u.id), name: u.name };
  },
  sources: [
    {
      name: 'job',
      section: 'trips',
      field: 'jobs',
      lock: { table: probeJobs, id: Number },
      candidates: async (ctx) => {
        const rows = await rowsOf<{ id: number; done_on: string; cents: number }>(
          ctx.tx,
          sql`select id, done_on::text as done_on, cents from pay_probe_jobs
            where payee_id = ${ctx.payee.id} and done_on between ${ctx.since} and ${ctx.period.to}
              and ${ctx.unclaimed('job', sql`pay_probe_jobs.id::text`)}
            order by done_on, id`,
        );
        return rows.map((r) => ({
          key: String(r.id),
          date: r.done_on,
          earned: r.done_on < ctx.period.from ? { from: r.done_on, to: r.done_on } : null,
          type: 'Job',
          description: `Job #${r.id}`,
          amountCents: Number(r.cents),
          grossCents: Number(r.cents),
        }));
      },
    },
  ],
  messages: {
    lineTaken: 'A chosen line is not offered.',
    closed: 'Closed.',
    closedDelete: 'A closed statement cannot be deleted.',
    notClosed: 'Close it first.',
    overpaid: 'More than it owes.',
    nothingDue: 'Nothing is due.',
    futurePeriod: 'The period has not begun.',
    overlap: (p) => `${p.payee} has statement #${p.id} for ${p.from} – ${p.to}.`,
    owed: 'Owed by probe',
    writeOffReason: 'Say why.',
    notOwed: 'Nothing is owed.',
  },
});

let t: TestContext;
let user: AuthUser;
let payeeA: number;
let payeeB: number;

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};
const job = async (payee: number, doneOn: string, cents: number) => {
  const [r] = await t.database.query<{ id: number }>(
    'insert into pay_probe_jobs (payee_id, done_on, cents) values ($1, $2, $3) returning id',
    [payee, doneOn, cents],
  );
  return String(r?.id);
};

beforeAll(async () => {
  t = await createTestApp();
  await t.database.exec(
    'create table pay_probe_jobs (id serial primary key, payee_id int not null, done_on date not null, cents int not null)',
  );
  const [admin] = await t.database.query<{ id: number; company_id: number }>(
    "select id, company_id from users where email = 'admin@backhaul.demo'",
  );
  const others = await t.database.query<{ id: number }>(
    'select id from users where company_id = $1 and id <> $2 order by id limit 2',
    [admin?.company_id, admin?.id],
  );
  user = {
    id: admin?.id ?? 0,
    companyId: admin?.company_id ?? 0,
    email: 'admin@backhaul.demo',
    name: 'Admin',
    role: 0,
    permissionRoleId: null,
    departmentId: null,
    customerId: null,
    image: null,
  };
  payeeA = others[0]?.id ?? 0;
  payeeB = others[1]?.id ?? 0;
  freezeClock('2026-03-20T18:00:00Z');
});
afterAll(async () => {
  thawClock();
  await t.close();
});

describe('pay statement engine', () => {
  it('offers what the payee earned up to the period’s end, claims the chosen lines and sums them', async () => {
    const j1 = await job(payeeA, '2026-03-01', 10_000);
    const j2 = await job(payeeA, '2026-03-03', 25_050);
    await job(payeeA, '2026-03-09', 7_000); // after the period
    const period = { from: '2026-03-01', to: '2026-03-07' };
    const offered = await offerLines(t.db, probeKind, user, {
      payee: { id: payeeA, name: 'A' },
      period,
      statementId: null,
      terms: {},
    });
    expect(offered.get('job')?.map((c) => c.key)).toEqual([j1, j2]);
    const id = await createStatement(t.db, probeKind, user, { payeeId: payeeA, period, chosen: { jobs: [j1, j2] } });
    const s = await findStatement(t.db, probeKind, user, id);
    // $100.00 + $250.50
    expect(s).toMatchObject({ amountCents: 35_050, grossCents: 35_050, status: 'Open' });
    expect(paidStatusOf('Owed by probe', s)).toBe('Not paid');
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'pay_statements' and entity_id = $1",
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses a period that has not begun, an overlapping one, and a line another statement holds', async () => {
    expect(
      await rejection(
        createStatement(t.db, probeKind, user, {
          payeeId: payeeA,
          period: { from: '2026-03-22', to: '2026-03-28' },
          chosen: {},
        }),
      ),
    ).toMatchObject({ kind: 'validation', fields: { date_from: ['The period has not begun.'] } });
    const overlap = await rejection(
      createStatement(t.db, probeKind, user, {
        payeeId: payeeA,
        period: { from: '2026-03-05', to: '2026-03-11' },
        chosen: {},
      }),
    );
    expect(overlap.fields?.date_from?.[0]).toMatch(/has statement #\d+ for 2026-03-01 – 2026-03-07\./);
    const [taken] = await rowsOf<{ source_key: string }>(
      t.db,
      sql`select source_key from pay_statement_lines where kind = 'probe' limit 1`,
    );
    const err = await rejection(
      createStatement(t.db, probeKind, user, {
        payeeId: payeeA,
        period: { from: '2026-03-08', to: '2026-03-14' },
        chosen: { jobs: [taken?.source_key ?? ''] },
      }),
    );
    expect(err).toMatchObject({ kind: 'validation', fields: { jobs: ['A chosen line is not offered.'] } });
  });

  it('offers a line left off its period’s statement on the next one, marked with the period it was earned in', async () => {
    const late = await job(payeeB, '2026-03-02', 5_000);
    const first = await createStatement(t.db, probeKind, user, {
      payeeId: payeeB,
      period: { from: '2026-03-01', to: '2026-03-07' },
      chosen: { jobs: [] },
    });
    const week2 = await job(payeeB, '2026-03-10', 3_000);
    const second = await createStatement(t.db, probeKind, user, {
      payeeId: payeeB,
      period: { from: '2026-03-08', to: '2026-03-14' },
      chosen: { jobs: [late, week2] },
    });
    const lines = await statementLines(t.db, second);
    expect(lines.map((l) => [l.sourceKey, l.earnedFrom, l.amountCents])).toEqual([
      [late, '2026-03-02', 5_000],
      [week2, null, 3_000],
    ]);
    expect((await findStatement(t.db, probeKind, user, first)).amountCents).toBe(0);
  });

  it('pays only a closed statement, never more than it owes: Partly paid, then Paid', async () => {
    const j = await job(payeeB, '2026-03-16', 40_000);
    const id = await createStatement(t.db, probeKind, user, {
      payeeId: payeeB,
      period: { from: '2026-03-15', to: '2026-03-21' },
      chosen: { jobs: [j] },
    });
    const pay = (amountCents: number) =>
      payStatement(t.db, probeKind, user, { id, amountCents, date: '2026-03-20', note: '' });
    expect((await rejection(pay(100))).kind).toBe('precondition');
    await updateStatement(t.db, probeKind, user, { id, chosen: {}, close: true });
    expect(await rejection(pay(40_001))).toMatchObject({ fields: { amount: ['More than it owes.'] } });
    await pay(15_000);
    expect(paidStatusOf('Owed by probe', await findStatement(t.db, probeKind, user, id))).toBe('Partly paid');
    await pay(25_000);
    const s = await findStatement(t.db, probeKind, user, id);
    expect(s).toMatchObject({ paidCents: 40_000, paidDate: '2026-03-20' });
    expect(paidStatusOf('Owed by probe', s)).toBe('Paid');
    expect((await rejection(deleteStatement(t.db, probeKind, user, id))).kind).toBe('precondition');
  });

  it('a negative statement is owed, never Paid; its deficit is carried to the next one, or written off', async () => {
    const payee = payeeA;
    const job1 = await job(payee, '2026-03-09', 20_000);
    const bad = await createStatement(t.db, probeKind, user, {
      payeeId: payee,
      period: { from: '2026-03-08', to: '2026-03-14' },
      chosen: { jobs: [job1] },
    });
    await addManualLine(t.db, probeKind, user, {
      id: bad,
      category: 'deduction',
      date: '2026-03-10',
      type: 'Deduction',
      description: 'Truck repair',
      amountCents: -32_575,
    });
    await updateStatement(t.db, probeKind, user, { id: bad, chosen: {}, close: true });
    const owed = await findStatement(t.db, probeKind, user, bad);
    // $200.00 − $325.75
    expect(owed.amountCents).toBe(-12_575);
    expect(paidStatusOf('Owed by probe', owed)).toBe('Owed by probe');
    expect(
      (
        await rejection(
          payStatement(t.db, probeKind, user, { id: bad, amountCents: 100, date: '2026-03-20', note: '' }),
        )
      ).kind,
    ).toBe('precondition');

    const job2 = await job(payee, '2026-03-16', 50_000);
    const period = { from: '2026-03-15', to: '2026-03-21' };
    const offered = await offerLines(t.db, probeKind, user, {
      payee: { id: payee, name: 'A' },
      period,
      statementId: null,
      terms: {},
    });
    const carried = offered.get('carried') ?? [];
    expect(carried.map((c) => [c.key, c.amountCents, c.preselected])).toEqual([[String(bad), -12_575, true]]);
    const next = await createStatement(t.db, probeKind, user, {
      payeeId: payee,
      period,
      chosen: { jobs: [job2], carried: [String(bad)] },
    });
    // $500.00 − $125.75
    expect((await findStatement(t.db, probeKind, user, next)).amountCents).toBe(37_425);
    expect(paidStatusOf('Owed by probe', await findStatement(t.db, probeKind, user, bad))).toBe('Carried');
    // Deleting the next statement gives the deficit back to the first.
    await deleteStatement(t.db, probeKind, user, next);
    expect(paidStatusOf('Owed by probe', await findStatement(t.db, probeKind, user, bad))).toBe('Owed by probe');
    expect(await rejection(writeOffBalance(t.db, probeKind, user, { id: bad, reason: ' ' }))).toMatchObject({
      fields: { reason: ['Say why.'] },
    });
    await writeOffBalance(t.db, probeKind, user, { id: bad, reason: 'Driver left; balance not recoverable.' });
    const written = await findStatement(t.db, probeKind, user, bad);
    expect(paidStatusOf('Owed by probe', written)).toBe('Written off');
    expect(written.settlementNote).toBe('Driver left; balance not recoverable.');
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'pay_statements' and entity_id = $1 order by id",
      [String(bad)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'write-off']);
  });

  it('takes the preselected lines of a field, an amount typed over an offered one (also on update), and new terms', async () => {
    const a = await job(payeeA, '2026-02-16', 10_000);
    const b = await job(payeeA, '2026-02-17', 2_500);
    const period = { from: '2026-02-15', to: '2026-02-21' };
    const id = await createStatement(t.db, probeKind, user, {
      payeeId: payeeA,
      period,
      chosen: {},
      preselected: ['jobs'],
      amounts: { job: { [a]: 12_345 } },
      terms: { note: 'first' },
    });
    const lines = async () => (await statementLines(t.db, id)).map((l) => [l.sourceKey, l.amountCents]);
    // Both jobs taken by default; job a at the typed $123.45 instead of $100.00.
    expect(await lines()).toEqual([
      [a, 12_345],
      [b, 2_500],
    ]);
    expect((await findStatement(t.db, probeKind, user, id)).amountCents).toBe(14_845);
    await updateStatement(t.db, probeKind, user, {
      id,
      chosen: { jobs: [a] },
      amounts: { job: { [a]: 20_000 } },
      terms: { note: 'second' },
      departmentId: null,
    });
    expect(await lines()).toEqual([[a, 20_000]]);
    const s = await findStatement(t.db, probeKind, user, id);
    expect(s).toMatchObject({ amountCents: 20_000, terms: { note: 'second' } });
  });

  it('locks a source row while its line is claimed: a job deleted at the same time is either paid or gone, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const day = `2026-01-${String(5 + round * 7).padStart(2, '0')}`;
      const j = await job(payeeA, day, 1_000);
      // The owner's delete: under the row's lock, refused when a statement holds the job's line.
      const remove = t.db.transaction(async (tx) => {
        await tx
          .select()
          .from(probeJobs)
          .where(eq(probeJobs.id, Number(j)))
          .for('update');
        const [held] = await rowsOf(
          tx,
          sql`select 1 from pay_statement_lines where source = 'job' and source_key = ${j}`,
        );
        if (held) return 'kept';
        await tx.delete(probeJobs).where(eq(probeJobs.id, Number(j)));
        return 'deleted';
      });
      const made = createStatement(t.db, probeKind, user, {
        payeeId: payeeA,
        period: { from: day, to: day },
        chosen: { jobs: [j] },
      });
      const [r, m] = await Promise.allSettled([remove, made]);
      const [line] = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pay_statement_lines where source = 'job' and source_key = ${j}`,
      );
      const [row] = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pay_probe_jobs where id = ${Number(j)}`,
      );
      // Paid and kept, or deleted and the statement refused: never a line for a job that is gone.
      if (r.status === 'fulfilled' && r.value === 'deleted') {
        expect([m.status, line?.n, row?.n]).toEqual(['rejected', 0, 0]);
      } else {
        expect([m.status, line?.n, row?.n]).toEqual(['fulfilled', 1, 1]);
      }
    }
  });

  it('makes one statement per payee and period when requests arrive at once', async () => {
    const period = { from: '2026-02-01', to: '2026-02-07' };
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => createStatement(t.db, probeKind, user, { payeeId: payeeB, period, chosen: {} })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from pay_statements where kind = 'probe' and payee_id = $1 and period_from = '2026-02-01'",
      [payeeB],
    );
    expect(n?.n).toBe(1);
  });
});
