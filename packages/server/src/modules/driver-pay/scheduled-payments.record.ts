import { SECTION } from '@backhaul/shared';
import {
  SCHEDULED_MSG,
  type ScheduledPayment,
  type ScheduledPaymentFormOutput,
  ScheduledPaymentFormSchema,
  ScheduledPaymentSchema,
} from '@backhaul/shared/modules/driver-pay/scheduled-payments.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { scheduledPayments } from './driver-pay.table';
import { instalmentNumber } from './instalments';
import { instalmentLines } from './statement-lines';

type SeriesRecord = typeof scheduledPayments.$inferSelect;

/** The instalments of a series already on driver statements: how many, and the highest number taken. */
export async function takenOf(tx: DbOrTx, s: SeriesRecord) {
  const rows = await rowsOf<{ due_on: string; statement_id: number }>(
    tx,
    sql`select due_on::text as due_on, statement_id from ${instalmentLines} dl
      where scheduled_payment_id = ${s.id} order by due_on`,
  );
  const series = { frequency: s.frequency, startDate: s.startDate, count: s.count };
  const last = rows.at(-1);
  return {
    count: rows.length,
    lastN: last ? (instalmentNumber(series, last.due_on) ?? 0) : 0,
    byDate: new Map(rows.map((r) => [r.due_on, Number(r.statement_id)])),
  };
}

export async function toScheduledRow(tx: DbOrTx, s: SeriesRecord): Promise<ScheduledPayment> {
  const [names] = await rowsOf<{ driver: string | null; customer: string | null; taken: number }>(
    tx,
    sql`select (select name from ${drivers} where id = ${s.driverId}) as driver,
      (select name from ${customers} where id = ${s.customerId}) as customer,
      (select count(*)::int from ${instalmentLines} dl where scheduled_payment_id = ${s.id}) as taken`,
  );
  return {
    id: s.id,
    driver_id: s.driverId,
    driver: names?.driver ?? null,
    customer_id: s.customerId,
    customer: names?.customer ?? null,
    payment_type: s.paymentType as ScheduledPayment['payment_type'],
    frequency: s.frequency as ScheduledPayment['frequency'],
    amount: toDollars(s.amountCents),
    start_date: s.startDate,
    count: s.count,
    description: s.description,
    taken: Number(names?.taken ?? 0),
  };
}

/** The driver and the customer the form names must be the caller's company's. */
async function checkRefs(tx: DbOrTx, user: AuthUser, form: ScheduledPaymentFormOutput) {
  const [found] = await rowsOf<{ driver: number | null; customer: number | null }>(
    tx,
    sql`select (select id from ${drivers} where id = ${form.driver_id} and company_id = ${user.companyId}) as driver,
      (select id from ${customers} where id = ${form.customer_id} and company_id = ${user.companyId}) as customer`,
  );
  const errors: Record<string, string[]> = {};
  if (!found?.driver) errors.driver_id = [SCHEDULED_MSG.chooseDriver];
  if (form.customer_id !== null && !found?.customer) errors.customer_id = ['Choose a customer from the list.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/**
 * A series of scheduled payments. Once instalments are on driver statements, what they were
 * computed from (driver, type, amount, start, frequency) stays; the description and the number
 * of payments may change, never below the last one taken.
 */
export const scheduledPaymentRecord = defineRecord({
  table: scheduledPayments,
  section: SECTION.ScheduledPayments,
  form: ScheduledPaymentFormSchema,
  row: ScheduledPaymentSchema,
  toRow: (s, { tx }) => toScheduledRow(tx, s),
  toValues: (form, { user, before }) => ({
    driverId: form.driver_id,
    customerId: form.customer_id,
    paymentType: form.payment_type,
    frequency: form.frequency,
    amountCents: form.amount,
    startDate: form.start_date,
    count: form.count,
    description: form.description,
    ...(before ? {} : { createdBy: user.id }),
  }),
  messages: { created: SCHEDULED_MSG.created, updated: SCHEDULED_MSG.updated, deleted: SCHEDULED_MSG.deletedAll },
  hooks: {
    beforeSave: async ({ tx, user, form, before }) => {
      await checkRefs(tx, user, form);
      if (!before) return;
      const taken = await takenOf(tx, before);
      if (!taken.count) return;
      if (
        before.driverId !== form.driver_id ||
        before.paymentType !== form.payment_type ||
        before.frequency !== form.frequency ||
        before.amountCents !== form.amount ||
        before.startDate !== form.start_date
      )
        throw AppError.precondition(SCHEDULED_MSG.taken);
      if (form.count !== null && form.count < taken.lastN)
        throw AppError.invalidField('count', SCHEDULED_MSG.countBelowTaken(taken.lastN));
    },
    beforeDelete: async ({ tx, before }) => {
      if ((await takenOf(tx, before)).count) throw AppError.precondition(SCHEDULED_MSG.taken);
    },
  },
});
