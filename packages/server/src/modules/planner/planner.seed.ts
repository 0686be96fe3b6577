import { addDays, startOfWeek } from '@backhaul/shared/formats/formats';
import { PLANNER_FIRST_HOUR, PLANNER_LAST_HOUR } from '@backhaul/shared/modules/planner/planner.contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, phoneDigits } from '../../platform/seed/seed-helpers';
import { workOrders } from '../work-orders';
import { dayOffs, lightOrders, plannerTasks } from './planner.table';

const JOBS = [
  'Patch a tire',
  'Replace a headlight bulb',
  'Top up DEF and coolant',
  'Fix a mud flap',
  'Air leak at the glad hand',
];

/**
 * A planned week: this week's open work orders in the technicians' lanes (2-4 hours each, one after
 * the other), a few light orders between them, and one technician's day off.
 */
export const plannerSeeder: Seeder = {
  name: 'planner',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const f = ctx.faker;
    const lanes = await rowsOf<{ id: number }>(
      ctx.db,
      sql`select u.id from users u join departments d on d.id = u.department_id
        where u.company_id = ${companyId} and u.active and d.name = 'Shop' order by u.name`,
    );
    if (!lanes.length) return;
    const week = startOfWeek(dayFromToday(0));
    const days = Array.from({ length: 6 }, (_, i) => addDays(week, i + 1));
    const [off] = await ctx.db.insert(dayOffs).values({ companyId, reason: 'Vacation' }).returning();
    const offLane = Number(lanes[lanes.length - 1]?.id);
    const offDay = days[2] as string;
    const tasks: Array<typeof plannerTasks.$inferInsert> = [
      {
        companyId,
        kind: 'day_off',
        dayOffId: off?.id,
        technicianId: offLane,
        date: offDay,
        time: PLANNER_FIRST_HOUR,
        w: PLANNER_LAST_HOUR - PLANNER_FIRST_HOUR,
      },
    ];
    // A cursor per lane and day: the next free hour.
    const next = new Map<string, number>();
    const slot = (lane: number, day: string, w: number) => {
      if (lane === offLane && day === offDay) return null;
      const at = next.get(`${lane}:${day}`) ?? PLANNER_FIRST_HOUR;
      if (at + w > PLANNER_LAST_HOUR) return null;
      next.set(`${lane}:${day}`, at + w);
      return at;
    };
    const orders = await rowsOf<{ id: number; technician_id: number | null }>(
      ctx.db,
      sql`select id, technician_id from ${workOrders} where company_id = ${companyId} and status in (2, 3, 4, 5, 6, 7, 8, 10)
        order by dispatch_request desc, id limit 40`,
    );
    // The technician of each planned order: the work orders' own seeder sets it from this ref.
    const technicians = new Map<number, number>();
    ctx.refs.set('plannedTechnicians', technicians);
    let i = 0;
    for (const o of orders) {
      const w = f.number.int({ min: 2, max: 4 });
      for (let tries = 0; tries < lanes.length * days.length; tries++, i++) {
        const lane = Number(lanes[i % lanes.length]?.id);
        const day = days[Math.floor(i / lanes.length) % days.length] as string;
        const time = slot(lane, day, w);
        if (time === null) continue;
        tasks.push({ companyId, kind: 'work_order', workOrderId: o.id, technicianId: lane, date: day, time, w });
        technicians.set(o.id, lane);
        i++;
        break;
      }
    }
    for (const [n, job] of JOBS.entries()) {
      const [order] = await ctx.db
        .insert(lightOrders)
        .values({
          companyId,
          customer: f.person.fullName(),
          phone: phoneDigits(ctx),
          unit: `${f.vehicle.manufacturer()} ${f.number.int({ min: 2012, max: 2024 })}`,
          description: job,
          priceCents: f.number.int({ min: 4, max: 30 }) * 500,
        })
        .returning();
      const lane = Number(lanes[n % lanes.length]?.id);
      const day = days[(n * 2) % days.length] as string;
      const time = slot(lane, day, 1);
      if (order && time !== null)
        tasks.push({
          companyId,
          kind: 'light_order',
          lightOrderId: order.id,
          technicianId: lane,
          date: day,
          time,
          w: 1,
        });
    }
    await ctx.db.insert(plannerTasks).values(tasks);
  },
};
