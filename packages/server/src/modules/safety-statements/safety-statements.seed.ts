import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { payStatements } from '../../platform/pay/pay.table';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { addMonths, currentMonth, saveMonthRate } from '../dispatcher-statements';
import { SAFETY_KIND } from './safety-statements.kind';
import { createSafetyStatement, listDrivers, listSafetyUsers, SAFETY_RATE_KIND } from './safety-statements.service';

/**
 * Safety statements for the eleven months before last month: the drivers with loads that month are
 * shared out among the safety staff in turn, at 1 % (last month stays open for the demo).
 */
export const safetyStatementsSeeder: Seeder = {
  name: 'safety-statements',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const [admin] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.email, 'admin@backhaul.demo')));
    if (!admin) return;
    const actor: AuthUser = { ...admin, role: 0 };
    for (let i = 1; i <= 11; i++) {
      const month = addMonths(currentMonth(), i - 13);
      await saveMonthRate(ctx.db, actor, { kind: SAFETY_RATE_KIND, month, rateMilli: 1000 });
      const staff = await listSafetyUsers(ctx.db, actor, month);
      const driven = (await listDrivers(ctx.db, actor, { month, rateMilli: 1000 })).filter((d) => !d.taken);
      for (const [n, person] of staff.entries()) {
        const mine = driven.filter((_, k) => k % staff.length === n).map((d) => d.driver_id);
        if (mine.length && !person.has_statement)
          await createSafetyStatement(ctx.db, actor, { userId: person.id, month, driverIds: mine });
      }
    }
    // Made early in the next month, as an office would.
    await ctx.db.execute(
      sql`update ${payStatements} set created_at = period_from + interval '1 month 4 days 11 hours'
        where company_id = ${companyId} and kind = ${SAFETY_KIND}`,
    );
  },
};
