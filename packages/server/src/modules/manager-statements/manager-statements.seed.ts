import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { addMonths, currentMonth } from '../dispatcher-statements';
import { saveStatements } from './manager-statements.service';
import { managerStatements } from './manager-statements.table';

/** Monthly salaries by department (dollars), a little different per person. */
const SALARY: Record<string, number> = {
  Dispatch: 3800,
  Accounting: 4200,
  Safety: 4000,
  Shop: 3600,
  Sales: 3500,
  Management: 6500,
};

/**
 * A year of manager statements for the office staff (the eleven months before last month),
 * through the service: bonus from the month's bonus-or-charge entries, total = salary + bonus.
 */
export const managerStatementsSeeder: Seeder = {
  name: 'manager-statements',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const departments = ref<Map<string, number>>(ctx, 'departments');
    const names = new Map([...departments].map(([name, id]) => [id, name]));
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
    for (let i = 1; i <= 11; i++) {
      const month = addMonths(currentMonth(), i - 13);
      const rows = paid.map((s) => ({
        month,
        department_id: s.departmentId as number,
        employee_id: s.id,
        salary: (SALARY[names.get(s.departmentId as number) ?? ''] ?? 3500) * 100 + (s.id % 7) * 2500,
        base_rate_percent: s.role === 2 ? 1.5 : null,
        description: '',
      }));
      if (rows.length) await saveStatements(ctx.db, actor, rows);
    }
    // Made early in the next month, as an office would.
    await ctx.db.execute(
      sql`update ${managerStatements} set created_at = month + interval '1 month 2 days 10 hours' where company_id = ${companyId}`,
    );
  },
};
