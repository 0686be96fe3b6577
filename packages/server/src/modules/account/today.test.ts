import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

// The today panel: each part is what the caller's grants open, and its lines and counts are the
// records the database holds for today (America/Chicago), checked against SQL written here.
let t: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'dispatcher', 'accountant', 'safety', 'shop', 'customer'])
    tokens[who] = await t.login(`${who}@backhaul.demo`);
});
afterAll(() => t.close());

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
});
