// Driver statements on the pay-statement engine (platform/pay): the payee, the contract as terms,
// and the sources a driver's week draws from. The rules and their sources: README.md.
import { SECTION } from '@backhaul/shared';
import { formatExact, formatMilliDollars } from '@backhaul/shared/formats/formats';
import { STATEMENT_MSG } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import type { Candidate, PaySource, SourceContext } from '../../platform/pay/define-statement';
import { defineStatementKind } from '../../platform/pay/define-statement';
import { drivers } from '../drivers';
import { payableDriverLoads } from '../trips';
import { trucks } from '../trucks';
import { escrowCandidates } from './escrow';
import { instalmentsBetween, type Series, scheduleLabel } from './instalments';
import { hoursPay, loadPay, type PayContract, payContract } from './statement-pay';

/** The contract kept on the statement (its terms), read back. */
export const contractOf = (ctx: Pick<SourceContext, 'terms'>): PayContract => ctx.terms as unknown as PayContract;

const LOADS: PaySource = {
  name: 'load',
  section: 'trips',
  field: 'trips',
  candidates: async (ctx) => {
    const contract = contractOf(ctx);
    const loads = await payableDriverLoads(ctx.tx, {
      companyId: ctx.user.companyId,
      driverId: ctx.payee.id,
      since: ctx.since,
      to: ctx.period.to,
      now: ctx.now,
      requirePod: contract.payBasis === 'ppw',
      unclaimed: (key) => ctx.unclaimed('load', key),
      onThis: (key) => ctx.onThis('load', key),
    });
    return loads.map((l): Candidate => {
      const pay = loadPay(contract, {
        grossCents: l.gross_cents,
        lumperCents: l.lumper_cents,
        fuelSurchargeCents: l.fuel_surcharge_cents,
        loaded: l.loaded,
        empty: l.empty,
        shareBp: l.share_bp,
      });
      return {
        key: `${l.load_id}:${ctx.payee.id}`,
        date: l.delivered_on,
        type: 'Trip',
        description: `Load #${l.load_id}: ${l.route}${l.team ? ' (team)' : ''}`,
        countAction: pay.countAction,
        grossCents: l.gross_cents,
        miles: l.loaded + l.empty,
        loadCount: 1,
        amountCents: pay.cents,
        onIt: l.on_it,
        data: { load_id: l.load_id, trip_id: l.trip_id, share_bp: l.share_bp },
      };
    });
  },
};

const HOURS: PaySource = {
  name: 'hours',
  section: 'trips',
  field: 'hours',
  candidates: async (ctx) => {
    const contract = contractOf(ctx);
    if (contract.type !== 'hourly') return [];
    const rows = await rowsOf<{ id: number; work_date: string; minutes: number; load_id: number | null; note: string }>(
      ctx.tx,
      sql`select h.id, h.work_date::text as work_date, h.minutes, h.load_id, h.note from driver_hours h
        where h.company_id = ${ctx.user.companyId} and h.driver_id = ${ctx.payee.id}
          and h.work_date between ${ctx.since} and ${ctx.period.to}
          and ${ctx.unclaimed('hours', sql`h.id::text`)}
        order by h.work_date, h.id`,
    );
    return rows.map((h) => {
      const hours = (h.minutes / 60).toFixed(2);
      return {
        key: String(h.id),
        date: h.work_date,
        type: 'Hours',
        description: `${h.load_id ? `Load #${h.load_id}: ` : ''}${h.note || 'Hours worked'}`,
        countAction: `${hours} h × ${formatMilliDollars(contract.rateMilli)}/h`,
        amountCents: hoursPay(contract.rateMilli, h.minutes),
        data: { minutes: h.minutes },
      };
    });
  },
};

/**
 * Fuel is a deduction only for a driver who bears it (owner-operators and lease drivers by default).
 * A company driver's is offered for the period alone: an earlier week's fuel left off is no debt of his.
 */
