// Driver statements: what a load pays under the driver's contract, and who bears fuel (README.md).
import { formatMiles, formatMilliDollars, formatMilliPercent, formatMoney } from '@backhaul/shared/formats/formats';
import { STATEMENT_CONTRACT_TYPES } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { divRound } from '@backhaul/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { driverContracts, drivers } from '../drivers';

export type ContractType = keyof typeof STATEMENT_CONTRACT_TYPES;

/**
 * The contract a statement pays by, kept on the statement as its terms: the type and the rate in
 * thousandths ($0.575/mi → 575, 88 % → 88,000), who bears fuel, when a load is paid, and whether a
 * percentage leaves the fuel surcharge out of the line haul.
 */
export type PayContract = {
  type: ContractType;
  rateMilli: number;
  bearsFuel: boolean;
  payBasis: 'delivery' | 'ppw';
  fscPassThrough: boolean;
  driverType: string;
};

export const isContractType = (t: string): t is ContractType => t in STATEMENT_CONTRACT_TYPES;

/**
 * Owner-operators and lease drivers bear their fuel by default (it is their truck's cost); a
 * company driver never does, whatever a contract says (the carrier runs the truck: 29 CFR 531.35
 * forbids charging an employee's tools of the trade below the minimum wage).
 */
export const bearsFuel = (driverType: string, fuelPaidBy: string | null) =>
  driverType !== 'company' && (fuelPaidBy ?? 'driver') === 'driver';

export type LoadForPay = {
  grossCents: number;
  lumperCents: number;
  fuelSurchargeCents: number;
  loaded: number;
  empty: number;
  /** The driver's share in basis points (a team splits the load; 10,000 alone). */
  shareBp: number;
};

/** The line haul a percentage is paid on: the gross less the lumper, and less the fuel surcharge where the contract passes it through. */
export const lineHaulCents = (c: PayContract, l: LoadForPay) =>
  l.grossCents - l.lumperCents - (c.fscPassThrough ? l.fuelSurchargeCents : 0);

/**
 * A load's pay in cents, computed once from integers and rounded half away from zero: per mile on
 * loaded + empty miles, a percentage of the line haul, or a flat amount per load; a team driver
 * gets the share the trip gives. Hourly drivers are paid by their hours, not per load.
 */
export function loadPay(c: PayContract, l: LoadForPay): { cents: number; countAction: string } {
  const share = l.shareBp === 10_000 ? '' : ` × ${formatMilliPercent(l.shareBp * 10)} team share`;
  switch (c.type) {
    case 'per_mile': {
      const miles = l.loaded + l.empty;
      return {
        cents: divRound(miles * c.rateMilli * l.shareBp, 10 * 10_000),
        countAction: `${formatMiles(miles)} × ${formatMilliDollars(c.rateMilli)}${share}`,
      };
    }
    case 'percent': {
      const base = lineHaulCents(c, l);
      const left = [l.lumperCents ? 'lumper' : '', c.fscPassThrough && l.fuelSurchargeCents ? 'fuel surcharge' : '']
        .filter(Boolean)
        .join(' and ');
      return {
        cents: divRound(base * c.rateMilli * l.shareBp, 100_000 * 10_000),
        countAction: `${formatMilliPercent(c.rateMilli)} of ${formatMoney(base / 100)} line haul${
          left ? ` (less ${left})` : ''
        }${share}`,
      };
    }
    case 'flat':
      return {
        cents: divRound(c.rateMilli * l.shareBp, 10 * 10_000),
        countAction: `1 load × ${formatMilliDollars(c.rateMilli)}${share}`,
      };
    default:
      return { cents: 0, countAction: 'Hourly: paid by hours worked' };
  }
}

/** Pay for minutes worked at an hourly rate (thousandths of a dollar per hour). */
export const hoursPay = (rateMilli: number, minutes: number) => divRound(minutes * rateMilli, 60 * 10);

export const rateLabel = (c: Pick<PayContract, 'type' | 'rateMilli'>) =>
  c.type === 'percent'
    ? `${formatMilliPercent(c.rateMilli)} of line haul`
    : c.type === 'per_mile'
      ? `${formatMilliDollars(c.rateMilli)} per mile`
      : c.type === 'flat'
        ? `${formatMilliDollars(c.rateMilli)} per load`
        : `${formatMilliDollars(c.rateMilli)} per hour`;

/** The driver's contract on `asOf` (the newest that started by then and has not ended), else the driver's own rate. */
export async function payContract(db: DbOrTx, driverId: number, asOf: string): Promise<PayContract> {
  const [d] = await db
    .select({ type: drivers.paymentType, rateMilli: drivers.rateMilli, driverType: drivers.driverType })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  const driverType = d?.driverType ?? 'company';
  const [c] = await db
    .select({
      type: driverContracts.contractType,
      rateMilli: driverContracts.rateMilli,
      fuelPaidBy: driverContracts.fuelPaidBy,
      payBasis: driverContracts.payBasis,
      fscPassThrough: driverContracts.fscPassThrough,
    })
    .from(driverContracts)
    .where(
      and(
        eq(driverContracts.driverId, driverId),
        sql`${driverContracts.startsOn} <= ${asOf}`,
        sql`(${driverContracts.endsOn} is null or ${driverContracts.endsOn} >= ${asOf})`,
      ),
    )
    .orderBy(sql`${driverContracts.startsOn} desc, ${driverContracts.id} desc`)
    .limit(1);
  if (c && isContractType(c.type))
    return {
      type: c.type,
      rateMilli: c.rateMilli,
      bearsFuel: bearsFuel(driverType, c.fuelPaidBy),
      payBasis: c.payBasis === 'ppw' ? 'ppw' : 'delivery',
      fscPassThrough: c.fscPassThrough,
      driverType,
    };
  return {
    type: d && isContractType(d.type) ? d.type : 'per_mile',
    rateMilli: d?.rateMilli ?? 0,
    bearsFuel: bearsFuel(driverType, null),
    payBasis: 'delivery',
    fscPassThrough: false,
    driverType,
  };
}
