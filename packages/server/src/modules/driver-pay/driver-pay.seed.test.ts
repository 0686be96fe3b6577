import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

/**
 * The demo looks like a carrier (issue 28), read from the seeded database (createTestApp's
 * template, the demo seed at the tests' scale) through the API: owner-operators and lease drivers on
 * 75–88 % of the line haul who bear fuel and a truck lease, company drivers per mile ($0.55–0.65)
 * who bear nothing; every driver statement positive except one owner-operator's bad week, whose
 * balance is carried into the next; one owner-operator saving into escrow.
 *
 * The seed's dates are relative to the day the template was made, so the figures are checked
 * against the seed's rules and the statements' own lines, each rule written out below.
 */

let t: TestContext;
let accountant: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  accountant = await t.login('accountant@backhaul.demo');
  admin = await t.login('admin@backhaul.demo');
  // The seed ran on the real clock; read it as of now, held still.
  freezeClock(new Date().toISOString());
});
afterAll(async () => {
  thawClock();
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
type Json = Record<string, any>;
const api = async (method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<Json> => {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

type Line = { kind: string; source: string; type: string; description: string; amount: number; earned: string | null };
type Statement = {
  id: number;
  driver_id: number;
  contract_type: string;
  period: string;
  date_from: string;
  status: string;
  paid_status: string;
  amount: number;
  lines: Line[];
};
const cents = (dollars: number) => Math.round(dollars * 100);

describe('the demo data: drivers and their statements as a carrier pays them', () => {
  it('owner-operators and lease drivers on 75–88 %, company drivers on $0.55–0.65 a mile', async () => {
    const { rows } = await api('POST', '/drivers/list', admin, { limit: 500 });
    const owners = rows.filter((r: Json) => r.driver_type === 'Owner operator' || r.driver_type === 'Lease');
    const company = rows.filter((r: Json) => r.driver_type === 'Company');
    expect(owners.length).toBeGreaterThan(0);
    expect(company.length).toBeGreaterThan(0);
    expect(owners.length + company.length).toBe(rows.length);
    for (const d of owners) {
      expect(d.payment_type, d.driver).toBe('Percent');
      expect(d.amount, d.driver).toBeGreaterThanOrEqual(75);
      expect(d.amount, d.driver).toBeLessThanOrEqual(88);
    }
    for (const d of company) {
      expect(d.payment_type, d.driver).toBe('Per mile');
      expect(d.amount, d.driver).toBeGreaterThanOrEqual(0.55);
      expect(d.amount, d.driver).toBeLessThanOrEqual(0.65);
    }
  });

  it('owner-operators bear fuel and a truck lease, company drivers nothing; all positive but one carried week; one escrow', async () => {
    const list = await api('POST', '/drivers-statements/list', accountant, { limit: 500 });
    expect(list.rows.length).toBeGreaterThan(0);
    const statements: Statement[] = [];
    const offeredFuel = new Map<number, number>();
    for (const row of list.rows as Json[]) {
      const edit = await api('GET', `/drivers-statements/${row.id}/edit`, accountant);
      statements.push(edit.statement as Statement);
      // An open statement offers every purchase it may take (a closed one is a view: nothing offered).
      if (edit.statement.status === 'Open') offeredFuel.set(row.id, (edit.fuel as unknown[]).length);
    }
    const percent = statements.filter((s) => s.contract_type === 'Percent');
    const perMile = statements.filter((s) => s.contract_type === 'Per mile');
    expect(percent.length).toBeGreaterThan(0);
    expect(perMile.length).toBeGreaterThan(0);
    expect(percent.length + perMile.length).toBe(statements.length);

    // Each statement's total is the sum of its lines, to the cent.
    for (const s of statements)
      expect(
        s.lines.reduce((sum, l) => sum + cents(l.amount), 0),
        `#${s.id}`,
      ).toBe(cents(s.amount));

    // Owner-operators: every week a truck lease deduction ($350.00, $375.00 or $400.00 by the seed:
    // 350 + (i mod 3) × 25) and the fuel they bought, deducted.
    for (const s of percent) {
      const lease = s.lines.filter((l) => l.kind === 'scheduled' && l.description === 'Truck lease');
      expect(
        lease.map((l) => l.amount).every((a) => [-350, -375, -400].includes(a)),
        `#${s.id}`,
      ).toBe(true);
      expect(lease, `#${s.id}`).toHaveLength(1);
      const fuel = s.lines.filter((l) => l.kind === 'fuel');
      for (const f of fuel) expect(f.amount, `#${s.id}`).toBeLessThan(0);
      // Every purchase an open statement offers is on it: the owner-operator bears it.
      if (offeredFuel.has(s.id)) expect(fuel.length, `#${s.id}`).toBe(offeredFuel.get(s.id));
    }
    expect(percent.some((s) => s.lines.some((l) => l.kind === 'fuel'))).toBe(true);

    // Company drivers bear nothing: no fuel, no scheduled deduction, no line taken off their pay,
    // though fuel bought on their cards is there to be offered.
    for (const s of perMile) {
      expect(
        s.lines.filter((l) => l.kind === 'fuel' || l.kind === 'scheduled'),
        `#${s.id}`,
      ).toEqual([]);
      expect(
        s.lines.filter((l) => l.amount < 0),
        `#${s.id}`,
      ).toEqual([]);
      expect(s.amount, `#${s.id}`).toBeGreaterThan(0);
    }
    expect(perMile.some((s) => (offeredFuel.get(s.id) ?? 0) > 0)).toBe(true);

    // Every statement is positive but one: an owner-operator's bad week. The seed deducts a roadside
    // repair of max($3,000.00, the week + $850.00), so the week ends at min(week − 3,000.00, −850.00) ≤ −850.00.
    const negative = statements.filter((s) => s.amount <= 0);
    expect(negative).toHaveLength(1);
    const bad = negative[0] as Statement;
    expect(bad).toMatchObject({ contract_type: 'Percent', status: 'Closed', paid_status: 'Carried' });
    expect(bad.amount).toBeLessThanOrEqual(-850);
    const repair = bad.lines.find((l) => l.description === 'Roadside engine repair advanced by the company');
    expect(repair).toBeDefined();
    // The week before the repair: the bad week's total less the repair line.
    const week = cents(bad.amount) - cents(repair?.amount ?? 0);
    expect(cents(repair?.amount ?? 0)).toBe(-Math.max(300_000, week + 85_000));
    // Its deficit is one line on the same driver's next statement, marked with the week it came from.
    const next = statements
      .filter((s) => s.driver_id === bad.driver_id && s.date_from > bad.date_from)
      .sort((a, b) => a.date_from.localeCompare(b.date_from))[0] as Statement;
    const carried = statements.flatMap((s) => s.lines.filter((l) => l.source === 'carried').map((l) => ({ s, l })));
    expect(carried).toHaveLength(1);
    expect(carried[0]?.s.id).toBe(next.id);
    expect(carried[0]?.l).toMatchObject({
      kind: 'addition',
      type: 'Carried balance',
      amount: bad.amount,
      earned: bad.period,
    });
    expect(next.amount).toBeGreaterThan(0);

    // One owner-operator saves into escrow: $100.00 a week toward $2,500.00, the balance the sum of
    // the deposits taken on its statements (100 × the weeks).
    const drivers = [...new Set(statements.map((s) => s.driver_id))];
    const balances = await Promise.all(
      drivers.map(async (id) => ({ id, b: await api('GET', `/drivers-statements/balances/${id}`, accountant) })),
    );
    const savers = balances.filter((x) => x.b.escrow !== null);
    expect(savers).toHaveLength(1);
    const saver = savers[0] as { id: number; b: Json };
    const own = statements.filter((s) => s.driver_id === saver.id);
    expect(own.every((s) => s.contract_type === 'Percent')).toBe(true);
    const deposits = own.flatMap((s) => s.lines.filter((l) => l.source === 'escrow' && l.type === 'Escrow deposit'));
    expect(deposits.every((l) => l.amount === -100)).toBe(true);
    expect(deposits.length).toBeGreaterThan(0);
    expect(saver.b.escrow).toEqual({ balance: 100 * deposits.length, target: 2500, deposit: 100 });
    for (const s of statements.filter((x) => x.driver_id !== saver.id))
      expect(
        s.lines.filter((l) => l.source === 'escrow'),
        `#${s.id}`,
      ).toEqual([]);
  });
});
