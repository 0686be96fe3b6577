// Dispatcher statements on the pay-statement engine (platform/pay): the payee, the one source (the
// dispatcher's delivered loads) and the messages. The rules and their sources: README.md.
import { SECTION } from '@backhaul/shared';
import {
  DISPATCHER_STATEMENT_MSG as M,
  STAFF_STATEMENT_STATE_MSG,
} from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { divRound } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { type Candidate, defineStatementKind, type PaySource } from '../../platform/pay/define-statement';
import { payStatements } from '../../platform/pay/pay.table';
import { dispatchedLoads } from '../trips';
import { monthPeriod } from './staff-months';

export const DISPATCHER_KIND = 'dispatcher';

/** A dispatcher user (role number 2) sees only their own statements (001 §6 variant). */
export const isDispatcherUser = (user: AuthUser): boolean => user.role === 2;

/** The rate a statement pays, in thousandths of a percent (3,125 = 3.125 %): its terms, kept as they were on its day. */
export const rateMilliOf = (terms: Record<string, unknown>): number => Number(terms.rate_milli ?? 0);

/**
 * The dispatcher's loads delivered (their delivery time come) up to the month's end and on no other
 * statement: the month's own, and those of an earlier month delivered after its statement was made,
 * marked with the month they were earned in. Each pays round(gross × rate), half away from zero.
 */
const LOADS: PaySource = {
  name: 'load',
  section: 'trips',
  field: 'loads',
  candidates: async (ctx) => {
    const rateMilli = rateMilliOf(ctx.terms);
    const loads = await dispatchedLoads(ctx.tx, {
      companyId: ctx.user.companyId,
      dispatcherId: ctx.payee.id,
      since: ctx.since,
      to: ctx.period.to,
      now: ctx.now,
      unclaimed: (key) => ctx.unclaimed('load', key),
      onThis: (key) => ctx.onThis('load', key),
    });
    return loads.map(
      (l): Candidate => ({
        key: String(l.load_id),
        date: l.delivered_on,
        earned: l.delivered_on < ctx.period.from ? monthPeriod(l.delivered_on.slice(0, 7)) : null,
        type: 'Load',
        description: `Load #${l.load_id}: ${l.route}`,
        grossCents: l.gross_cents,
        miles: l.miles,
        loadCount: 1,
        amountCents: divRound(l.gross_cents * rateMilli, 100_000),
        onIt: l.on_it,
        data: { load_id: l.load_id, route: l.route, rate_milli: rateMilli },
      }),
    );
  },
};

export const dispatcherStatementKind = defineStatementKind({
  kind: DISPATCHER_KIND,
  section: SECTION.DispatchersStatements,
  payeeField: 'dispatchers',
  periodField: 'filter.date',
  // Any staff user of the company who dispatches (not a customer's user).
  payee: async ({ tx, user }, id) => {
    const [u] = await rowsOf<{ id: number; name: string }>(
      tx,
      sql`select id, name from users where id = ${id} and company_id = ${user.companyId} and customer_id is null`,
    );
    if (!u) throw AppError.invalidField('dispatchers', M.notDispatcher);
    return { id: Number(u.id), name: u.name };
  },
  sources: [LOADS],
  rowScope: (user) => (isDispatcherUser(user) ? sql`${payStatements.payeeId} = ${user.id}` : undefined),
  messages: {
    ...STAFF_STATEMENT_STATE_MSG,
    lineTaken: M.loadTaken,
    futurePeriod: M.futureMonth,
    overlap: (p) => M.already(p.payee, p.from.slice(0, 7)),
  },
});
