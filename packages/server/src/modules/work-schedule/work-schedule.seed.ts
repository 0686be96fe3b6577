import { addDays } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { clock } from '../../platform/clock';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';

/** Shift hours by department; everyone else works 08:00-17:00. */
const HOURS: Record<string, [string, string]> = {
  Dispatch: ['07:00', '16:00'],
  Shop: ['06:00', '15:00'],
  Accounting: ['08:30', '17:00'],
};
const FULL_SCALE = 0.5;

export type SeedStaff = { id: number; name: string; department: string };

export async function seedStaff(ctx: Parameters<Seeder['run']>[0]): Promise<SeedStaff[]> {
  const companyId = ref<number>(ctx, 'companyId');
  return rowsOf<SeedStaff>(
    ctx.db,
    sql`select u.id, u.name, coalesce(d.name, '') as department from users u left join departments d on d.id = u.department_id
        where u.company_id = ${companyId} and u.active and u.customer_id is null order by u.id`,
  );
}

/**
 * The office's shifts: weekdays for everyone (a year back at full scale, 45 days in tests) and four
 * weeks ahead, plus a Saturday morning taken by one dispatcher in turn.
 */
export const workScheduleSeeder: Seeder = {
  name: 'work-schedule',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const staff = await seedStaff(ctx);
    const today = clock.today();
    const back = ctx.scale >= FULL_SCALE ? 365 : 45;
    const dispatchers = staff.filter((s) => s.department === 'Dispatch');
    const rows: { u: number; d: string; s: string; e: string }[] = [];
    for (let i = -back; i < 28; i++) {
      const d = addDays(today, i);
      const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (weekday === 0) continue;
      if (weekday === 6) {
        const on = dispatchers[(i + back) % Math.max(1, dispatchers.length)];
        if (on) rows.push({ u: on.id, d, s: '08:00', e: '13:00' });
        continue;
      }
      for (const person of staff) {
        const [s, e] = HOURS[person.department] ?? ['08:00', '17:00'];
        rows.push({ u: person.id, d, s, e });
      }
    }
    for (let i = 0; i < rows.length; i += 5000) {
      await ctx.db.execute(
        sql`insert into work_shifts (company_id, user_id, date, start, "end")
            select ${companyId}, t.u, t.d, t.s, t.e from json_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::json)
              as t(u int, d date, s text, e text)`,
      );
    }
  },
};