const FUEL: PaySource = {
  name: 'fuel',
  section: 'fuel',
  field: 'fuel',
  candidates: async (ctx) => {
    const bears = contractOf(ctx).bearsFuel;
    const from = bears ? ctx.since : ctx.period.from;
    const rows = await rowsOf<{
      id: number;
      date: string;
      place: string;
      gallons_milli: number;
      amount_cents: string;
    }>(
      ctx.tx,
      sql`select f.id, f.fuel_date::text as date,
          concat_ws(' — ', nullif(f.location, ''), nullif(concat_ws(', ', nullif(f.city, ''), nullif(f.state, '')), '')) as place,
          f.gallons_milli, f.amount_cents
        from fuel_rows f
        where f.company_id = ${ctx.user.companyId} and f.driver_id = ${ctx.payee.id} and f.status = 'Active'
          and f.fuel_date between ${ctx.since} and ${ctx.period.to}
          and (f.fuel_date >= ${from} or ${ctx.onThis('fuel', sql`f.id::text`)})
          and ${ctx.unclaimed('fuel', sql`f.id::text`)}
        order by f.fuel_date, f.id limit 1000`,
    );
    return rows.map((f) => ({
      key: String(f.id),
      date: f.date,
      type: 'Fuel',
      description: `Fuel${f.place ? `: ${f.place}` : ''}`,
      countAction: `${formatExact(Number(f.gallons_milli) / 1000)} gal`,
      amountCents: -Number(f.amount_cents),
      preselected: bears,
    }));
  },
};

const INSTALMENTS: PaySource = {
  name: 'instalment',
  section: 'schedulePayments',
  field: 'scheduled_payments',
  candidates: async (ctx) => {
    const series = await rowsOf<{
      id: number;
      payment_type: string;
      frequency: string;
      description: string;
      amount_cents: string;
      start_date: string;
      count: number | null;
    }>(
      ctx.tx,
      sql`select id, payment_type, frequency, description, amount_cents, start_date::text as start_date, count
        from scheduled_payments where company_id = ${ctx.user.companyId} and driver_id = ${ctx.payee.id}
          and start_date <= ${ctx.period.to} order by id`,
    );
    if (!series.length) return [];
    // An instalment removed from its series ("this one only") is not owed; lines elsewhere the engine drops.
    const gone = await rowsOf<{ k: string }>(
      ctx.tx,
      sql`select s.payment_id || ':' || s.due_on::text as k from scheduled_payment_skips s
        join scheduled_payments sp on sp.id = s.payment_id
        where sp.company_id = ${ctx.user.companyId} and sp.driver_id = ${ctx.payee.id}`,
    );
    const taken = new Set(gone.map((g) => g.k));
    return series.flatMap((s) => {
      const sign = s.payment_type === 'credit' ? 1 : -1;
      const def: Series = { frequency: s.frequency, startDate: s.start_date, count: s.count };
      return instalmentsBetween(def, ctx.since, ctx.period.to).flatMap(({ date, n }) => {
        const key = `${s.id}:${date}`;
        if (taken.has(key)) return [];
        return [
          {
            key,
            date,
            type: s.payment_type === 'credit' ? 'Scheduled credit' : 'Scheduled deduction',
            description: s.description,
            schedule: scheduleLabel(def, n),
            category: s.payment_type,
            amountCents: sign * Number(s.amount_cents),
            data: { scheduled_payment_id: Number(s.id) },
          },
        ];
      });
    });
  },
};

/**
 * Company expenses charged to the driver (or to the truck the driver drives): those queued by the
 * Pay step whatever their date, and open ones dated up to the period's end.
 */
