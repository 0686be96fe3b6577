import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { payStatements } from '../../platform/pay/pay.table';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { entriesFor } from '../bonus-charge';
import { saveStatements } from './manager-statements.service';
import { addMonths, currentMonth } from './staff-months';

/**
 * A year of manager statements for the office staff (the eleven months before last month), through
 * the service: each month's salary from the pay history (prorated), its bonus-or-charge entries.
 */
export const managerStatementsSeeder: Seeder = {
  name: 'manager-statements',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const [admin] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.email, 'admin@backhaul.demo')));
    if (!admin) return;
    const actor: AuthUser = { ...admin, role: 0 };
    const staff = await ctx.db
      .select({ id: users.id, role: users.role, departmentId: users.departmentId })
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.customerId), eq(users.active, true)));
    const paid = staff.filter((s) => s.departmentId !== null);
    // December's statement pays that year's "Additional {year}" entries (the 13th month).
    const additionalOf = async (employeeId: number, month: string) =>
      month.endsWith('-12')
        ? (
            await entriesFor(ctx.db, {
              companyId,
              employeeId,
              additional: true,
              since: `${month}-01`,
              to: `${month}-31`,
              unclaimed: () => sql`true`,
            })
          )
            .filter((e) => e.salary_month.startsWith(month.slice(0, 4)))
            .map((e) => e.id)
        : [];
    for (let i = 1; i <= 11; i++) {
      const month = addMonths(currentMonth(), i - 13);
      const rows = [];
      for (const s of paid)
        rows.push({
          month,
          department_id: s.departmentId as number,
          employee_id: s.id,
          salary: null,
          base_rate_percent: s.role === 2 ? 1.5 : null,
          description: '',
          additional: await additionalOf(s.id, month),
        });
      if (rows.length) await saveStatements(ctx.db, actor, rows);
    }
    // Made early in the next month, as an office would.
    await ctx.db.execute(
      sql`update ${payStatements} set created_at = period_from + interval '1 month 2 days 10 hours'
        where company_id = ${companyId} and kind = 'staff'`,
    );
  },
};
