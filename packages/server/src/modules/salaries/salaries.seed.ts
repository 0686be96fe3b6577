import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { inChunks } from '../../platform/seed/chunks';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { addMonths, currentMonth } from '../dispatcher-statements';
import { salaryPayments } from './salaries.table';

/** Pay history: each office employee's salary from a year ago, and a raise six months ago for some. */
export const salariesSeeder: Seeder = {
  name: 'salaries',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const staff = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.customerId), eq(users.active, true)));
    const start = `${addMonths(currentMonth(), -12)}-01`;
    const raise = `${addMonths(currentMonth(), -6)}-01`;
    const rows = staff.flatMap((u) => {
      const base = ctx.faker.number.int({ min: 35, max: 70 }) * 10_000;
      const entries = [{ companyId, userId: u.id, date: start, amountCents: base, note: 'Starting salary' }];
      if (ctx.faker.datatype.boolean({ probability: 0.5 }))
        entries.push({ companyId, userId: u.id, date: raise, amountCents: base + 25_000, note: 'Annual raise' });
      return entries;
    });
    await inChunks(rows, (chunk) => ctx.db.insert(salaryPayments).values(chunk));
  },
};
