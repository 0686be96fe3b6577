import { MSG } from '@backhaul/shared';
import {
  SHORT_PAYMENT_MSG,
  SHORT_PAYMENT_STATUSES,
  type ShortPayment,
  type ShortPaymentFormOutput,
  type ShortPaymentRow,
} from '@backhaul/shared/modules/short-payments/short-payments.contract';
import { divRound, toDollars } from '@backhaul/shared/money';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import { defineCommand, runCommand } from '../../platform/record/command';
import { deleteRecord, findRecord } from '../../platform/record/record.service';
import { customers } from '../customers';
import { factoringCompanies } from '../factoring';
import { loads } from '../trips';
import { findLoadSchedule } from './load-schedule';
import { shortPaymentsList } from './short-payments.list';
import { shortPaymentRecord } from './short-payments.record';
import { shortPayments } from './short-payments.table';

/**
 * What factoring should pay for a load: gross less its fee (percent in thousandths of a percent, 3,125 =
 * 3.125 %), in cents, rounded once per load, half away from zero.
 */
export const expectedFactoringCents = (grossCents: number, percentMilli: number) =>
  divRound(grossCents * (100_000 - percentMilli), 100_000);

/** One row as the list shows it (same SQL: age, highlight, names), plus the record's own fields. */
export async function getShortPayment(db: DbOrTx, user: AuthUser, id: number): Promise<ShortPayment> {
  const compiled = compileList(shortPaymentsList, user, { filters: { id: { op: 'eq', value: id } } });
  const [row] = (await selectPage(db, shortPaymentsList, compiled, { limit: 1, offset: 0 })) as ShortPaymentRow[];
  if (!row) throw AppError.notFound();
  const [rec] = await db.select().from(shortPayments).where(eq(shortPayments.id, id));
  if (!rec) throw AppError.notFound();
  return {
    ...row,
    schedule_id: rec.scheduleId,
    factoring_company_id: rec.factoringCompanyId,
    expected_factoring: toDollars(rec.amountFactoringCents + rec.debtCents),
  };
}

/** The load, the factoring company that funds it (its schedule's, else its customer's) and the fee. */
async function loadTerms(db: DbOrTx, user: AuthUser, loadId: number) {
  const [load] = await db
    .select({ id: loads.id, grossCents: loads.grossCents, customerId: loads.customerId })
    .from(loads)
    .where(and(eq(loads.id, loadId), eq(loads.companyId, user.companyId)));
  if (!load) throw AppError.invalidField('load_id', SHORT_PAYMENT_MSG.noLoad);
  const onSchedule = await findLoadSchedule(db, user.companyId, loadId);
  let factoringCompanyId = onSchedule?.factoringCompanyId ?? null;
  if (factoringCompanyId === null && load.customerId !== null) {
    const [c] = await db
      .select({ id: customers.factoringCompanyId })
      .from(customers)
      .where(eq(customers.id, load.customerId));
    factoringCompanyId = c?.id ?? null;
  }
  let percentMilli = 0;
  if (factoringCompanyId !== null) {
    const [f] = await db
      .select({ percentMilli: factoringCompanies.percentMilli })
      .from(factoringCompanies)
      .where(eq(factoringCompanies.id, factoringCompanyId));
    percentMilli = f?.percentMilli ?? 0;
  }
  return { load, scheduleId: onSchedule?.scheduleId ?? null, factoringCompanyId, percentMilli };
}

/** Columns of a short payment from the form: gross and the fee come from the load, never the client. */
async function columnsOf(db: DbOrTx, user: AuthUser, form: ShortPaymentFormOutput, exceptId?: number) {
  const terms = await loadTerms(db, user, form.load_id);
  const grossCents = Number(terms.load.grossCents);
  const expected = expectedFactoringCents(grossCents, terms.percentMilli);
  const amountCents = form.amount_factoring;
  if (amountCents >= expected) throw AppError.invalidField('amount_factoring', SHORT_PAYMENT_MSG.notShort);
  const [other] = await db
    .select({ id: shortPayments.id })
    .from(shortPayments)
    .where(
      and(
        eq(shortPayments.companyId, user.companyId),
        eq(shortPayments.loadId, form.load_id),
        exceptId ? ne(shortPayments.id, exceptId) : undefined,
      ),
    );
  if (other) throw AppError.invalidField('load_id', SHORT_PAYMENT_MSG.exists);
  return {
    loadId: form.load_id,
    scheduleId: terms.scheduleId,
    factoringCompanyId: terms.factoringCompanyId,
    grossCents,
    amountFactoringCents: amountCents,
    debtCents: expected - amountCents,
    processedDate: form.processed_date,
    status: form.status,
    actions: form.actions || null,
  };
}

