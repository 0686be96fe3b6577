import { ACTION, SECTION } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { GENERATE_MAX_DAYS } from '@backhaul/shared/modules/invoices/invoices.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { createRun, generateInvoices } from './generator.service';

let t: TestContext;
let admin: string;
let period: { from: string; to: string };

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });
const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(token) });
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

type Job = { status: string; done: number; total: number; result: { invoices: number; lines: number; amount: number } };
async function waitJob(id: string, token = admin): Promise<Job> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await get(`/jobs/${id}`, token)).json() as Job;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`generation stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function generate(body: object, token = admin) {
  const res = await post('/generate-invoice', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return waitJob(res.json().job_id, token);
}

/** Loads delivered in the period, billed, of customers buying dispatch, not yet billed for it. */
const expectedDispatchLines = () =>
  q<{ load_id: number; customer_id: number; amount: number }>(
    `select l.id as load_id, l.customer_id, round(l.gross_cents * coalesce(r.rate, s.default_rate) / 100000.0)::bigint as amount
     from loads l join billings b on b.load_id = l.id join customers c on c.id = l.customer_id
     join accounting_services s on s.company_id = l.company_id and s.name = 'Dispatch'
     left join customer_service_rates r on r.customer_id = c.id and r.service_id = s.id
     where 'dispatch' = any(c.services) and l.gross_cents > 0
       and l.delivery_at >= ($1::date)::timestamp at time zone 'America/Chicago'
       and l.delivery_at < (($2::date + 1)::timestamp at time zone 'America/Chicago')
       and not exists (select 1 from invoice_lines il where il.load_id = l.id and il.service_id = s.id)
     order by l.id`,
    [period.from, period.to],
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  const options = (await get('/generate-invoice/create')).json();
  // The seed invoiced every month up to the last one: take last month (only what the seed did not
  // bill) through today (nothing billed yet).
  const lastMonth = options.periods.find((p: { id: string }) => p.id === 'last_month');
  period = { from: lastMonth.from, to: nowInCompanyTimeZone().date };
  // Bill every delivered load of the period that is not billed yet, through the API.
  const open = await q<{ id: number }>(
    `select id from loads where delivery_at >= ($1::date)::timestamp at time zone 'America/Chicago'
       and delivery_at < (($2::date + 1)::timestamp at time zone 'America/Chicago') and delivery_at <= now()
       and not billing and customer_id is not null
     order by id limit 40`,
    [period.from, period.to],
  );
  for (const l of open) expect((await post('/billing', { load_id: l.id })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /generate-invoice/create', () => {
  it('answers period presets, active services with their methods, and customers', async () => {
    const body = (await get('/generate-invoice/create')).json();
    expect(body.periods.map((p: { id: string }) => p.id)).toEqual(['last_month', 'last_week']);
    expect(body.periods[0].from.endsWith('-01')).toBe(true);
    const week = body.periods[1];
    expect(new Date(`${week.from}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(body.services.map((s: { billing_method: string }) => s.billing_method)).toEqual([
      'percent_of_gross',
      'per_driver_week',
      'flat_month',
    ]);
    expect(body.services[0].rate).toBe(5);
    expect(body.customers.length).toBeGreaterThan(0);
  });
});

