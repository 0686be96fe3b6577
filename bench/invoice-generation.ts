// The invoice generator (generateInvoices: set-based INSERT … SELECT per service and batch of
// customers) on one month of 10,000 billed loads, 40 customers and 300 drivers, on the real schema:
// the first run, a second run of the same period (must bill nothing), and for comparison the
// legacy shape — one SELECT/INSERT/UPDATE round trip per load — on the same data.
// PGlite in memory always; PostgreSQL when BENCH_DATABASE_URL is set.
// Usage: cd packages/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54361/postgres npx tsx ../../bench/invoice-generation.ts
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { migrateDatabase } from '../packages/server/src/db/migrate';
import { createRun, generateInvoices } from '../packages/server/src/modules/invoices';

const LOADS = Number(process.env.BENCH_LOADS ?? 10_000);
const FROM = '2026-10-01';
const TO = '2026-10-31';

const SEED = (loads: number) => `
  insert into companies (id, name) values (1, 'Bench Freight') on conflict do nothing;
  insert into accounting_services (company_id, name, billing_method, default_rate) values
    (1, 'Dispatch', 'percent_of_gross', 500), (1, 'Safety', 'per_driver_week', 3500), (1, 'Accounting', 'flat_month', 25000);
  insert into customers (id, company_id, name, services)
    select i, 1, 'Carrier ' || lpad(i::text, 2, '0'),
      case when i % 4 = 0 then array['dispatch','safety','accounting'] when i % 2 = 0 then array['dispatch','safety'] else array['dispatch'] end
    from generate_series(1, 40) i;
  insert into customer_service_rates (customer_id, service_id, rate)
    select i, (select id from accounting_services where name = 'Dispatch'), 450 from generate_series(1, 40, 5) i;
  insert into drivers (company_id, name, customer_id, active)
    select 1, 'Driver ' || i, 1 + i % 40, i % 10 <> 0 from generate_series(1, 300) i;
  insert into trips (id, company_id, customer_id) select i, 1, 1 + i % 40 from generate_series(1, ${loads}) i;
  insert into loads (id, company_id, trip_id, broker_number, gross_cents, pickup_at, delivery_at, customer_id, ppw, billing)
    select i, 1, i, (1000000 + i * 7919 % 9000000)::text, 60000 + (i::bigint * 104729) % 300000,
      d - interval '20 hours', d, 1 + i % 40, 1, true
    from (select i, ('${FROM}'::timestamp at time zone 'America/Chicago') + make_interval(secs => (i::float8 / ${loads}) * 30.9 * 86400) as d
          from generate_series(1, ${loads}) i) g;
  insert into billings (company_id, load_id) select 1, id from loads;
  analyze;
`;

const RESET = `
  update loads set customer_invoice_id = null;
  delete from invoices;
  update customers set balance_cents = 0;
`;

/** The legacy shape: for each load a check, an invoice lookup or insert, a line insert and an update. */
async function perLoad(db: Database) {
  const loads = await db.query<{ id: number; customer_id: number; gross_cents: number }>(
    `select l.id, l.customer_id, l.gross_cents from loads l join billings b on b.load_id = l.id order by l.id`,
  );
  const [service] = await db.query<{ id: number }>(`select id from accounting_services where name = 'Dispatch'`);
  const invoiceOf = new Map<number, number>();
  for (const l of loads) {
    const billed = await db.query('select 1 from invoice_lines where load_id = $1 and service_id = $2', [
      l.id,
      service?.id,
    ]);
    if (billed.length) continue;
    let invoice = invoiceOf.get(l.customer_id);
    if (!invoice) {
      const [row] = await db.query<{ id: number }>(
        `insert into invoices (company_id, customer_id, service_id, period_from, period_to, generated)
         values (1, $1, $2, $3, $4, true) returning id`,
        [l.customer_id, service?.id, FROM, TO],
      );
      invoice = Number(row?.id);
      invoiceOf.set(l.customer_id, invoice);
    }
    const [rate] = await db.query<{ rate: number }>(
      'select coalesce((select rate from customer_service_rates where customer_id = $1 and service_id = $2), 500) as rate',
      [l.customer_id, service?.id],
    );
    const amount = Math.round((Number(l.gross_cents) * Number(rate?.rate)) / 10000);
    await db.query(
      `insert into invoice_lines (invoice_id, service_id, load_id, description, rate, base_cents, amount_cents)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [invoice, service?.id, l.id, `Load #${l.id}`, rate?.rate, l.gross_cents, amount],
    );
    await db.query('update invoices set total_cents = total_cents + $1 where id = $2', [amount, invoice]);
    await db.query('update loads set customer_invoice_id = $1 where id = $2', [invoice, l.id]);
    await db.query('update customers set balance_cents = balance_cents + $1 where id = $2', [amount, l.customer_id]);
  }
  return invoiceOf.size;
}

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);

async function run(label: string, database: Database) {
  let t0 = performance.now();
  await migrateDatabase(database);
  await database.exec(SEED(LOADS));
  console.log(
    `${label}: ${LOADS.toLocaleString('en-US')} billed loads, 40 customers, 300 drivers seeded in ${seconds(t0)} s`,
  );
  const input = { companyId: 1, actorId: null, from: FROM, to: TO };

  t0 = performance.now();
  const first = await generateInvoices(database.db, { ...input, runId: (await createRun(database.db, input)).id });
  console.log(
    `  set-based, first run : ${seconds(t0).padStart(6)} s  ${first.invoices} invoices, ${first.lines.toLocaleString('en-US')} lines, $${first.amount.toLocaleString('en-US')}`,
  );
  t0 = performance.now();
  const second = await generateInvoices(database.db, { ...input, runId: (await createRun(database.db, input)).id });
  console.log(
    `  set-based, second run: ${seconds(t0).padStart(6)} s  ${second.invoices} invoices, ${second.lines} lines (nothing billed twice)`,
  );
  const [check] = await database.query<{ lines: number; loads: number; balance: number }>(
    `select (select count(*)::int from invoice_lines where load_id is not null) as lines,
       (select count(*)::int from loads where customer_invoice_id is not null) as loads,
       (select sum(balance_cents)::bigint from customers) as balance`,
  );
  console.log(
    `  check: ${check?.lines} load lines, ${check?.loads} loads linked, Σ balances $${Number(check?.balance) / 100}`,
  );

  await database.exec(RESET);
  t0 = performance.now();
  const legacy = await perLoad(database);
  console.log(`  per-load round trips (dispatch only): ${seconds(t0).padStart(6)} s  ${legacy} invoices`);
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a server you can create a database on)');
  else {
    const admin = await openPostgres(url, 1);
    await admin.exec('drop database if exists backhaul_bench_invoices with (force)');
    await admin.exec('create database backhaul_bench_invoices');
    await admin.close();
    const database = await openPostgres(url.replace(/\/[^/]*$/, '/backhaul_bench_invoices'), 4);
    await run('PostgreSQL', database);
    await database.close();
  }
  const pglite = await openPglite({});
  await run('PGlite (in memory)', pglite);
  await pglite.close();
}

await main();