type Values = Omit<typeof shortPayments.$inferInsert, 'companyId' | 'createdBy'>;

/** A new short payment from the form's columns (gross and fee read from the load). */
const makeShortPayment = defineCommand<Values, number>({
  action: 'create',
  run: async ({ tx, user, input: values, audit }) => {
    const [rec] = await tx
      .insert(shortPayments)
      .values({ companyId: user.companyId, createdBy: user.id, ...values })
      .returning();
    if (!rec) throw new AppError('internal', 'Short payment not created');
    await audit({ entity: shortPaymentRecord.entity, entityId: rec.id, action: 'create', after: rec });
    return rec.id;
  },
});

export async function createShortPayment(db: Db, user: AuthUser, form: ShortPaymentFormOutput) {
  const values = await columnsOf(db, user, form);
  const id = await runCommand(db, makeShortPayment, user, values);
  return { message: MSG.savingSuccess, short_payment: await getShortPayment(db, user, id) };
}

/** The short payment's columns replaced (locked and audited by the platform). */
const reviseShortPayment = defineCommand({
  action: 'update',
  target: { record: shortPaymentRecord, id: (input: { id: number; values: Partial<Values> }) => input.id },
  run: async ({ tx, row, input }) => {
    await tx
      .update(shortPayments)
      .set({ ...input.values, updatedAt: clock.now() })
      .where(eq(shortPayments.id, row.id));
  },
});

export async function updateShortPayment(db: Db, user: AuthUser, id: number, form: ShortPaymentFormOutput) {
  await findRecord(db, shortPaymentRecord, user, id);
  const values = await columnsOf(db, user, form, id);
  await runCommand(db, reviseShortPayment, user, { id, values });
  return { message: MSG.savingSuccess, short_payment: await getShortPayment(db, user, id) };
}

export async function deleteShortPayment(db: Db, user: AuthUser, id: number) {
  await deleteRecord(db, shortPaymentRecord, user, id);
  return { message: MSG.removalSuccess };
}

export async function editShortPayment(db: DbOrTx, user: AuthUser, id: number) {
  return { short_payment: await getShortPayment(db, user, id), statuses: [...SHORT_PAYMENT_STATUSES] };
}

/**
 * What a schedule's per-load amount means for short payments (called inside the schedule's
 * transaction): below the expected amount, the load's short payment is created or its amount and
 * debt updated; at or above it, an open one is completed with no debt. Answers its id, if any.
 */
export async function recordFactoringAmount(
  tx: DbOrTx,
  opts: {
    user: AuthUser;
    loadId: number;
    scheduleId: number;
    factoringCompanyId: number;
    grossCents: number;
    percentMilli: number;
    amountCents: number;
    processedDate: string;
  },
): Promise<number | null> {
  const { user } = opts;
  const expected = expectedFactoringCents(opts.grossCents, opts.percentMilli);
  const [existing] = await tx
    .select({ id: shortPayments.id })
    .from(shortPayments)
    .where(and(eq(shortPayments.companyId, user.companyId), eq(shortPayments.loadId, opts.loadId)));
  const short = opts.amountCents < expected;
  if (!existing && !short) return null;
  const values = {
    scheduleId: opts.scheduleId,
    factoringCompanyId: opts.factoringCompanyId,
    grossCents: opts.grossCents,
    amountFactoringCents: opts.amountCents,
    debtCents: short ? expected - opts.amountCents : 0,
    processedDate: opts.processedDate,
  };
  if (!existing) return runCommand(tx, makeShortPayment, user, { loadId: opts.loadId, ...values });
  await runCommand(tx, reviseShortPayment, user, {
    id: existing.id,
    values: { ...values, ...(short ? {} : { status: 'Complete' }) },
  });
  return existing.id;
}
