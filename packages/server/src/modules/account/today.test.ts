import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

// The today panel: each part is what the caller's grants open, and its lines and counts are the
// records the database holds for today (America/Chicago), checked against SQL written here.
let t: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'dispatcher', 'accountant', 'safety', 'shop', 'customer'])
    tokens[who] = await t.login(`${who}@backhaul.demo`);
});
afterAll(async () => {
  thawClock();
  await t.close();
});

type Section = { key: string; count: number; amount: number | null; lines: Array<Record<string, unknown>> };
const panel = async (who: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/account/today', headers: t.bearer(tokens[who] ?? '') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { date: string; sections: Section[] };
};
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const today = "(now() at time zone 'America/Chicago')::date";
const sectionOf = (p: { sections: Section[] }, key: string) => {
  const s = p.sections.find((x) => x.key === key);
  expect(s, key).toBeDefined();
  return s as Section;
};

describe('GET /account/today', () => {
  it("a dispatcher's own loads picking up and delivering today, and the late ones", async () => {
    const [me] = await q<{ id: number }>("select id from users where email = 'dispatcher@backhaul.demo'");
    const [load] = await q<{ id: number; trip_id: number }>(
      'select id, trip_id from loads where dispatcher_id = $1 order by id limit 1',
      [me?.id],
    );
    await q("update loads set pickup_at = date_trunc('hour', now()) where id = $1", [load?.id]);
    const [other] = await q<{ id: number }>(
      'select id from loads where dispatcher_id <> $1 and dispatcher_id is not null order by id limit 1',
      [me?.id],
    );
    await q("update loads set pickup_at = date_trunc('hour', now()) where id = $1", [other?.id]);

    const p = await panel('dispatcher');
    expect(p.sections.map((s) => s.key)).toEqual(['pickups', 'deliveries', 'late']);
    const pickups = sectionOf(p, 'pickups');
    const [expected] = await q<{ n: number }>(
      `select count(*)::int as n from loads where dispatcher_id = $1 and (pickup_at at time zone 'America/Chicago')::date = ${today}`,
      [me?.id],
    );
    expect(pickups.count).toBe(expected?.n);
    expect(pickups.lines).toContainEqual(
      expect.objectContaining({ kind: 'load', id: load?.id, trip_id: load?.trip_id, tone: 'default' }),
    );
    // Another dispatcher's load is not in a dispatcher's panel.
    expect(pickups.lines.map((l) => l.id)).not.toContain(other?.id);

    const late = sectionOf(p, 'late');
    const [lateCount] = await q<{ n: number }>(
      `select count(*)::int as n from loads where dispatcher_id = $1 and ppw = 0 and delivery_at < now()
         and delivery_at >= now() - interval '14 days'`,
      [me?.id],
    );
    expect(late.count).toBe(lateCount?.n);
    for (const l of late.lines) expect(l.tone).toBe('red');
  });

  it("an accountant's invoices past due and the payments received today, with their total", async () => {
    const p = await panel('accountant');
    // Fitted to the role: the accountant reads trips too, but the panel is the Accounting department's.
    expect(p.sections.map((s) => s.key)).toEqual(['past-due', 'payments']);
    // An administrator (Management) gets every part the grants open.
    expect((await panel('admin')).sections.map((s) => s.key)).toEqual([
      'pickups',
      'deliveries',
      'late',
      'past-due',
      'payments',
      'expiring',
      'arriving',
      'open-orders',
    ]);
    const [pay] = await q<{ invoice_id: number; amount_cents: number }>(
      'select invoice_id, amount_cents from payments order by id limit 1',
    );
    await q(`update payments set paid_on = ${today} where invoice_id = $1`, [pay?.invoice_id]);
    const [sum] = await q<{ n: number; cents: number }>(
      `select count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint as cents from payments where paid_on = ${today}`,
    );
    const payments = sectionOf(await panel('accountant'), 'payments');
    expect(payments.count).toBe(sum?.n);
    expect(payments.amount).toBeCloseTo(Number(sum?.cents) / 100, 2);
    expect(payments.lines.map((l) => l.id)).toContain(pay?.invoice_id);

    // Issue 28: due = the invoice date (the day it was made) + terms, no longer the period's end + terms.
    const pastDue = sectionOf(p, 'past-due');
    const [due] = await q<{ n: number }>(
      `select count(*)::int as n from invoices i join customers c on c.id = i.customer_id
        where i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents > 0
          and (i.created_at at time zone 'America/Chicago')::date + coalesce(c.payment_terms_days, 15) < ${today}`,
    );
    expect(pastDue.count).toBe(due?.n);
  });

  it("a safety user's documents expiring within 30 days, each opening its record", async () => {
    const [driver] = await q<{ id: number; name: string }>(
      'select id, name from drivers where active order by id limit 1',
    );
    await q(`update drivers set medical_card_expires_on = ${today} + 3 where id = $1`, [driver?.id]);
    const p = await panel('safety');
    expect(p.sections.map((s) => s.key)).toEqual(['expiring']);
    const line = sectionOf(p, 'expiring').lines.find((l) => l.id === driver?.id && String(l.label).includes('medical'));
    expect(line).toMatchObject({ kind: 'driver', tone: 'yellow', label: `${driver?.name} · Driver medical card` });
  });

  it("the shop's units arriving today and its open work orders; a customer sees no part", async () => {
    const [wo] = await q<{ id: number }>('select id from work_orders where status not in (9, 11) order by id limit 1');
    await q(`update work_orders set arrival_date = ${today}, arrived = false where id = $1`, [wo?.id]);
    const p = await panel('shop');
    expect(p.sections.map((s) => s.key)).toEqual(['arriving', 'open-orders']);
    expect(sectionOf(p, 'arriving').lines.map((l) => l.id)).toContain(wo?.id);
    const [open] = await q<{ n: number }>('select count(*)::int as n from work_orders where status not in (9, 11)');
    expect(sectionOf(p, 'open-orders').count).toBe(open?.n);

    expect((await panel('customer')).sections).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/today' })).statusCode).toBe(401);
  });
  // Issue 31: the day is a range of instants (sargable), not `(col at time zone …)::date = today`;
  // the answer is the same, on the day the clocks fall back (a 25-hour day: 05:00Z to 06:00Z next day).
  it('a day’s pickups and deliveries by instants, its edges in company time, the count beyond the lines', async () => {
    freezeClock('2026-11-01T18:00:00Z'); // Sunday 1 Nov 2026, 12:00 CST, DST ended at 02:00 CDT
    try {
      // Nothing else near the day: the demo's loads there move a month back.
      await q(`update loads set pickup_at = pickup_at - interval '30 days'
                where pickup_at >= '2026-10-29' and pickup_at < '2026-11-05'`);
      await q(`update loads set delivery_at = delivery_at - interval '30 days'
                where delivery_at >= '2026-10-29' and delivery_at < '2026-11-05'`);
      const ids = (await q<{ id: number }>('select id from loads order by id limit 26')).map((r) => r.id);
      // 11 loads in the day: 00:00 CDT (its first instant), 9 through it, 23:59:59 CST (its last second); one
      // each side: 23:59:59 the day before, 00:00 the day after.
      const instants = [
        '2026-11-01T05:00:00Z', // 00:00 CDT: in
        ...Array.from({ length: 9 }, (_, i) => `2026-11-01T${String(8 + i).padStart(2, '0')}:15:00Z`), // in
        '2026-11-02T05:59:59Z', // 23:59:59 CST: in
        '2026-11-01T04:59:59Z', // 31 Oct 23:59:59 CDT: out
        '2026-11-02T06:00:00Z', // 2 Nov 00:00 CST: out
      ];
      for (const [i, at] of instants.entries()) {
        await q('update loads set pickup_at = $2 where id = $1', [ids[i], at]);
        await q('update loads set delivery_at = $2 where id = $1', [ids[13 + i], at]);
      }
      const p = await panel('admin');
      expect(p.date).toBe('2026-11-01');
      const pickups = sectionOf(p, 'pickups');
      expect(pickups.count).toBe(11);
      expect(pickups.lines.map((l) => l.id)).toEqual(ids.slice(0, 8));
      expect(pickups.lines[0]?.detail).toMatch(/^00:00/);
      expect(pickups.lines[1]?.detail).toMatch(/^02:15/); // 08:15Z in CST
      const deliveries = sectionOf(p, 'deliveries');
      expect(deliveries.count).toBe(11);
      expect(deliveries.lines.map((l) => l.id)).toEqual(ids.slice(13, 21));
      expect(deliveries.lines.at(-1)?.detail).toMatch(/^08:15/); // 14:15Z, the 8th of the day
      // The same answer as the old expression reads.
      const [old] = await q<{ n: number }>(
        `select count(*)::int as n from loads where (pickup_at at time zone 'America/Chicago')::date = '2026-11-01'`,
      );
      expect(old?.n).toBe(11);
      // Late: delivery passed within 14 days of the frozen instant, no paperwork.
      const [late] = await q<{ n: number }>(
        `select count(*)::int as n from loads where ppw = 0 and delivery_at < '2026-11-01T18:00:00Z'
           and delivery_at >= timestamptz '2026-11-01T18:00:00Z' - interval '14 days'`,
      );
      expect(sectionOf(p, 'late').count).toBe(late?.n);
    } finally {
      thawClock();
    }
  });
});
