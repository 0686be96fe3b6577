import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { clock } from '../../platform/clock';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday } from '../../platform/seed/seed-helpers';
import { truckPaceSql } from '../trips';
import { trucks } from '../trucks';
import { seedDoneWorkOrders } from '../work-orders';
import { servicePrograms, serviceTasks, workOrderServiceTasks } from './service-schedule.table';

type TaskSeed = { name: string; unitKind: 'truck' | 'trailer'; miles: number | null; days: number; rateCents: number };
const PROGRAMS: Array<{ name: string; tasks: TaskSeed[] }> = [
  {
    name: 'Oil & filter',
    tasks: [{ name: 'Oil & filter', unitKind: 'truck', miles: 25_000, days: 90, rateCents: 14_250 }],
  },
  {
    name: 'Annual inspection',
    tasks: [
      { name: 'Annual inspection', unitKind: 'truck', miles: null, days: 365, rateCents: 22_000 },
      { name: 'Annual inspection', unitKind: 'trailer', miles: null, days: 365, rateCents: 16_500 },
    ],
  },
  {
    name: 'Trailer brake check',
    tasks: [{ name: 'Brake check', unitKind: 'trailer', miles: null, days: 182, rateCents: 9_500 }],
  },
];

/**
 * Three programs (oil and filter every 25,000 mi or 90 days; annual inspection every 12 months;
 * trailer brake check every 6 months) assigned to the active fleet, each task last done by a closed
 * PM work order spread between about half and 1.1 intervals ago, so some are overdue and some due soon;
 * a truck's order read its odometer then: today's less the miles of the loads it delivered since.
 */
export const serviceScheduleSeeder: Seeder = {
  name: 'service programs',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const start = dayFromToday(-420);
    for (const p of PROGRAMS) {
      const [program] = await ctx.db
        .insert(servicePrograms)
        .values({ companyId, name: p.name })
        .returning({ id: servicePrograms.id });
      const programId = Number(program?.id);
      for (const kind of new Set(p.tasks.map((t) => t.unitKind))) {
        const table = kind === 'truck' ? sql`trucks` : sql`trailers`;
        await ctx.db.execute(sql`insert into service_program_units (company_id, program_id, unit_type, unit_id, start_date, start_odometer)
          select ${companyId}, ${programId}, ${kind}, u.id, ${start}::date, u.odometer from ${table} u
          where u.company_id = ${companyId} and u.status = 'active'`);
      }
      for (const t of p.tasks) {
        const [task] = await ctx.db
          .insert(serviceTasks)
          .values({
            companyId,
            programId,
            name: t.name,
            unitKind: t.unitKind,
            intervalMiles: t.miles,
            intervalDays: t.days,
          })
          .returning({ id: serviceTasks.id });
        await seedCompletions(ctx, { companyId, programId, taskId: Number(task?.id), task: t });
      }
    }
  },
};

/** One closed PM work order per unit of the program for the task, with its labour, description and link. */
async function seedCompletions(
  ctx: Parameters<Seeder['run']>[0],
  opts: { companyId: number; programId: number; taskId: number; task: TaskSeed },
) {
  const { companyId, programId, taskId, task } = opts;
  const woType = task.name === 'Annual inspection' ? 'Inspection' : 'Preventive maintenance';
  const done = await rowsOf<{ unit_type: 'truck' | 'trailer'; unit_id: number; day: string; odometer: number | null }>(
    ctx.db,
    sql`
    with paced as (
      -- A task by miles falls due after its miles at the truck's pace (the fuel seed's, driver-pay.seed.ts).
      select a.unit_type, a.unit_id, p.pace,
          case when ${task.miles}::int is not null and p.pace > 0
            then least(${task.days}, floor(${task.miles}::int / p.pace)) else ${task.days} end as every
        from service_program_units a
        cross join lateral (select ${truckPaceSql(sql`a.unit_id`, clock.now())} as pace where a.unit_type = 'truck'
          union all select 0 where a.unit_type <> 'truck') p
        where a.program_id = ${programId} and a.unit_type = ${task.unitKind}
    ), done as (
      select a.unit_type, a.unit_id,
          floor(a.every * 0.45)::int + (a.unit_id * 37 + ${taskId} * 11) % ceil(a.every * 0.65)::int as ago,
          case a.unit_type when 'truck' then (select odometer from ${trucks} where id = a.unit_id) end as odometer,
          a.pace
        from paced a
    )
    select d.unit_type, d.unit_id, (${dayFromToday(0)}::date - d.ago)::date::text as day,
        case when d.odometer is not null then greatest(0, d.odometer - round(d.pace * d.ago)::int) end as odometer
      from done d`,
  );
  // The closed work orders are the work-orders module's; this module links each to its task.
  const orders = await seedDoneWorkOrders(ctx.db, {
    companyId,
    woType,
    task: task.name,
    rateCents: task.rateCents,
    units: done.map((d) => ({ unitType: d.unit_type, unitId: Number(d.unit_id), day: d.day })),
  });
  const odometerOf = new Map(done.map((d) => [`${d.unit_type}:${d.unit_id}`, d.odometer]));
  if (orders.length)
    await ctx.db.insert(workOrderServiceTasks).values(
      orders.map((o) => {
        const odometer = odometerOf.get(`${o.unit_type}:${o.unit_id}`);
        return {
          workOrderId: Number(o.id),
          taskId,
          odometer: odometer === null || odometer === undefined ? null : Number(odometer),
        };
      }),
    );
}
