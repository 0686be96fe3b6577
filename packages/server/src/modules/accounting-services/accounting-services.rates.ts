import { type CustomerServiceRate, SERVICE_RATE_UNITS } from '@backhaul/shared/modules/customers/customers.contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { accountingServices, customerServiceRates } from './accounting-services.table';

type Method = keyof typeof SERVICE_RATE_UNITS;
const unitOf = (method: string) => SERVICE_RATE_UNITS[method as Method] ?? 'dollars';
/** Thousandths of a percent (percent) or cents (dollars) → what the user reads. */
const shown = (method: string, stored: number) => (unitOf(method) === 'percent' ? stored / 1000 : stored / 100);

/** The company's services with the customer's own rate where it has one (null: the default applies). */
export async function readCustomerServiceRates(
  db: DbOrTx,
  companyId: number,
  customerId: number,
): Promise<CustomerServiceRate[]> {
  const rows = await rowsOf<{ id: number; name: string; method: string; default_rate: number; rate: number | null }>(
    db,
    sql`select s.id, s.name, s.billing_method as method, s.default_rate, r.rate
      from accounting_services s
      left join customer_service_rates r on r.service_id = s.id and r.customer_id = ${customerId}
      where s.company_id = ${companyId} order by s.id`,
  );
  return rows.map((r) => ({
    service_id: Number(r.id),
    service: r.name,
    billing_method: r.method,
    unit: unitOf(r.method),
    default_rate: shown(r.method, Number(r.default_rate)),
    rate: r.rate === null ? null : shown(r.method, Number(r.rate)),
  }));
}

/**
 * The rate as stored, from the contract's thousandths: a percent as thousandths of a percent, to 3
 * decimals (4.555 % → 4,555; at most 100 %), dollars as cents (at most 2 decimals, $100,000.00); null
 * is none. A bad one is a 422 on `field`.
 */
function storedRate(method: string, milli: number | null | undefined, field: string): number | null {
  if (milli === null || milli === undefined) return null;
  if (unitOf(method) === 'percent') {
    if (milli > 100_000) throw AppError.invalidField(field, 'The rate is at most 100 %.');
    return milli;
  }
  if (milli % 10 !== 0) throw AppError.invalidField(field, 'An amount in dollars has at most 2 decimals.');
  return milli / 10;
}

/**
 * Sets the customer's own rates of the services sent (null: back to the default) in the caller's transaction (the customers module's command
 * holds the customer's lock and audits): a service of another company is a 422 on rates.N.service_id.
 */
export async function replaceCustomerServiceRates(
  tx: DbOrTx,
  o: {
    companyId: number;
    customerId: number;
    rates: ReadonlyArray<{ service_id: number; rate?: number | null | undefined }>;
  },
): Promise<void> {
  const services = await tx
    .select({ id: accountingServices.id, method: accountingServices.billingMethod })
    .from(accountingServices)
    .where(eq(accountingServices.companyId, o.companyId));
  const methods = new Map(services.map((s) => [s.id, s.method]));
  const seen = new Set<number>();
  const values = o.rates.flatMap((r, i) => {
    const method = methods.get(r.service_id);
    if (!method || seen.has(r.service_id))
      throw AppError.invalidField(`rates.${i}.service_id`, 'Choose a service of the list, once.');
    seen.add(r.service_id);
    const rate = storedRate(method, r.rate, `rates.${i}.rate`);
    return rate === null ? [] : [{ customerId: o.customerId, serviceId: r.service_id, rate }];
  });
  // Only the services sent change: one left out keeps its rate.
  const mine = [...seen];
  if (mine.length)
    await tx
      .delete(customerServiceRates)
      .where(and(eq(customerServiceRates.customerId, o.customerId), inArray(customerServiceRates.serviceId, mine)));
  if (values.length) await tx.insert(customerServiceRates).values(values);
}
