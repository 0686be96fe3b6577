import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { payStatements } from '../../platform/pay/pay.table';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { DISPATCHER_KIND } from './dispatcher-statements.kind';
import { createStatements, listCandidates } from './dispatcher-statements.service';
import { addMonths, currentMonth } from './staff-months';

/** The demo's accountant-made statements: a rate per month around 3 %. */
const RATES_MILLI = [3000, 3000, 3250, 3250, 3500, 3000, 3000, 3250, 3500, 3500, 3000];

/**
 * Statements of the demo dispatchers for the eleven months before last month, through the same
 * service the screen uses (the pay-statement engine: each load once, totals from the lines). Last
 * month stays open, so the demo (and the browser journey) can make its statements.
 */
export const dispatcherStatementsSeeder: Seeder = {
  name: 'dispatcher-statements',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const [admin] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.email, 'admin@backhaul.demo')));
    if (!admin) return;
    const actor: AuthUser = { ...admin, role: 0 };
    for (const [i, rateMilli] of RATES_MILLI.entries()) {
      const month = addMonths(currentMonth(), i - 12);
      const candidates = await listCandidates(ctx.db, actor, { month, rateMilli });
      const ids = candidates.filter((c) => c.count_load > 0 && !c.has_statement).map((c) => c.dispatcher_id);
      if (ids.length) await createStatements(ctx.db, actor, { month, rateMilli, dispatcherIds: ids });
      // Each month's lines are looked up by the next month's offer: statistics of what was just written.
      await ctx.db.execute(sql`analyze pay_statement_lines`);
    }
    // Made early in the next month, as an office would.
    await ctx.db.execute(
      sql`update ${payStatements} set created_at = period_from + interval '1 month 3 days 9 hours'
        where company_id = ${companyId} and kind = ${DISPATCHER_KIND}`,
    );
  },
};
