// Driver statements: what a trip pays under the driver's contract (per mile, percent of gross, flat per load).
import { formatMoney, formatNumber } from '@backhaul/shared/formats/formats';
import { STATEMENT_CONTRACT_TYPES } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { driverContracts, drivers } from '../drivers';

/** The pay contract a statement pays trips by: cents per mile or per load, or basis points of gross. */
export type PayContract = { type: keyof typeof STATEMENT_CONTRACT_TYPES; rate: number };

/** A load's pay and how it was counted, in cents (percent rounds half up to the cent). */
export function tripPay(contract: PayContract, load: { grossCents: number; loaded: number; empty: number }) {
  switch (contract.type) {
    case 'per_mile': {
      const miles = load.loaded + load.empty;
      return {
        cents: miles * contract.rate,
        countAction: `${formatNumber(miles)} mi × ${formatMoney(contract.rate / 100)}`,
      };
    }
    case 'percent':
      return {
        cents: Math.round((load.grossCents * contract.rate) / 10_000),
        countAction: `${contract.rate / 100}% of ${formatMoney(load.grossCents / 100)}`,
      };
    case 'flat':
      return { cents: contract.rate, countAction: `1 load × ${formatMoney(contract.rate / 100)}` };
    default:
      return { cents: 0, countAction: 'Hourly: not paid per load' };
  }
}

export const rateLabel = (c: PayContract) =>
  c.type === 'percent'
    ? `${c.rate / 100}% of gross`
    : c.type === 'per_mile'
      ? `${formatMoney(c.rate / 100)} per mile`
      : c.type === 'flat'
        ? `${formatMoney(c.rate / 100)} per load`
        : 'Hourly';

export const isContractType = (t: string): t is PayContract['type'] => t in STATEMENT_CONTRACT_TYPES;

/** The driver's contract on `asOf` (the newest that started by then and has not ended), else the driver's own rate. */
export async function payContract(db: DbOrTx, driverId: number, asOf: string): Promise<PayContract> {
  const [c] = await db
    .select({ type: driverContracts.contractType, rate: driverContracts.rate })
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
  if (c && isContractType(c.type)) return { type: c.type, rate: c.rate };
  const [d] = await db
    .select({ type: drivers.paymentType, rate: drivers.amountCents })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return { type: d && isContractType(d.type) ? d.type : 'per_mile', rate: d?.rate ?? 0 };
}