const EXPENSES: PaySource = {
  name: 'expense',
  section: 'additionalPayments',
  field: 'expenses',
  candidates: async (ctx) => {
    const rows = await rowsOf<{
      id: number;
      date: string;
      category: string;
      description: string;
      amount_cents: string;
      pay_as: string | null;
    }>(
      ctx.tx,
      sql`select e.id, e.expense_date::text as date, e.category, e.description, e.amount_cents, e.pay_as
        from company_expenses e
        where e.company_id = ${ctx.user.companyId}
          and (e.driver_id = ${ctx.payee.id}
            or (e.driver_id is null and e.truck_id in (select id from ${trucks} where driver_id = ${ctx.payee.id})))
          and (e.status = 'Queued' or (e.status = 'Open' and e.expense_date between ${ctx.since} and ${ctx.period.to}))
          and ${ctx.unclaimed('expense', sql`e.id::text`)}
        order by e.expense_date, e.id`,
    );
    return rows.map((e) => {
      const back = e.pay_as === 'reimbursement';
      return {
        key: String(e.id),
        date: e.date,
        type: back ? 'Reimbursement' : 'Company expense',
        description: `Company expense #${e.id}: ${e.category}${e.description ? ` — ${e.description}` : ''}`,
        category: back ? 'credit' : 'deduction',
        amountCents: back ? Number(e.amount_cents) : -Number(e.amount_cents),
      };
    });
  },
};

const ADVANCES: PaySource = {
  name: 'advance',
  section: 'additionalPayments',
  field: 'advances',
  candidates: async (ctx) => {
    const rows = await rowsOf<{ id: number; date: string; method: string; reference: string; amount_cents: string }>(
      ctx.tx,
      sql`select a.id, a.given_on::text as date, a.method, a.reference, a.amount_cents from cash_advances a
        where a.company_id = ${ctx.user.companyId} and a.driver_id = ${ctx.payee.id} and a.given_on <= ${ctx.period.to}
          and ${ctx.unclaimed('advance', sql`a.id::text`)}
        order by a.given_on, a.id`,
    );
    return rows.map((a) => ({
      key: String(a.id),
      date: a.date,
      type: 'Advance recovered',
      description: `Cash advance #${a.id} (${a.method.replace(/_/g, ' ')}${a.reference ? ` ${a.reference}` : ''})`,
      category: 'deduction',
      amountCents: -Number(a.amount_cents),
    }));
  },
};

const ESCROW: PaySource = {
  name: 'escrow',
  section: 'additionalPayments',
  field: 'escrow',
  candidates: escrowCandidates,
};

async function driverPayee(tx: DbOrTx, companyId: number, id: number) {
  const [d] = await rowsOf<{ id: number; name: string; customer_id: number | null }>(
    tx,
    sql`select id, name, customer_id from ${drivers} where id = ${id} and company_id = ${companyId}`,
  );
  if (!d) throw AppError.invalidField('driver_id', STATEMENT_MSG.noDriver);
  return { id: Number(d.id), name: d.name, customerId: d.customer_id };
}

export const OWED_BY_DRIVER = 'Owed by driver';

export const driverStatementKind = defineStatementKind({
  kind: 'driver',
  section: SECTION.DriverStatements,
  payeeField: 'driver_id',
  periodField: 'date_from',
  carry: true,
  payee: ({ tx, user }, id) => driverPayee(tx, user.companyId, id),
  terms: async ({ tx }, payee, period) => ({ ...(await payContract(tx, payee.id, period.to)) }),
  sources: [LOADS, HOURS, FUEL, INSTALMENTS, EXPENSES, ADVANCES, ESCROW],
  messages: {
    lineTaken: STATEMENT_MSG.lineTaken,
    closed: STATEMENT_MSG.closed,
    closedDelete: STATEMENT_MSG.closedDelete,
    notClosed: STATEMENT_MSG.notClosed,
    overpaid: STATEMENT_MSG.overpaid,
    nothingDue: STATEMENT_MSG.nothingDue,
    futurePeriod: STATEMENT_MSG.futurePeriod,
    overlap: STATEMENT_MSG.overlap,
    owed: OWED_BY_DRIVER,
    writeOffReason: STATEMENT_MSG.writeOffReason,
    notOwed: STATEMENT_MSG.notOwed,
  },
});
