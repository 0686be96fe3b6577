import { toDollars } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { FUEL_PRODUCTS, type FuelProduct } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import {
  IFTA_MSG,
  type IftaReport,
  type IftaReportBody,
  type IftaRow,
  inProgressNotice,
  isIftaJurisdiction,
  quarterRange,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { fuelRows } from '../driver-pay';
import { eldJurisdictionMiles } from '../eld';
import type { RoutingProvider } from '../mileage';
import { trucks } from '../trucks';
import { type MilesPeriod, quarterMiles, wholeMiles } from './ifta.miles';
import { iftaRates } from './ifta.table';

/** Half away from zero, so a credit rounds like the tax it mirrors. */
const roundHalfAway = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/** The fuel the return counts: taxable motor fuel. Reefer fuel is reported apart; DEF and other never. */
export const MOTOR_FUEL: ReadonlySet<FuelProduct> = new Set<FuelProduct>(['diesel', 'gasoline']);

/** What the report and the audit file share: the quarter, the company's time zone and today there. */
export type IftaPeriod = MilesPeriod & { quarter: string; today: string; inProgress: boolean; deliveredBy: string };

/**
 * The quarter in the company's time zone. One that starts after today is a 422 on `quarter`; one
 * still under way counts what is delivered by now (the clock's).
 */
export async function iftaPeriod(db: DbOrTx, user: AuthUser, body: IftaReportBody): Promise<IftaPeriod> {
  const [company] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  const timeZone = company?.timeZone ?? 'America/Chicago';
  const now = clock.now();
  const today = nowInCompanyTimeZone(now, timeZone).date;
  const range = quarterRange(body.quarter);
  if (range.from > today) throw AppError.invalidField('quarter', IFTA_MSG.future);
  const inProgress = today < range.to;
  return {
    quarter: body.quarter,
    companyId: user.companyId,
    ...range,
    timeZone,
    now,
    today,
    inProgress,
    deliveredBy: inProgress ? today : range.to,
    truckId: body.truck_id ?? null,
  };
}

type FuelTotals = {
  /** Taxable motor fuel (thousandths of a gallon) per jurisdiction; '' for rows without a state. */
  motor: Map<string, number>;
  reefer: Map<string, number>;
  defMilli: number;
  otherMilli: number;
};

/** The quarter's fuel by product and jurisdiction (Canceled rows aside), by fuel date. */
async function quarterFuel(db: DbOrTx, p: IftaPeriod): Promise<FuelTotals> {
  const rows = await rowsOf<{ state: string; product: FuelProduct; gallons: string | number }>(
    db,
    sql`select coalesce(upper(trim(${fuelRows.state})), '') as state, ${fuelRows.product} as product,
        sum(${fuelRows.gallonsMilli}) as gallons
      from ${fuelRows}
      where ${fuelRows.companyId} = ${p.companyId} and ${fuelRows.status} <> 'Canceled'
        and ${fuelRows.fuelDate} between ${p.from} and ${p.deliveredBy}
        ${p.truckId ? sql`and ${fuelRows.truckId} = ${p.truckId}` : sql``}
      group by 1, 2`,
  );
  const totals: FuelTotals = { motor: new Map(), reefer: new Map(), defMilli: 0, otherMilli: 0 };
  for (const r of rows) {
    const milli = Number(r.gallons);
    const product = (FUEL_PRODUCTS as readonly string[]).includes(r.product) ? r.product : 'other';
    if (MOTOR_FUEL.has(product)) totals.motor.set(r.state, (totals.motor.get(r.state) ?? 0) + milli);
    else if (product === 'reefer') totals.reefer.set(r.state, (totals.reefer.get(r.state) ?? 0) + milli);
    else if (product === 'DEF') totals.defMilli += milli;
    else totals.otherMilli += milli;
  }
  return totals;
}

type QuarterRates = { rates: Map<string, number>; surcharges: Map<string, number> };

async function quarterRates(db: DbOrTx, companyId: number, quarter: string): Promise<QuarterRates> {
  const rows = await db
    .select({ state: iftaRates.state, rate: iftaRates.rateE4, surcharge: iftaRates.surchargeE4 })
    .from(iftaRates)
    .where(and(eq(iftaRates.companyId, companyId), eq(iftaRates.quarter, quarter)));
  return {
    rates: new Map(rows.map((r) => [r.state, r.rate])),
    surcharges: new Map(rows.filter((r) => r.surcharge > 0).map((r) => [r.state, r.surcharge])),
  };
}

/** Inputs of the IFTA maths, in whole miles, thousandths of a gallon and rate × 10,000. */
export type IftaInputs = {
  /** Every jurisdiction's miles, members or not (all count in the fleet MPG). */
  miles: Record<string, number>;
  /** Taxable motor fuel per jurisdiction ('' for rows without one: in MPG, credited nowhere). */
  gallonsMilli: Map<string, number>;
  ratesE4: Map<string, number>;
  surchargesE4?: Map<string, number>;
};

export type IftaLine = {
  state: string;
  line: 'tax' | 'surcharge';
  ifta: boolean;
  miles: number;
  taxableMiles: number;
  taxable: number;
  paid: number;
  net: number;
  rateE4: number;
  taxCents: number;
};

/**
 * The IFTA return's maths: fleet MPG = total miles ÷ total gallons, rounded to 2 decimals as the
 * return does; taxable gallons = a member jurisdiction's miles ÷ MPG; net = taxable − tax-paid;
 * tax = net × rate (a credit when negative), and a surcharge line (Indiana, Kentucky) = taxable
 * gallons × the surcharge rate with no tax-paid credit. A non-member (DC, Alaska, Hawaii) keeps its
 * miles in the MPG and is never taxed or credited. Gallons in thousandths and money in cents until
 * the answer.
 */
export function computeIfta(input: IftaInputs) {
  const totalMiles = Object.values(input.miles).reduce((s, m) => s + m, 0);
  const totalGallonsMilli = [...input.gallonsMilli.values()].reduce((s, g) => s + g, 0);
  const mpgE2 = totalGallonsMilli > 0 ? Math.round((totalMiles * 100_000) / totalGallonsMilli) : 0;
  const states = [...new Set([...Object.keys(input.miles), ...input.gallonsMilli.keys()])]
    .filter((s) => s !== '')
    .sort();
  const rows = states.flatMap((state): IftaLine[] => {
    const miles = input.miles[state] ?? 0;
    if (!isIftaJurisdiction(state))
      return [
        {
          state,
          line: 'tax',
          ifta: false,
          miles,
          taxableMiles: 0,
          taxable: 0,
          paid: 0,
          net: 0,
          rateE4: 0,
          taxCents: 0,
        },
      ];
    const taxable = mpgE2 > 0 ? Math.round((miles * 100_000) / mpgE2) : 0;
    const paid = input.gallonsMilli.get(state) ?? 0;
    const net = taxable - paid;
    const rateE4 = input.ratesE4.get(state) ?? 0;
    const taxCents = roundHalfAway((net * rateE4) / 100_000);
    const tax: IftaLine = {
      state,
      line: 'tax',
      ifta: true,
      miles,
      taxableMiles: miles,
      taxable,
      paid,
      net,
      rateE4,
      taxCents,
    };
    const surchargeE4 = input.surchargesE4?.get(state) ?? 0;
    if (!surchargeE4 || !taxable) return [tax];
    const surcharge: IftaLine = {
      state,
      line: 'surcharge',
      ifta: true,
      miles: 0,
      taxableMiles: 0,
      taxable,
      paid: 0,
      net: taxable,
      rateE4: surchargeE4,
      taxCents: roundHalfAway((taxable * surchargeE4) / 100_000),
    };
    return [tax, surcharge];
  });
  return { totalMiles, totalGallonsMilli, mpgE2, rows };
}

const gallons = (milli: number) => milli / 1000;
const sumOf = (m: Record<string, number>) => Object.values(m).reduce((s, v) => s + v, 0);

/** Adds whole miles per jurisdiction into a total. */
function addMiles(into: Record<string, number>, miles: Record<string, number>) {
  for (const [s, m] of Object.entries(miles)) into[s] = (into[s] ?? 0) + m;
}

/**
 * The quarter's miles per jurisdiction as the return counts them: each truck's routed miles, or its
 * ELD's where it has ELD miles for the quarter (whole miles per jurisdiction, by largest remainder
 * on the truck's total); with the per-truck reconciliation.
 */
export async function returnMiles(db: DbOrTx, routing: RoutingProvider, p: IftaPeriod) {
  const [measured, eld, numbers] = await Promise.all([
    quarterMiles(db, routing, p),
    eldJurisdictionMiles(db, { companyId: p.companyId, from: p.from, to: p.deliveredBy }),
    rowsOf<{ id: number; number: string }>(
      db,
      sql`select ${trucks.id} as id, ${trucks.truckNumber} as number from ${trucks}
        where ${trucks.companyId} = ${p.companyId}`,
    ),
  ]);
  const eldByTruck = new Map<number, Record<string, number>>();
  for (const r of eld) {
    if (p.truckId && r.truck_id !== p.truckId) continue;
    const t = eldByTruck.get(r.truck_id) ?? {};
    t[r.jurisdiction] = (t[r.jurisdiction] ?? 0) + r.miles;
    eldByTruck.set(r.truck_id, t);
  }
  const numberOf = new Map(numbers.map((t) => [Number(t.id), t.number]));
  const miles: Record<string, number> = {};
  let loadedMiles = 0;
  let emptyMiles = 0;
  const truckRows: IftaReport['trucks'] = [];
  const ids = new Set<number | null>([...measured.trucks.keys(), ...eldByTruck.keys()]);
  for (const id of ids) {
    const routed = measured.trucks.get(id) ?? { loaded: {}, empty: {} };
    const loaded = sumOf(routed.loaded);
    const empty = sumOf(routed.empty);
    loadedMiles += loaded;
    emptyMiles += empty;
    const eldStates = id === null ? undefined : eldByTruck.get(id);
    const eldWhole = eldStates ? wholeMiles(eldStates) : undefined;
    if (eldWhole) addMiles(miles, eldWhole);
    else {
      addMiles(miles, routed.loaded);
      addMiles(miles, routed.empty);
    }
    if (id === null) continue;
    const eldTotal = eldWhole ? sumOf(eldWhole) : null;
    truckRows.push({
      truck_id: id,
      truck_number: numberOf.get(id) ?? String(id),
      loaded_miles: loaded,
      empty_miles: empty,
      routed_miles: loaded + empty,
      eld_miles: eldTotal,
      source: eldWhole ? 'eld' : 'routed',
      difference: eldTotal === null ? null : eldTotal - (loaded + empty),
    });
  }
  truckRows.sort((a, b) => a.truck_number.localeCompare(b.truck_number, 'en', { numeric: true }));
  return { miles, loadedMiles, emptyMiles, trucks: truckRows, measured };
}

/** POST /ifta/report: the quarter's return per jurisdiction (one truck with `truck_id`). */
export async function iftaReport(
  db: DbOrTx,
  user: AuthUser,
  body: IftaReportBody,
  routing: RoutingProvider,
): Promise<IftaReport> {
  const p = await iftaPeriod(db, user, body);
  const [m, fuel, rates] = await Promise.all([
    returnMiles(db, routing, p),
    quarterFuel(db, p),
    quarterRates(db, user.companyId, body.quarter),
  ]);
  const ifta = computeIfta({
    miles: m.miles,
    gallonsMilli: fuel.motor,
    ratesE4: rates.rates,
    surchargesE4: rates.surcharges,
  });
  const rows: IftaRow[] = ifta.rows.map((r) => ({
    state: r.state,
    line: r.line,
    ifta: r.ifta,
    total_miles: r.miles,
    taxable_miles: r.taxableMiles,
    taxable_gallons: gallons(r.taxable),
    tax_paid_gallons: gallons(r.paid),
    net_taxable_gallons: gallons(r.net),
    tax_rate: r.rateE4 / 10_000,
    tax_due: toDollars(r.taxCents),
  }));
  const lines = ifta.rows.filter((r) => r.line === 'tax');
  const sum = (list: IftaLine[], pick: (r: IftaLine) => number) => list.reduce((s, r) => s + pick(r), 0);
  const reefer = [...fuel.reefer].filter(([s]) => s !== '').sort(([a], [b]) => a.localeCompare(b));
  return {
    quarter: body.quarter,
    from: p.from,
    to: p.to,
    truck_id: p.truckId,
    rows,
    totals: {
      total_miles: ifta.totalMiles,
      taxable_miles: sum(lines, (r) => r.taxableMiles),
      taxable_gallons: gallons(sum(lines, (r) => r.taxable)),
      tax_paid_gallons: gallons(sum(lines, (r) => r.paid)),
      net_taxable_gallons: gallons(sum(lines, (r) => r.net)),
      tax_due: toDollars(sum(ifta.rows, (r) => r.taxCents)),
    },
    total_gallons: gallons(ifta.totalGallonsMilli),
    fleet_mpg: ifta.mpgE2 / 100,
    skipped_legs: m.measured.skippedLegs,
    missing_rates: lines.filter((r) => r.ifta && !rates.rates.has(r.state)).map((r) => r.state),
    in_progress: p.inProgress,
    delivered_by: p.deliveredBy,
    notice: p.inProgress ? inProgressNotice(p.today) : null,
    loaded_miles: m.loadedMiles,
    empty_miles: m.emptyMiles,
    empty_legs_without_start: m.measured.emptyWithoutStart,
    reefer: {
      gallons: gallons([...fuel.reefer.values()].reduce((s, g) => s + g, 0)),
      rows: reefer.map(([state, g]) => ({ state, gallons: gallons(g) })),
    },
    excluded_gallons: { def: gallons(fuel.defMilli), other: gallons(fuel.otherMilli) },
    trucks: m.trucks,
    provider: m.measured.provider,
  };
}

/** The company's trucks, by number: the report's truck filter. */
export const truckOptions = (db: DbOrTx, user: AuthUser) =>
  rowsOf<{ value: number; label: string }>(
    db,
    sql`select ${trucks.id} as value, ${trucks.truckNumber} as label from ${trucks}
      where ${trucks.companyId} = ${user.companyId} order by ${trucks.truckNumber}, ${trucks.id}`,
  );

/** GET /ifta/rates: the quarter's rates and surcharges, dollars per gallon. */
export async function listRates(db: DbOrTx, user: AuthUser, quarter: string) {
  const { rates, surcharges } = await quarterRates(db, user.companyId, quarter);
  return {
    quarter,
    rates: [...rates]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, rate]) => ({
        state,
        dollars_per_gallon: rate / 10_000,
        surcharge_per_gallon: (surcharges.get(state) ?? 0) / 10_000,
      })),
  };
}

