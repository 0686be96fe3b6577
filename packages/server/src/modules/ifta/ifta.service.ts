import { toDollars } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  IFTA_MSG,
  type IftaReport,
  type IftaReportBody,
  type IftaRow,
  quarterRange,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { iftaRates } from './ifta.table';
import { type Leg, stateMiles } from './state-miles';

const TZ = COMPANY_TIME_ZONE_DEFAULT;

/** Half away from zero, so a credit rounds like the tax it mirrors. */
const roundHalfAway = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/** A quarter that starts after today (company time) has nothing to report: a 422 on `quarter`. */
function checkQuarter(quarter: string): { from: string; to: string } {
  const range = quarterRange(quarter);
  if (range.from > nowInCompanyTimeZone().date) throw AppError.invalidField('quarter', IFTA_MSG.future);
  return range;
}

type StopRow = { load_id: number; lat: number | null; lon: number | null };

/**
 * The quarter's legs: each load delivered in the quarter (company time), stop to stop in the
 * stops' order (pickups, then deliveries, by position). A stop's coordinates come from its city,
 * or from the city and state names when the stop has no city id.
 */
async function quarterLegs(
  db: DbOrTx,
  user: AuthUser,
  range: { from: string; to: string },
  truckId: number | null,
): Promise<Leg[]> {
  const stops = await rowsOf<StopRow>(
    db,
    sql`select s.load_id, coalesce(c.latitude, n.latitude) as lat, coalesce(c.longitude, n.longitude) as lon
      from loads l
      join load_stops s on s.load_id = l.id
      left join cities c on c.id = s.city_id
      left join lateral (
        select latitude, longitude from cities n
        where c.latitude is null and n.state = upper(trim(s.state)) and lower(n.city) = lower(trim(s.city))
          and n.latitude is not null
        order by n.id limit 1
      ) n on true
      where l.company_id = ${user.companyId}
        and (l.delivery_at at time zone ${TZ})::date between ${range.from} and ${range.to}
        ${truckId ? sql`and l.truck_id = ${truckId}` : sql``}
      order by l.id, s.type, s.position, s.id`,
  );
  const legs: Leg[] = [];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1];
    const b = stops[i];
    if (!a || !b || a.load_id !== b.load_id) continue;
    const point = (s: StopRow) =>
      s.lat === null || s.lon === null ? null : { lat: Number(s.lat), lon: Number(s.lon) };
    legs.push({ from: point(a), to: point(b) });
  }
  return legs;
}

