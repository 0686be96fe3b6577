import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { clock, SQL_NOW } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { customers } from '../customers';
import { factoringCompanies } from '../factoring';
import { expectedFactoringCents, type ShortPaymentSeed } from '../short-payments';
import { loads } from '../trips';
import { factoringSchedules, scheduleActions, scheduleLoads } from './schedules.table';

type Candidate = {
  id: number;
  gross_cents: string;
  delivered: string;
  week: string;
  factoring_company_id: number;
  factoring_name: string;
  percent_milli: number;
};

/** A deterministic fraction in [0, 1) from a number: this seeder leaves the shared faker stream alone. */
const chance = (n: number, salt: number) => {
  let h = Math.imul(n ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
};
const DAY = 86_400_000;

const ACTIONS = [
  'Called the broker, payment promised next week.',
  'Emailed the factoring company the lumper receipt.',
  'Disputed: detention not approved by the broker.',
  'Customer asked to re-bill the difference.',
  'Waiting for the corrected rate confirmation.',
];
const SCHEDULE_ACTIONS = ['Called funding desk: received.', 'Verification in progress.', 'Funded by ACH.'];

/**
 * Factoring schedules for the last five months: the factored, delivered loads with PPW, one schedule
 * per factoring company and delivery week; older ones processed (a few paid short, which makes the
 * short payments), the last weeks not yet. The most recent loads stay off any schedule for the form.
 */
export const schedulesSeeder: Seeder = {
  name: 'factoring schedules and short payments',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const [author] = (
      (await ctx.db.execute(
        sql`select id from users where company_id = ${companyId} order by (email like 'accountant@%') desc, id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const fallback = (
      (await ctx.db.execute(
        sql`select id, name, percent_milli from ${factoringCompanies} where company_id = ${companyId} order by id limit 1`,
      )) as unknown as { rows: { id: number; name: string; percent_milli: number }[] }
    ).rows[0];
    if (!fallback) return;
    const candidates = (
      (await ctx.db.execute(
        sql`select ${loads.id}, ${loads.grossCents}, ${loads.deliveryAt} as delivered,
            to_char(date_trunc('week', ${loads.deliveryAt} at time zone ${COMPANY_TIME_ZONE_DEFAULT}), 'YYYY-MM-DD') as week,
            coalesce(fc.id, ${fallback.id}) as factoring_company_id, coalesce(fc.name, ${fallback.name}) as factoring_name,
            coalesce(fc.percent_milli, ${fallback.percent_milli}) as percent_milli
          from ${loads} left join ${customers} c on c.id = ${loads.customerId}
            left join ${factoringCompanies} fc on fc.id = c.factoring_company_id
          where ${loads.companyId} = ${companyId} and ${loads.factoring} and ${loads.ppw} = 1
            and ${loads.deliveryAt} between ${SQL_NOW} - interval '150 days' and ${SQL_NOW} - interval '10 days'
          order by ${loads.deliveryAt}, ${loads.id}`,
      )) as unknown as { rows: Candidate[] }
    ).rows;
    const groups = new Map<string, Candidate[]>();
    for (const c of candidates) {
      const key = `${c.factoring_company_id}|${c.week}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    const now = clock.now().getTime();
    const shorts: ShortPaymentSeed[] = [];
    for (const group of groups.values()) {
      const first = group[0] as Candidate;
      const createdAt = new Date(new Date(first.delivered).getTime() + 3 * DAY);
      const processed = now - createdAt.getTime() > 21 * DAY;
      const [schedule] = await ctx.db
        .insert(factoringSchedules)
        .values({
          companyId,
          factoringCompanyId: Number(first.factoring_company_id),
          name: `Week of ${first.week}`,
          createdBy: author?.id ?? null,
          createdAt,
          sentAt: createdAt,
        })
        .returning({ id: factoringSchedules.id });
      if (!schedule) continue;
      const rows = group.map((c) => {
        const gross = Number(c.gross_cents);
        const expected = expectedFactoringCents(gross, Number(c.percent_milli));
        const applied = processed && chance(c.id, 1) > 0.06;
        const short = applied && chance(c.id, 2) < 0.12;
        const amount = short ? expected - Math.round((5_000 + chance(c.id, 3) * 60_000) / 100) * 100 : expected;
        const processedAt = new Date(createdAt.getTime() + (2 + Math.floor(chance(c.id, 4) * 10)) * DAY);
        if (short) {
          const ageDays = Math.floor((now - processedAt.getTime()) / DAY);
          const pick = chance(c.id, 5);
          const old = ageDays > 75;
          const status =
            pick < (old ? 0.45 : 0)
              ? 'Complete'
              : pick < (old ? 0.55 : 0.08)
                ? 'Processed by customer'
                : pick < (old ? 0.6 : 0.12)
                  ? 'Inactive customer'
                  : pick < (old ? 0.8 : 0.5)
                    ? 'In progress'
                    : 'New';
          shorts.push({
            companyId,
            loadId: c.id,
            scheduleId: schedule.id,
            factoringCompanyId: Number(c.factoring_company_id),
            grossCents: gross,
            amountFactoringCents: amount,
            debtCents: expected - amount,
            processedDate: processedAt.toISOString().slice(0, 10),
            status,
            actions: status === 'New' ? null : (ACTIONS[Math.floor(chance(c.id, 6) * ACTIONS.length)] ?? null),
            createdBy: author?.id ?? null,
            createdAt: processedAt,
            updatedAt: processedAt,
          });
        }
        return {
          scheduleId: schedule.id,
          loadId: c.id,
          amountFactoringCents: applied ? amount : null,
          status: applied ? 'applied' : 'not_processed',
          processedAt: applied ? processedAt : null,
        };
      });
      await inChunks(rows, (chunk) => ctx.db.insert(scheduleLoads).values(chunk));
      if (processed)
        await ctx.db.insert(scheduleActions).values({
          scheduleId: schedule.id,
          actionText: SCHEDULE_ACTIONS[schedule.id % SCHEDULE_ACTIONS.length] ?? 'Received.',
          createdBy: author?.id ?? null,
          createdAt: new Date(createdAt.getTime() + DAY),
        });
    }
    // What factoring paid short: the short payments' own seeder records these.
    ctx.refs.set('shortPayments', shorts);
    ctx.log(`${groups.size} factoring schedules, ${shorts.length} short payments`);
  },
};
