import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { SQL_NOW } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { loads, setLoadsBilling } from '../trips';
import { billings } from './billing.table';

/** Runs after the trips, before the invoices: delivered loads with paperwork are ready for invoicing. */
export const billingSeeder: Seeder = {
  name: 'billing',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const made = await rowsOf<{ load_id: number }>(
      ctx.db,
      sql`insert into ${billings} (company_id, load_id, created_by, created_at)
        select l.company_id, l.id, l.dispatcher_id, coalesce(l.ppw_date, l.delivery_at) + interval '1 day'
        from ${loads} l where l.company_id = ${companyId} and l.ppw = 1 and l.delivery_at < ${SQL_NOW} - interval '2 days'
          and l.customer_id is not null
        on conflict do nothing
        returning load_id`,
    );
    await inChunks(
      made.map((b) => Number(b.load_id)),
      (ids) => setLoadsBilling(ctx.db, ids, true),
    );
  },
};