type RatesBody = {
  quarter: string;
  rates: Array<{ state: string; dollars_per_gallon: number; surcharge_per_gallon?: number | undefined }>;
};

/** The quarter's rates of the given states (others stay); the changed ones audited before and after. */
const setRates = defineCommand<RatesBody, void>({
  action: 'update',
  run: async ({ tx, user, input: body, audit }) => {
    const before = await quarterRates(tx, user.companyId, body.quarter);
    const surchargeOf = (r: RatesBody['rates'][number]) =>
      r.surcharge_per_gallon ?? before.surcharges.get(r.state) ?? 0;
    for (const r of body.rates) {
      const values = { rateE4: r.dollars_per_gallon, surchargeE4: surchargeOf(r), updatedBy: user.id };
      await tx
        .insert(iftaRates)
        .values({ companyId: user.companyId, quarter: body.quarter, state: r.state, ...values })
        .onConflictDoUpdate({
          target: [iftaRates.companyId, iftaRates.quarter, iftaRates.state],
          set: { ...values, updatedAt: clock.now() },
        });
    }
    // The audit keeps rate × 10,000 per state, and `<state> surcharge` where the surcharge changed.
    const surchargeBefore = (state: string) => before.surcharges.get(state) ?? 0;
    const changed = body.rates.filter(
      (r) => before.rates.get(r.state) !== r.dollars_per_gallon || surchargeOf(r) !== surchargeBefore(r.state),
    );
    const image = (pick: (r: RatesBody['rates'][number]) => [number | null, number]) =>
      Object.fromEntries(
        changed.flatMap((r) => {
          const [rate, surcharge] = pick(r);
          const moved = surchargeOf(r) !== surchargeBefore(r.state);
          return [[r.state, rate], ...(moved ? [[`${r.state} surcharge`, surcharge]] : [])];
        }),
      );
    if (changed.length)
      await audit({
        entity: iftaRates,
        entityId: body.quarter,
        action: 'update',
        before: image((r) => [before.rates.get(r.state) ?? null, surchargeBefore(r.state)]),
        after: image((r) => [r.dollars_per_gallon, surchargeOf(r)]),
      });
  },
});

/** POST /ifta/rates: sets the given states' rates for the quarter (others stay), audited; the contract hands rate × 10,000. */
export async function saveRates(db: DbOrTx, user: AuthUser, body: RatesBody) {
  await runCommand(db, setRates, user, body);
  return { message: IFTA_MSG.ratesSaved, ...(await listRates(db, user, body.quarter)) };
}
