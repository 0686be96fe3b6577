import type { GenerateResult } from '@backhaul/shared/modules/invoices/invoices.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clock, SQL_NOW } from '../../platform/clock';
import { defineSystemCommand, runSystemCommand, type SystemCommandContext } from '../../platform/record/command';
import { accountingServices, customerServiceRates } from '../accounting-services';
import { billings } from '../billing';
import { customers, moveCustomerBalances } from '../customers';
import { drivers } from '../drivers';
import { linkLoadsToInvoices, loads } from '../trips';
import { numberInvoices } from './invoices.service';
import { invoiceGenerationRuns } from './invoices.table';

const TZ = 'America/Chicago';
/** Customers per transaction: the progress bar moves per batch, and no batch holds its locks for long. */
const BATCH = 10;

export type GenerateInput = {
  companyId: number;
  actorId: number | null;
  runId: number;
  from: string;
  to: string;
  serviceId?: number | null | undefined;
  customerIds?: number[] | undefined;
  description?: string | null | undefined;
  /** Only loads delivered by this instant (ISO) are billed; default the clock's now when the run starts. */
  now?: string;
};

type Service = { id: number; name: string; billingMethod: string; defaultRate: number };

const intArray = (ids: number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;

/**
 * The candidate lines of one service for a batch of customers, as one SELECT answering
 * (customer_id, load_id, period_start, description, quantity, rate, base_cents, amount_cents).
 * Each excludes what an earlier run billed: a load per service (also the unique index), a week or
 * a month per customer and service (period_start).
 */
function candidates(s: Service, input: GenerateInput, batch: number[]) {
  const rate = sql`coalesce(r.rate, ${s.defaultRate})`;
  const customerHas = sql`c.company_id = ${input.companyId} and c.id = any(${intArray(batch)})
    and lower(${s.name}) = any(c.services)`;
  const rates = sql`left join ${customerServiceRates} r on r.customer_id = c.id and r.service_id = ${s.id}`;
  const billedPeriod = (period: ReturnType<typeof sql>) => sql`not exists (select 1 from invoice_lines il
    join invoices i on i.id = il.invoice_id
    where i.customer_id = c.id and il.service_id = ${s.id} and il.period_start = ${period})`;
  switch (s.billingMethod) {
    case 'percent_of_gross':
      return sql`select l.customer_id, l.id as load_id, null::date as period_start,
          'Load #' || l.id || coalesce(' · ' || l.broker_number, '') || ' · delivered '
            || to_char(l.delivery_at at time zone ${TZ}, 'YYYY-MM-DD') as description,
          1 as quantity, ${rate} as rate, l.gross_cents as base_cents,
          round(l.gross_cents * ${rate} / 100000.0)::bigint as amount_cents
        from ${loads} l
        join ${billings} b on b.load_id = l.id
        join ${customers} c on c.id = l.customer_id
        ${rates}
        where l.company_id = ${input.companyId} and ${customerHas}
          and l.delivery_at >= (${input.from}::date)::timestamp at time zone ${TZ}
          and l.delivery_at < ((${input.to}::date + 1)::timestamp at time zone ${TZ})
          and l.delivery_at <= ${input.now ?? clock.now().toISOString()}::timestamptz
          and l.gross_cents > 0
          and not exists (select 1 from invoice_lines il where il.load_id = l.id and il.service_id = ${s.id})`;
    case 'per_driver_week': {
      // A week is billed by its Sunday (000 §9: weeks start on Sunday), so periods never overlap.
      const weeks = sql`(select w::date as week from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') w
        where extract(dow from w) = 0)`;
      // A driver is billed for a week he was employed in, by his hire and termination dates (not by
      // today's active flag); one without a termination date who is inactive has no known period.
      return sql`select c.id as customer_id, null::int as load_id, wk.week as period_start,
          'Week of ' || to_char(wk.week, 'YYYY-MM-DD') || ': ' || count(d.id) || ' active drivers' as description,
          count(d.id)::int as quantity, ${rate} as rate, 0::bigint as base_cents,
          (count(d.id) * ${rate})::bigint as amount_cents
        from ${customers} c
        cross join ${weeks} wk
        join ${drivers} d on d.customer_id = c.id and d.company_id = c.company_id
          and (d.hired_on is null or d.hired_on <= wk.week + 6)
          and (d.terminated_on is null or d.terminated_on >= wk.week)
          and (d.terminated_on is not null or d.active)
        ${rates}
        where ${customerHas} and ${billedPeriod(sql`wk.week`)}
        group by c.id, wk.week, r.rate
        having count(d.id) * ${rate} > 0`;
    }
    case 'flat_month': {
      // A month is billed once, by its first day, in the run whose period holds that day.
      const months = sql`(select m::date as month from generate_series(date_trunc('month', ${input.from}::date), ${input.to}::date, interval '1 month') m
        where m::date >= ${input.from}::date)`;
      return sql`select c.id as customer_id, null::int as load_id, mo.month as period_start,
          ${s.name} || ' · ' || to_char(mo.month, 'FMMonth YYYY') as description,
          1 as quantity, ${rate} as rate, 0::bigint as base_cents, ${rate}::bigint as amount_cents
        from ${customers} c
        cross join ${months} mo
        ${rates}
        where ${customerHas} and ${billedPeriod(sql`mo.month`)} and ${rate} > 0`;
    }
    default:
      return null;
  }
}

/**
 * Bills one batch of customers for every chosen service, set-based: one INSERT … SELECT for the
 * invoices and their lines per service, then totals, the loads' invoice link and the customers'
 * balances in a few UPDATEs. An advisory lock per company serialises concurrent runs, so the
 * NOT EXISTS checks see what the other run wrote.
 *
 * Exactly once: everything after the INSERTs works on the invoices this transaction inserted, never
 * on "the run's invoices". A resumed run (the job restarted after a crash) goes through the batches
 * saved before the crash again; their candidates are gone (already billed), so it inserts nothing
 * and changes nothing, where reading the run's invoices would add them to the balances twice.
 */
type Batch = { input: GenerateInput; services: Service[]; batch: number[] };

const billCommand = defineSystemCommand({
  run: async ({ tx, input: { input, services, batch }, audit }: SystemCommandContext<Batch>) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${7_121_000_000 + input.companyId})`);
    const inserted: number[] = [];
    for (const s of services) {
      const cand = candidates(s, input, batch);
      if (!cand) continue;
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`with cand as (${cand}),
        inv as (
          insert into invoices (company_id, customer_id, service_id, period_from, period_to, status, generated,
            generated_at, generation_run_id, description, created_by)
          select ${input.companyId}, x.customer_id, ${s.id}, ${input.from}::date, ${input.to}::date, 'Open', true,
            ${SQL_NOW}, ${input.runId}, ${input.description ?? null}, ${input.actorId}
          from (select distinct customer_id from cand) x
          returning id, customer_id),
        lines as (
          insert into invoice_lines (invoice_id, service_id, load_id, period_start, description, quantity, rate, base_cents, amount_cents)
          select inv.id, ${s.id}, cand.load_id, cand.period_start, cand.description, cand.quantity, cand.rate,
            cand.base_cents, cand.amount_cents
          from cand join inv on inv.customer_id = cand.customer_id
          on conflict do nothing
          returning invoice_id)
        select id from inv`,
      );
      inserted.push(...rows.map((r) => Number(r.id)));
    }
    if (!inserted.length) return { invoices: 0, lines: 0, amount: 0 };
    const mine = sql`i.id = any(${intArray(inserted)})`;
    await tx.execute(
      sql`delete from invoices i where ${mine} and not exists (select 1 from invoice_lines il where il.invoice_id = i.id)`,
    );
    const made = await rowsOf<{ id: number; customer_id: number; total: number }>(
      tx,
      sql`update invoices i set total_cents = t.total, updated_at = ${SQL_NOW}
        from (select il.invoice_id, sum(il.amount_cents)::bigint as total from invoice_lines il
          join invoices i on i.id = il.invoice_id where ${mine} group by il.invoice_id) t
        where i.id = t.invoice_id
        returning i.id, i.customer_id, i.total_cents as total`,
    );
    if (!made.length) return { invoices: 0, lines: 0, amount: 0 };
    await numberInvoices(
      tx,
      input.companyId,
      made.map((m) => Number(m.id)),
    );
    const lines = await rowsOf<{ load_id: number | null; invoice_id: number }>(
      tx,
      sql`select il.load_id, il.invoice_id from invoice_lines il join invoices i on i.id = il.invoice_id where ${mine}`,
    );
    await linkLoadsToInvoices(
      tx,
      lines.flatMap((l) =>
        l.load_id === null ? [] : [{ loadId: Number(l.load_id), invoiceId: Number(l.invoice_id) }],
      ),
    );
    await moveCustomerBalances(
      tx,
      made.map((m) => ({ customerId: Number(m.customer_id), cents: Number(m.total) })),
    );
    const amount = made.reduce((s, r) => s + Number(r.total), 0);
    await audit({
      entity: invoiceGenerationRuns,
      entityId: input.runId,
      action: 'generate',
      after: { invoice_ids: made.map((r) => r.id), amount_cents: amount, customers: batch.length },
    });
    return { invoices: made.length, lines: lines.length, amount };
  },
});

function billBatch(db: Db, input: GenerateInput, services: Service[], batch: number[]) {
  return runSystemCommand(
    db,
    billCommand,
    { companyId: input.companyId, actorId: input.actorId || null },
    { input, services, batch },
  );
}

/**
 * Runs one generation (the job's work): batches of customers, progress after each. A resumed run
 * starts again from the first batch (saved batches bill nothing twice) and answers the totals of
 * the whole run, whichever attempt saved them.
 */
export async function generateInvoices(
  db: Db,
  input: GenerateInput,
  progress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<GenerateResult> {
  input = { ...input, now: input.now ?? clock.now().toISOString() };
  const services = (await db
    .select({
      id: accountingServices.id,
      name: accountingServices.name,
      billingMethod: accountingServices.billingMethod,
      defaultRate: accountingServices.defaultRate,
    })
    .from(accountingServices)
    .where(
      and(
        eq(accountingServices.companyId, input.companyId),
        eq(accountingServices.status, 1),
        input.serviceId ? eq(accountingServices.id, input.serviceId) : undefined,
      ),
    )) as Service[];
  const names = services.map((s) => s.name.toLowerCase());
  const customerIds = names.length
    ? (
        await rowsOf<{ id: number }>(
          db,
          sql`select id from ${customers} where company_id = ${input.companyId}
            and services && ${`{${names.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]
            ${input.customerIds?.length ? sql`and id = any(${intArray(input.customerIds)})` : sql``}
          order by id`,
        )
      ).map((r) => Number(r.id))
    : [];
  await db.update(invoiceGenerationRuns).set({ status: 'running' }).where(eq(invoiceGenerationRuns.id, input.runId));
  await progress(0, customerIds.length);
  for (let i = 0; i < customerIds.length; i += BATCH) {
    await billBatch(db, input, services, customerIds.slice(i, i + BATCH));
    await progress(Math.min(i + BATCH, customerIds.length), customerIds.length);
  }
  const [totals] = await rowsOf<{ invoices: number; lines: number; amount: number }>(
    db,
    sql`select count(*)::int as invoices, coalesce(sum(i.total_cents), 0)::bigint as amount,
        (select count(*) from invoice_lines il join invoices i on i.id = il.invoice_id
          where i.generation_run_id = ${input.runId})::int as lines
      from invoices i where i.generation_run_id = ${input.runId}`,
  );
  const amountCents = Number(totals?.amount ?? 0);
  const result: GenerateResult = {
    run_id: input.runId,
    invoices: Number(totals?.invoices ?? 0),
    lines: Number(totals?.lines ?? 0),
    amount: amountCents / 100,
    customers: customerIds.length,
  };
  await db
    .update(invoiceGenerationRuns)
    .set({ status: 'completed', invoicesCount: result.invoices, amountCents, finishedAt: clock.now() })
    .where(eq(invoiceGenerationRuns.id, input.runId));
  return result;
}

/** Records a run (the job carries its id). */
export async function createRun(
  db: DbOrTx,
  input: Omit<GenerateInput, 'runId'>,
): Promise<typeof invoiceGenerationRuns.$inferSelect> {
  const [run] = await db
    .insert(invoiceGenerationRuns)
    .values({
      companyId: input.companyId,
      periodFrom: input.from,
      periodTo: input.to,
      serviceId: input.serviceId ?? null,
      description: input.description ?? null,
      createdBy: input.actorId,
    })
    .returning();
  if (!run) throw new Error('generation run not created');
  return run;
}