/** Gallons (thousandths) bought per state in the quarter; a row without a state counts under ''. */
async function quarterFuel(
  db: DbOrTx,
  user: AuthUser,
  range: { from: string; to: string },
  truckId: number | null,
): Promise<Map<string, number>> {
  const rows = await rowsOf<{ state: string; gallons: string | number }>(
    db,
    sql`select coalesce(upper(trim(state)), '') as state, sum(gallons_milli) as gallons
      from fuel_rows
      where company_id = ${user.companyId} and status <> 'Canceled'
        and fuel_date between ${range.from} and ${range.to}
        ${truckId ? sql`and truck_id = ${truckId}` : sql``}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.state, Number(r.gallons)]));
}

async function quarterRates(db: DbOrTx, companyId: number, quarter: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ state: iftaRates.state, rate: iftaRates.rateE4 })
    .from(iftaRates)
    .where(and(eq(iftaRates.companyId, companyId), eq(iftaRates.quarter, quarter)));
  return new Map(rows.map((r) => [r.state, r.rate]));
}

/** Inputs of the IFTA maths, in whole miles, thousandths of a gallon and rate × 10,000. */
export type IftaInputs = {
  miles: Record<string, number>;
  gallonsMilli: Map<string, number>;
  ratesE4: Map<string, number>;
};

/**
 * The IFTA return's maths: fleet MPG = total miles ÷ total gallons, rounded to 2 decimals as the
 * return does; taxable gallons = state miles ÷ MPG; net = taxable − tax-paid; tax = net × rate
 * (a credit when negative). Gallons in thousandths and money in cents until the answer.
 */
export function computeIfta(input: IftaInputs) {
  const totalMiles = Object.values(input.miles).reduce((s, m) => s + m, 0);
  const totalGallonsMilli = [...input.gallonsMilli.values()].reduce((s, g) => s + g, 0);
  const mpgE2 = totalGallonsMilli > 0 ? Math.round((totalMiles * 100_000) / totalGallonsMilli) : 0;
  const states = [...new Set([...Object.keys(input.miles), ...input.gallonsMilli.keys()])]
    .filter((s) => s !== '')
    .sort();
  const rows = states.map((state) => {
    const miles = input.miles[state] ?? 0;
    const taxable = mpgE2 > 0 ? Math.round((miles * 100_000) / mpgE2) : 0;
    const paid = input.gallonsMilli.get(state) ?? 0;
    const net = taxable - paid;
    const rateE4 = input.ratesE4.get(state) ?? 0;
    const taxCents = roundHalfAway((net * rateE4) / 100_000);
    return { state, miles, taxable, paid, net, rateE4, taxCents };
  });
  return { totalMiles, totalGallonsMilli, mpgE2, rows };
}

const gallons = (milli: number) => milli / 1000;

/** POST /ifta/report: the quarter's table per state (one truck with `truck_id`). */
export async function iftaReport(db: DbOrTx, user: AuthUser, body: IftaReportBody): Promise<IftaReport> {
  const range = checkQuarter(body.quarter);
  const truckId = body.truck_id ?? null;
  const [legs, gallonsMilli, ratesE4] = await Promise.all([
    quarterLegs(db, user, range, truckId),
    quarterFuel(db, user, range, truckId),
    quarterRates(db, user.companyId, body.quarter),
  ]);
  const measured = stateMiles(legs);
  const miles = Object.fromEntries(Object.entries(measured.miles).map(([s, m]) => [s, Math.round(m)]));
  const ifta = computeIfta({ miles, gallonsMilli, ratesE4 });
  const rows: IftaRow[] = ifta.rows.map((r) => ({
    state: r.state,
    total_miles: r.miles,
    taxable_miles: r.miles,
    taxable_gallons: gallons(r.taxable),
    tax_paid_gallons: gallons(r.paid),
    net_taxable_gallons: gallons(r.net),
    tax_rate: r.rateE4 / 10_000,
    tax_due: toDollars(r.taxCents),
  }));
  const sum = (pick: (r: (typeof ifta.rows)[number]) => number) => ifta.rows.reduce((s, r) => s + pick(r), 0);
  return {
    quarter: body.quarter,
    ...range,
    truck_id: truckId,
    rows,
    totals: {
      total_miles: ifta.totalMiles,
      taxable_miles: ifta.totalMiles,
      taxable_gallons: gallons(sum((r) => r.taxable)),
      tax_paid_gallons: gallons(sum((r) => r.paid)),
      net_taxable_gallons: gallons(sum((r) => r.net)),
      tax_due: toDollars(sum((r) => r.taxCents)),
    },
    total_gallons: gallons(ifta.totalGallonsMilli),
    fleet_mpg: ifta.mpgE2 / 100,
    skipped_legs: measured.skipped,
    missing_rates: ifta.rows.filter((r) => !ratesE4.has(r.state)).map((r) => r.state),
  };
}

/** The company's trucks, by number: the report's truck filter. */
export const truckOptions = (db: DbOrTx, user: AuthUser) =>
  rowsOf<{ value: number; label: string }>(
    db,
    sql`select id as value, truck_number as label from trucks where company_id = ${user.companyId}
      order by truck_number, id`,
  );

/** GET /ifta/rates: the quarter's rates, dollars per gallon. */
export async function listRates(db: DbOrTx, user: AuthUser, quarter: string) {
  const rates = await quarterRates(db, user.companyId, quarter);
  return {
    quarter,
    rates: [...rates]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, rate]) => ({ state, dollars_per_gallon: rate / 10_000 })),
  };
}

type RatesBody = { quarter: string; rates: Array<{ state: string; dollars_per_gallon: number }> };

/** The quarter's rates of the given states (others stay); the changed ones audited before and after. */
const setRates = defineCommand<RatesBody, void>({
  action: 'update',
  run: async ({ tx, user, input: body, audit }) => {
    const before = await quarterRates(tx, user.companyId, body.quarter);
    for (const r of body.rates) {
      await tx
        .insert(iftaRates)
        .values({
          companyId: user.companyId,
          quarter: body.quarter,
          state: r.state,
          rateE4: r.dollars_per_gallon,
          updatedBy: user.id,
        })
        .onConflictDoUpdate({
          target: [iftaRates.companyId, iftaRates.quarter, iftaRates.state],
          set: { rateE4: r.dollars_per_gallon, updatedBy: user.id, updatedAt: sql`now()` },
        });
    }
    const changed = body.rates.filter((r) => before.get(r.state) !== r.dollars_per_gallon);
    if (changed.length)
      await audit({
        entity: 'ifta_rates',
        entityId: body.quarter,
        action: 'update',
        before: Object.fromEntries(changed.map((r) => [r.state, before.get(r.state) ?? null])),
        after: Object.fromEntries(changed.map((r) => [r.state, r.dollars_per_gallon])),
      });
  },
});

/** POST /ifta/rates: sets the given states' rates for the quarter (others stay), audited; the contract hands rate × 10,000. */
export async function saveRates(db: DbOrTx, user: AuthUser, body: RatesBody) {
  await runCommand(db, setRates, user, body);
  return { message: IFTA_MSG.ratesSaved, ...(await listRates(db, user, body.quarter)) };
}