describe('invoice generation', () => {
  it('bills each billed load once at gross × rate, drivers per week and the flat month; balances follow', async () => {
    const expected = await expectedDispatchLines();
    expect(expected.length).toBeGreaterThan(0);
    const balancesBefore = new Map(
      (await q<{ id: number; b: number }>('select id, balance_cents as b from customers')).map((r) => [
        r.id,
        Number(r.b),
      ]),
    );

    const job = await generate({ ...period, description: 'Test month' });
    expect(job.status).toBe('completed');
    expect(job.done).toBe(job.total);
    expect(job.total).toBeGreaterThan(0);
    expect(job.result.invoices).toBeGreaterThan(0);

    const lines = await q<{ load_id: number; amount_cents: number; invoice_id: number; customer_invoice_id: number }>(
      `select il.load_id, il.amount_cents, il.invoice_id, l.customer_invoice_id from invoice_lines il
       join loads l on l.id = il.load_id join invoices i on i.id = il.invoice_id
       where i.generation_run_id is not null and il.load_id = any($1::int[]) order by il.load_id`,
      [`{${expected.map((e) => e.load_id).join(',')}}`],
    );
    expect(lines.map((l) => l.load_id)).toEqual(expected.map((e) => e.load_id));
    expect(lines.map((l) => Number(l.amount_cents))).toEqual(expected.map((e) => Number(e.amount)));
    for (const l of lines) expect(l.customer_invoice_id).toBe(l.invoice_id);

    const made = await q<{ id: number; customer_id: number; total: number; lines_total: number; method: string }>(
      `select i.id, i.customer_id, i.total_cents as total, s.billing_method as method,
         (select sum(amount_cents) from invoice_lines where invoice_id = i.id) as lines_total
       from invoices i join accounting_services s on s.id = i.service_id
       where i.period_from = $1 and i.period_to = $2 and i.generated`,
      [period.from, period.to],
    );
    expect(made.length).toBe(job.result.invoices);
    for (const m of made) expect(Number(m.total)).toBe(Number(m.lines_total));
    expect(Math.round(job.result.amount * 100)).toBe(made.reduce((s, m) => s + Number(m.total), 0));

    // Safety: every Sunday of the period is billed exactly once per customer (earlier runs included),
    // at the customer's active drivers; accounting: every month start once, at $250.
    const sundays = [] as string[];
    for (
      let d = new Date(`${period.from}T00:00:00Z`);
      d <= new Date(`${period.to}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 1)
    )
      if (d.getUTCDay() === 0) sundays.push(d.toISOString().slice(0, 10));
    const weekLines = await q<{
      customer_id: number;
      period_start: string;
      quantity: number;
      amount_cents: number;
      drivers: number;
    }>(
      `select i.customer_id, il.period_start, il.quantity, il.amount_cents,
         (select count(*)::int from drivers d where d.customer_id = i.customer_id and d.active) as drivers
       from invoice_lines il join invoices i on i.id = il.invoice_id join accounting_services s on s.id = il.service_id
       where s.billing_method = 'per_driver_week' and il.period_start between $1 and $2 order by 1, 2`,
      [period.from, period.to],
    );
    const safetyCustomers = new Set(made.filter((m) => m.method === 'per_driver_week').map((m) => m.customer_id));
    expect(safetyCustomers.size).toBeGreaterThan(0);
    for (const c of safetyCustomers) {
      const mine = weekLines.filter((l) => l.customer_id === c);
      expect(mine.map((l) => l.period_start)).toEqual(sundays);
      for (const l of mine) expect(Number(l.amount_cents)).toBe(l.quantity * 3500);
      const fresh = mine.filter((l) => l.period_start >= period.to.slice(0, 8));
      for (const l of fresh) expect(l.quantity).toBe(l.drivers);
    }
    const flat = made.filter((m) => m.method === 'flat_month');
    for (const f of flat) expect(Number(f.total) % 25000).toBe(0);
    const [dupMonths] = await q<{ n: number }>(
      `select count(*)::int as n from (select i.customer_id, il.period_start from invoice_lines il join invoices i on i.id = il.invoice_id
        join accounting_services s on s.id = il.service_id where s.billing_method = 'flat_month' group by 1, 2 having count(*) > 1) d`,
    );
    expect(dupMonths?.n).toBe(0);

    // The customers' balances grew by exactly their new invoices.
    const after = await q<{ id: number; b: number }>('select id, balance_cents as b from customers');
    for (const c of after) {
      const added = made.filter((m) => m.customer_id === c.id).reduce((s, m) => s + Number(m.total), 0);
      expect(Number(c.b) - (balancesBefore.get(c.id) ?? 0)).toBe(added);
    }
  });

  it('a second run for the same period makes no invoice and bills nothing twice', async () => {
    const [before] = await q<{ n: number }>('select count(*)::int as n from invoice_lines');
    const job = await generate(period);
    expect(job.status).toBe('completed');
    expect(job.result.invoices).toBe(0);
    const [after] = await q<{ n: number }>('select count(*)::int as n from invoice_lines');
    expect(after?.n).toBe(before?.n);
  });

  it('deleting frees the loads; two runs at once then bill each load once', async () => {
    const mine = await q<{ id: number }>(
      'select id from invoices where generated and period_from = $1 and period_to = $2',
      [period.from, period.to],
    );
    for (const m of mine) expect((await post(`/invoice/delete/${m.id}`, {})).statusCode).toBe(200);
    const freed = await expectedDispatchLines();
    expect(freed.length).toBeGreaterThan(0);
    const { from, to: today } = period;
    const [company] = await q<{ id: number }>('select id from companies order by id limit 1');
    const input = { companyId: company?.id ?? 1, actorId: null, from, to: today };
    const runs = await Promise.all([createRun(t.db, input), createRun(t.db, input)]);
    const results = await Promise.all(runs.map((r) => generateInvoices(t.db, { ...input, runId: r.id })));
    const [dup] = await q<{ n: number }>(
      `select count(*)::int as n from (select load_id, service_id from invoice_lines where load_id is not null
        group by 1, 2 having count(*) > 1) d`,
    );
    expect(dup?.n).toBe(0);
    const [weeks] = await q<{ n: number }>(
      `select count(*)::int as n from (select i.customer_id, il.service_id, il.period_start from invoice_lines il
        join invoices i on i.id = il.invoice_id where il.period_start is not null group by 1, 2, 3 having count(*) > 1) d`,
    );
    expect(weeks?.n).toBe(0);
    // Whatever the first run billed, the second found nothing left (or they split the customers).
    const [empty] = await q<{ n: number }>(
      'select count(*)::int as n from invoices i where i.generated and not exists (select 1 from invoice_lines where invoice_id = i.id)',
    );
    expect(empty?.n).toBe(0);
    expect(results.reduce((s, r) => s + r.lines, 0)).toBeGreaterThanOrEqual(freed.length);
    const billed = await q<{ n: number }>(
      'select count(*)::int as n from invoice_lines where load_id = any($1::int[])',
      [`{${freed.map((f) => f.load_id).join(',')}}`],
    );
    expect(billed[0]?.n).toBe(freed.length);
  });

  it('the generator list shows generated invoices with the amount total', async () => {
    const res = await post('/generate-invoice/list', {
      filters: { from: { from: period.from, to: period.from } },
      limit: 500,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    for (const key of [
      'invoice_id',
      'customer_name',
      'created_date',
      'created_by',
      'from',
      'to',
      'service',
      'amount',
      'description',
    ])
      expect(body.rows[0]).toHaveProperty(key);
    const [sum] = await q<{ s: number }>(
      'select sum(total_cents)::bigint as s from invoices where generated and period_from = $1',
      [period.from],
    );
    expect(body.sum.amount).toBeCloseTo(Number(sum?.s) / 100, 2);
  });

  it('creating needs Invoice generator CREATE (8); VIEW alone lists', async () => {
    const viewer = await t.createUser({
      email: 'gen-viewer@test.local',
      grants: [
        { section: SECTION.InvoiceGenerator, action: 0 },
        { section: SECTION.InvoiceGenerator, action: ACTION.VIEW },
      ],
    });
    expect((await post('/generate-invoice', period, viewer.token)).statusCode).toBe(403);
    expect((await get('/generate-invoice/create', viewer.token)).statusCode).toBe(403);
    expect((await post('/generate-invoice/list', {}, viewer.token)).statusCode).toBe(200);
    const customer = await t.login('customer@backhaul.demo');
    expect((await post('/generate-invoice', period, customer)).statusCode).toBe(403);
  });

  it('refuses a period that ends after today in Chicago, naming the field, and starts nothing', async () => {
    const [runsBefore] = await q<{ n: number }>('select count(*)::int as n from invoice_generation_runs');
    const today = nowInCompanyTimeZone().date;
    for (const body of [
      { from: '2027-01-01', to: '2027-03-31' },
      { from: addDays(today, -10), to: addDays(today, 1) },
    ]) {
      const res = await post('/generate-invoice', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.to).toEqual([
        `The end date (to) can't be after today (${today}, America/Chicago): that period has not ended.`,
      ]);
    }
    const [runsAfter] = await q<{ n: number }>('select count(*)::int as n from invoice_generation_runs');
    expect(runsAfter?.n).toBe(runsBefore?.n);
  });

  it(`refuses a period longer than ${GENERATE_MAX_DAYS} days; ${GENERATE_MAX_DAYS} days are billed`, async () => {
    const to = addDays(nowInCompanyTimeZone().date, -400);
    const long = await post('/generate-invoice', { from: addDays(to, -GENERATE_MAX_DAYS), to });
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().errors.from).toEqual([
      `The period (from - to) is ${GENERATE_MAX_DAYS + 1} days long; one run bills at most ${GENERATE_MAX_DAYS} days.`,
    ]);
    const wide = await post('/generate-invoice', { from: '1900-01-01', to });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().errors.from).toHaveLength(1);
    const job = await generate({ from: addDays(to, -(GENERATE_MAX_DAYS - 1)), to });
    expect(job.status).toBe('completed');
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await post('/generate-invoice', { from: '2026-02-10', to: '2026-02-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to).toBeDefined();
  });
});

