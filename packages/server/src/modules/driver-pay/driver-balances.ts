// What a driver's card shows of pay (README.md): cash advances outstanding, the escrow fund, and the
// final statement a lease's end calls for (49 CFR 376.12(k)(6): the fund back within 45 days).
import { addDays, startOfWeek } from '@backhaul/shared/formats/formats';
import type { DriverPayBalances } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { drivers } from '../drivers';
import { escrowAccountOf, escrowBalance, escrowDueBy } from './escrow';

/** Cash advances given to the driver and those recovered on a statement (a line of source 'advance'), in cents. */
export async function advancesOf(db: DbOrTx, companyId: number, driverId: number) {
  const [row] = await rowsOf<{ given: string | null; recovered: string | null }>(
    db,
    sql`select sum(a.amount_cents) as given,
        sum(a.amount_cents) filter (where exists (select 1 from pay_statement_lines pl
          where pl.company_id = a.company_id and pl.kind = 'driver' and pl.source = 'advance'
            and pl.source_key = a.id::text)) as recovered
      from cash_advances a where a.company_id = ${companyId} and a.driver_id = ${driverId}`,
  );
  const given = Number(row?.given ?? 0);
  const recovered = Number(row?.recovered ?? 0);
  return { given, recovered, outstanding: given - recovered };
}

type FinalStatementOffer = NonNullable<DriverPayBalances['final_statement']>;

/**
 * The final statement a terminated driver with escrow still held is due: from the day after the
 * driver's last statement (or the week of the termination) to the termination day, or null.
 */
export async function finalStatementOffer(
  db: DbOrTx,
  companyId: number,
  driverId: number,
): Promise<FinalStatementOffer | null> {
  const [d] = await rowsOf<{ terminated_on: string | null; last_to: string | null }>(
    db,
    sql`select d.terminated_on::text as terminated_on,
        (select max(s.period_to)::text from pay_statements s where s.company_id = d.company_id and s.kind = 'driver'
          and s.payee_id = d.id) as last_to
      from ${drivers} d where d.id = ${driverId} and d.company_id = ${companyId}`,
  );
  if (!d?.terminated_on) return null;
  if (!(await escrowAccountOf(db, companyId, driverId))) return null;
  const balance = await escrowBalance(db, { companyId, driverId });
  if (balance <= 0) return null;
  const from = d.last_to ? addDays(d.last_to, 1) : startOfWeek(d.terminated_on);
  return {
    terminated_on: d.terminated_on,
    due_by: escrowDueBy(d.terminated_on),
    date_from: from,
    date_to: from > d.terminated_on ? from : d.terminated_on,
    escrow_return: toDollars(balance),
  };
}

/** GET /drivers-statements/balances/:id: the driver's card's pay figures (a driver of the caller's company). */
export async function driverPayBalances(db: DbOrTx, user: AuthUser, driverId: number): Promise<DriverPayBalances> {
  const [d] = await rowsOf<{ id: number }>(
    db,
    sql`select id from ${drivers} where id = ${driverId} and company_id = ${user.companyId}`,
  );
  if (!d) throw AppError.notFound();
  const advances = await advancesOf(db, user.companyId, driverId);
  const account = await escrowAccountOf(db, user.companyId, driverId);
  return {
    advances: {
      given: toDollars(advances.given),
      recovered: toDollars(advances.recovered),
      outstanding: toDollars(advances.outstanding),
    },
    escrow: account
      ? {
          balance: toDollars(await escrowBalance(db, { companyId: user.companyId, driverId })),
          target: toDollars(account.target_cents),
          deposit: toDollars(account.deposit_cents),
        }
      : null,
    final_statement: await finalStatementOffer(db, user.companyId, driverId),
  };
}
