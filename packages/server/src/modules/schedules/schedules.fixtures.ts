import type { TestContext } from '../../../test/harness';

/** Test data: a factoring company with a known fee, and delivered loads with known gross. */
export async function makeFactoringCompany(
  t: TestContext,
  opts: { name: string; percentMilli: number; email?: string },
) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into factoring_companies (company_id, name, percent_milli, email)
     values ((select id from companies order by id limit 1), $1, $2, $3) returning id`,
    [opts.name, opts.percentMilli, opts.email ?? null],
  );
  return Number(row?.id);
}

/**
 * Loads delivered `daysAgo` days ago (factored and with PPW unless told otherwise), on an existing
 * trip of the company, for the first customer that is not `excludeCustomerId`. Answers their ids.
 */
export async function makeLoads(
  t: TestContext,
  grossCents: number[],
  opts: { daysAgo?: number; factoring?: boolean; ppw?: boolean; customerId?: number } = {},
): Promise<number[]> {
  const [trip] = await t.database.query<{ id: number; company_id: number }>(
    'select id, company_id from trips order by id limit 1',
  );
  const [customer] = await t.database.query<{ id: number }>(
    opts.customerId ? 'select id from customers where id = $1' : 'select id from customers order by id limit 1',
    opts.customerId ? [opts.customerId] : [],
  );
  const ids: number[] = [];
  for (const gross of grossCents) {
    const [row] = await t.database.query<{ id: number }>(
      `insert into loads (company_id, trip_id, gross_cents, delivery_at, customer_id, factoring, ppw)
       values ($1, $2, $3, now() - make_interval(days => $4::int), $5, $6, $7) returning id`,
      [
        trip?.company_id,
        trip?.id,
        gross,
        opts.daysAgo ?? 5,
        customer?.id,
        opts.factoring ?? true,
        opts.ppw === false ? 0 : 1,
      ],
    );
    ids.push(Number(row?.id));
  }
  return ids;
}
