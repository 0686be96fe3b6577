import { addDays, COMPANY_TIME_ZONE_DEFAULT, formatDate, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { and, desc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { ref, type Seeder } from '../../platform/seed/seed';
import { fuelRows } from '../driver-pay';
import { routeLegs } from '../mileage';
import { truckDeliveredLoads } from '../trips';
import { eldJurisdictionMiles, odometerReadings } from './eld.table';
import { FUEL_READING_TIME } from './eld-followers';
import { placeOf, refreshOdometers } from './odometer-now';
import { companyInstant, rejudgeTrucks } from './odometer-readings';

const DAY_MS = 86_400_000;
/** Trucks whose ELD provider sent a quarter's jurisdiction miles. */
const ELD_TRUCKS = 4;

/** The last quarter that has ended before `today`: its first and last days. */
function lastQuarter(today: string): { from: string; to: string } {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const q = Math.floor((m - 1) / 3);
  const [year, first] = q === 0 ? [y - 1, 10] : [y, q * 3 - 2];
  const last = first + 2;
  const end = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const mm = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${mm(first)}-01`, to: `${year}-${mm(last)}-${end}` };
}

/** A fixed wobble per truck, day and state in [−1.5 %, +2.5 %): an ELD measures a little off the routed miles. */
const wobble = (key: string) => {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return -0.015 + (h % 4000) / 100_000;
};

/**
 * Odometer readings from the fuel rows' odometers (judged like any reading); one truck's ELD export
 * with a reading that goes back (kept flagged); the last ended quarter's jurisdiction miles of a few
 * trucks from an ELD provider — their loads' routed miles per state, spread over each load's days and
 * a little off, so the reconciliation against routed miles shows small differences; then each
 * truck's odometer worked out for the service schedule.
 */
export const eldSeeder: Seeder = {
  name: 'eld and odometers',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const now = clock.now();
    await ctx.db.execute(sql`insert into ${odometerReadings} (company_id, truck_id, read_at, odometer, source, source_id)
      select ${fuelRows.companyId}, ${fuelRows.truckId},
          (${fuelRows.fuelDate} + ${FUEL_READING_TIME}::time) at time zone ${COMPANY_TIME_ZONE_DEFAULT},
          ${fuelRows.odometer}, 'fuel', ${fuelRows.id}
        from ${fuelRows}
        where ${fuelRows.companyId} = ${companyId} and ${fuelRows.truckId} is not null
          and ${fuelRows.odometer} is not null and ${fuelRows.status} <> 'Canceled'`);
    // One ELD export: two hours after a fuel reading 40 miles on, then three hours later 1,480 miles back.
    const [base] = await ctx.db
      .select()
      .from(odometerReadings)
      .where(
        and(
          eq(odometerReadings.companyId, companyId),
          eq(odometerReadings.source, 'fuel'),
          lt(odometerReadings.readAt, new Date(now.getTime() - 2 * DAY_MS)),
        ),
      )
      .orderBy(desc(odometerReadings.readAt), odometerReadings.truckId)
      .limit(1);
    if (base) {
      const at = (hours: number) => new Date(base.readAt.getTime() + hours * 3_600_000);
      await ctx.db.insert(odometerReadings).values([
        { companyId, truckId: base.truckId, readAt: at(2), odometer: base.odometer + 40, source: 'eld' },
        { companyId, truckId: base.truckId, readAt: at(5), odometer: base.odometer - 1_480, source: 'eld' },
      ]);
    }
    const trucks = await ctx.db
      .selectDistinct({ id: odometerReadings.truckId })
      .from(odometerReadings)
      .where(eq(odometerReadings.companyId, companyId));
    await rejudgeTrucks(
      ctx.db,
      trucks.map((t) => t.id),
    );
    const flagged = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(odometerReadings)
      .where(and(eq(odometerReadings.companyId, companyId), ne(odometerReadings.status, 'accepted')));
    ctx.log(`  ${trucks.length} trucks' odometer readings, ${flagged[0]?.n ?? 0} flagged`);

    await seedQuarterMiles(ctx, companyId, lastQuarter(nowInCompanyTimeZone(now).date));
    await refreshOdometers(ctx.db, { companyId, now });
  },
};

/** A few trucks' jurisdiction miles for the quarter, as their ELD provider would report them. */
async function seedQuarterMiles(
  ctx: Parameters<Seeder['run']>[0],
  companyId: number,
  quarter: { from: string; to: string },
) {
  const start = companyInstant(quarter.from);
  const end = new Date(companyInstant(quarter.to).getTime() + DAY_MS);
  const busiest = await ctx.db
    .select({ truckId: fuelRows.truckId, n: sql<number>`count(*)::int` })
    .from(fuelRows)
    .where(
      and(
        eq(fuelRows.companyId, companyId),
        isNotNull(fuelRows.truckId),
        sql`${fuelRows.fuelDate} between ${quarter.from} and ${quarter.to}`,
      ),
    )
    .groupBy(fuelRows.truckId)
    .orderBy(desc(sql`count(*)`), fuelRows.truckId)
    .limit(ELD_TRUCKS);
  const delivered = (
    await truckDeliveredLoads(ctx.db, {
      companyId,
      since: busiest.map((b) => ({ truckId: b.truckId as number, after: start })),
      now: new Date(end.getTime() - 1),
    })
  ).filter((l) => l.stops.length > 0);
  // Each load's legs: from the previous delivery to its first stop (empty), then stop to stop.
  const legsOf = delivered.map((l) => {
    const points = [l.previous, ...l.stops].map(placeOf);
    return points
      .slice(1)
      .map((to, i) => ({ from: points[i], to }))
      .filter((leg): leg is { from: { lat: number; lon: number }; to: { lat: number; lon: number } } =>
        Boolean(leg.from && leg.to),
      );
  });
  const routed = await routeLegs(legsOf.flat(), { db: ctx.db });
  const perDay = new Map<string, number>();
  let at = 0;
  delivered.forEach((l, i) => {
    const states: Record<string, number> = {};
    for (const _ of legsOf[i] ?? [])
      for (const [state, miles] of Object.entries(routed[at++]?.states ?? {}))
        states[state] = (states[state] ?? 0) + miles;
    // Spread over the load's days, pickup to delivery (company time).
    const first = formatDate(l.pickup_at ?? l.delivery_at, COMPANY_TIME_ZONE_DEFAULT);
    const lastDay = formatDate(l.delivery_at, COMPANY_TIME_ZONE_DEFAULT);
    const days: string[] = [];
    for (let d = first; d <= lastDay; d = addDays(d, 1)) days.push(d);
    for (const day of days.filter((d) => d >= quarter.from && d <= quarter.to))
      for (const [state, miles] of Object.entries(states)) {
        const key = `${l.truck_id}|${day}|${state}`;
        perDay.set(key, (perDay.get(key) ?? 0) + miles / days.length);
      }
  });
  const values = [...perDay]
    .filter(([, miles]) => miles >= 0.05)
    .map(([key, miles]) => {
      const [truckId, day, jurisdiction] = key.split('|') as [string, string, string];
      return {
        companyId,
        truckId: Number(truckId),
        day,
        jurisdiction,
        milesTenths: Math.round(miles * (1 + wobble(key)) * 10),
      };
    });
  for (let i = 0; i < values.length; i += 500)
    await ctx.db.insert(eldJurisdictionMiles).values(values.slice(i, i + 500));
  ctx.log(`  ELD miles ${quarter.from}…${quarter.to}: ${busiest.length} trucks, ${values.length} truck-days by state`);
}
