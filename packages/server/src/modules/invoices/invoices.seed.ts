import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { ref, type Seeder } from '../../platform/seed/seed';
import { createRun, generateInvoices } from './generator.service';

/**
 * The demo receivables: delivered loads with paperwork are billed, and every month up to the last
 * one is invoiced by the generator itself (the same set-based code the accountant runs), so this
 * month is left for the Invoice generator page. Invoices before last month went out by e-mail;
 * last month's about half. Payments are the payments seeder's.
 */
export const invoicesSeeder: Seeder = {
  name: 'billing and generated invoices',
  async run(ctx) {
    const { db } = ctx;
    const companyId = ref<number>(ctx, 'companyId');
    await db.execute(sql`insert into billings (company_id, load_id, created_by, created_at)
      select l.company_id, l.id, l.dispatcher_id, coalesce(l.ppw_date, l.delivery_at) + interval '1 day'
      from loads l where l.company_id = ${companyId} and l.ppw = 1 and l.delivery_at < now() - interval '2 days'
        and l.customer_id is not null
      on conflict do nothing`);
    await db.execute(sql`update loads l set billing = true from billings b where b.load_id = l.id and not l.billing`);

    const [clerk] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'accountant@backhaul.demo'`);
    const today = nowInCompanyTimeZone().date;
    const thisMonth = `${today.slice(0, 8)}01`;
    const first = (
      (await db.execute(
        sql`select to_char(min(delivery_at) at time zone 'America/Chicago', 'YYYY-MM-01') as m from loads where company_id = ${companyId}`,
      )) as unknown as { rows: Array<{ m: string | null }> }
    ).rows[0]?.m;
    if (!first) return;
    const nextMonth = (m: string) => `${addDays(m, 32).slice(0, 8)}01`;
    for (let from = first; from < thisMonth; from = nextMonth(from)) {
      const to = addDays(nextMonth(from), -1);
      const input = { companyId, actorId: clerk?.id ?? null, from, to, description: 'Monthly invoicing' };
      const run = await createRun(db, input);
      await generateInvoices(db, { ...input, runId: run.id });
    }
    // Each month was invoiced the morning after it ended (the invoice date its terms run from), not today.
    await db.execute(sql`update invoices set
        created_at = ((period_to + 1)::timestamp at time zone 'America/Chicago') + interval '9 hours',
        generated_at = ((period_to + 1)::timestamp at time zone 'America/Chicago') + interval '9 hours'
      where company_id = ${companyId} and generated`);
    const lastMonth = `${addDays(thisMonth, -1).slice(0, 8)}01`;
    await db.execute(sql`with sent as (
        update invoices set status = 'Sent'
        where company_id = ${companyId} and generated and (period_to < ${lastMonth}::date or id % 2 = 0)
        returning id, customer_id, period_to, created_by)
      insert into invoice_sends (invoice_id, customer_id, send_to, send_by, sent_at)
      select s.id, s.customer_id, coalesce(c.email, 'billing@example.com'), s.created_by,
        (s.period_to + 2)::timestamp at time zone 'America/Chicago' + interval '9 hours'
      from sent s join customers c on c.id = s.customer_id`);
  },
};
