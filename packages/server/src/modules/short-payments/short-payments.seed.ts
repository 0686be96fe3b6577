import type { Seeder } from '../../platform/seed/seed';
import { shortPayments } from './short-payments.table';

/** A short payment as the factoring schedules' seeder decides it (what factoring paid short on a load). */
export type ShortPaymentSeed = typeof shortPayments.$inferInsert;

/** Runs after the factoring schedules: the short payments their seeder handed over (ref 'shortPayments'). */
export const shortPaymentsSeeder: Seeder = {
  name: 'short payments',
  async run(ctx) {
    const rows = (ctx.refs.get('shortPayments') as ShortPaymentSeed[] | undefined) ?? [];
    if (rows.length) await ctx.db.insert(shortPayments).values(rows);
  },
};
