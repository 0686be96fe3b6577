import { addDays } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { ref, type Seeder } from '../../platform/seed/seed';
import { customers } from '../customers';
import { loads } from '../trips';
import { createRun, generateInvoices } from './generator.service';

/**
 * The demo receivables: the loads the billing seeder made ready are invoiced, every month up to the last
 * one by the generator itself (the same set-based code the accountant runs), so this
 * month is left for the Invoice generator page. Invoices before last month went out by e-mail;
 * last month's about half. Payments are the payments seeder's.
 */
export const invoicesSeeder: Seeder = {
  name: 'generated invoices',
  async run(ctx) {
    const { db } = ctx;
    const companyId = ref<number>(ctx, 'companyId');
    const [clerk] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'accountant@backhaul.demo'`);
    const today = clock.today();
    const thisMonth = `${today.slice(0, 8)}01`;
    const first = (
      (await db.execute(
        sql`select to_char(min(delivery_at) at time zone 'America/Chicago', 'YYYY-MM-01') as m from ${loads} where company_id = ${companyId}`,
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
      from sent s join ${customers} c on c.id = s.customer_id`);
  },
};