describe('per-driver-week services (issue 28)', () => {
  it('bill a past week by who was employed that week (hire and termination dates), not by today’s flag', async () => {
    const [company] = await q<{ id: number }>('select id from companies order by id limit 1');
    const companyId = company?.id ?? 1;
    const [safety] = await q<{ id: number }>(
      "select id from accounting_services where company_id = $1 and name = 'Safety'",
      [companyId],
    );
    const [customer] = await q<{ id: number }>(
      "insert into customers (company_id, name, services) values ($1, 'Weekly Drivers Co', '{safety}') returning id",
      [companyId],
    );
    const customerId = customer?.id ?? 0;
    // Weeks of Sunday 2026-02-22 and Sunday 2026-03-01.
    const drivers: Array<[string, string | null, string | null, boolean]> = [
      ['A, hired long ago', '2026-01-01', null, true],
      ['B, hired Wednesday 03-04', '2026-03-04', null, true],
      ['C, gone before both weeks', '2025-06-01', '2026-02-20', false],
      ['D, hired after both weeks', '2026-03-08', null, true],
      ['F, terminated Monday 03-02', '2025-06-01', '2026-03-02', false],
      ['G, active today, hired 03-10', '2026-03-10', null, true],
    ];
    for (const [name, hired, terminated, active] of drivers)
      await q(
        'insert into drivers (company_id, customer_id, name, hired_on, terminated_on, active) values ($1, $2, $3, $4, $5, $6)',
        [companyId, customerId, name, hired, terminated, active],
      );
    const input = {
      companyId,
      actorId: null,
      from: '2026-02-22',
      to: '2026-03-07',
      serviceId: safety?.id ?? 0,
      customerIds: [customerId],
    };
    const run = await createRun(t.db, input);
    const result = await generateInvoices(t.db, { ...input, runId: run.id });
    // Week of 02-22: A and F = 2 × $35.00 = $70.00; week of 03-01: A, B and F = 3 × $35.00 = $105.00.
    // By today's active flag it would have been A, B, D and G each week: 8 × $35.00 = $280.00.
    const lines = await q<{ period_start: string; quantity: number; amount_cents: string }>(
      `select to_char(il.period_start, 'YYYY-MM-DD') as period_start, il.quantity, il.amount_cents
       from invoice_lines il join invoices i on i.id = il.invoice_id where i.customer_id = $1 order by il.period_start`,
      [customerId],
    );
    expect(lines.map((l) => [l.period_start, l.quantity, Number(l.amount_cents)])).toEqual([
      ['2026-02-22', 2, 7000],
      ['2026-03-01', 3, 10500],
    ]);
    expect(result.amount).toBe(175);
  });
});
