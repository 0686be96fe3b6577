import { BONUS_CHARGE_TYPES } from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { bonusCharges } from './bonus-charge.table';

/** The twelve months before this one, oldest first, as YYYY-MM-01. */
export function lastTwelveMonths(today = clock.today()): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 13 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
  });
}

const WHY: Record<string, string[]> = {
  Bonus: ['Quarter target reached', 'Weekend coverage', 'Referral bonus'],
  Charge: ['Lost equipment', 'Traffic ticket', 'Late paperwork'],
  Credit: ['Overtime correction', 'Expense refund'],
  Deduction: ['Advance repaid', 'Uniform deduction'],
  Salary: ['Salary adjustment'],
};

/** A year of bonuses and charges for the office staff (a few entries a month). */
export const bonusChargeSeeder: Seeder = {
  name: 'bonus-charge',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const staff = await ctx.db
      .select({ id: users.id, departmentId: users.departmentId })
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.customerId), eq(users.active, true)));
    const admin = staff[0]?.id ?? null;
    const rows = lastTwelveMonths().flatMap((month) =>
      staff.flatMap((u) => {
        if (!ctx.faker.datatype.boolean({ probability: 0.35 })) return [];
        const type = ctx.faker.helpers.arrayElement(BONUS_CHARGE_TYPES);
        return [
          {
            companyId,
            type,
            totalCents: ctx.faker.number.int({ min: 25, max: 600 }) * 100,
            employeeId: u.id,
            departmentId: u.departmentId,
            salaryMonth: month,
            description: ctx.faker.helpers.arrayElement(WHY[type] ?? ['']),
            createdBy: admin,
            createdAt: new Date(`${month.slice(0, 8)}20T15:00:00Z`),
          },
        ];
      }),
    );
    // "Additional {year}" (the 13th month): last December's year for a third of the staff (the
    // manager statements pay it in December), this year's for another third (not paid yet).
    const december = lastTwelveMonths().find((m) => m.slice(5, 7) === '12') as string;
    const thisYear = clock.today().slice(0, 4);
    const additional = staff.flatMap((u, i) =>
      i % 3 === 2
        ? []
        : [
            {
              companyId,
              type: 'Salary',
              totalCents: ctx.faker.number.int({ min: 10, max: 30 }) * 10_000,
              employeeId: u.id,
              departmentId: u.departmentId,
              salaryMonth: i % 3 === 0 ? december : `${thisYear}-12-01`,
              additional: true,
              description: i % 3 === 0 ? '13th month salary' : 'Year-end bonus',
              createdBy: admin,
              createdAt: new Date(`${december.slice(0, 8)}10T15:00:00Z`),
            },
          ],
    );
    await inChunks([...rows, ...additional], (chunk) => ctx.db.insert(bonusCharges).values(chunk));
  },
};
