import { formatMoney } from '@backhaul/shared/formats/formats';
import { INVOICE_MSG, INVOICE_STATUS } from '@backhaul/shared/modules/invoices/invoices.contract';
import {
  type LostKind,
  type LostPaymentFormOutput,
  type NewPaymentResponse,
  PAYMENT_ACCOUNTS,
  PAYMENT_METHODS,
  type PaymentFormOutput,
  type PaymentInvoice,
  type PaymentRow,
} from '@backhaul/shared/modules/payments/payments.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { accountingServices } from '../accounting-services';
import { customers } from '../customers';
import { applyInvoiceAmounts, type InvoiceRow, invoiceRecord, invoices } from '../invoices';
import { lostPayments, payments } from './payments.table';

type PaymentRecord = typeof payments.$inferSelect;
type LostRecord = typeof lostPayments.$inferSelect;

const money = (cents: number) => formatMoney(cents / 100);
export const needPayCents = (i: Pick<InvoiceRow, 'totalCents' | 'paidCents' | 'mistakeCents' | 'lossCents'>) =>
  i.totalCents - i.paidCents - i.mistakeCents - i.lossCents;

/** A customer user reaches only its own customer's invoices and payments (else: not found). */
function assertInScope(user: AuthUser, customerId: number): void {
  if (user.customerId !== null && user.customerId !== customerId) throw AppError.notFound();
}

async function describeInvoice(db: DbOrTx, row: InvoiceRow): Promise<PaymentInvoice> {
  const [names] = await db
    .select({ customer: customers.name, service: accountingServices.name })
    .from(customers)
    .leftJoin(accountingServices, eq(accountingServices.id, row.serviceId ?? -1))
    .where(eq(customers.id, row.customerId));
  return {
    invoice_id: row.id,
    customer_id: row.customerId,
    customer: names?.customer ?? '',
    service: names?.service ?? null,
    from: row.periodFrom,
    to: row.periodTo,
    invoice_status: row.status,
    total: toDollars(row.totalCents),
    paid: toDollars(row.paidCents),
    mistake: toDollars(row.mistakeCents),
    loss: toDollars(row.lossCents),
    need_pay: toDollars(needPayCents(row)),
    payment_account: row.paymentAccount,
  };
}

async function findInvoice(db: DbOrTx, user: AuthUser, invoiceId: number): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  assertInScope(user, row.customerId);
  return row;
}

/** GET /payments/new/:id: the invoice with what is due, and the form's choices. */
export async function newPayment(db: Db, user: AuthUser, invoiceId: number): Promise<NewPaymentResponse> {
  const row = await findInvoice(db, user, invoiceId);
  const invoice = await describeInvoice(db, row);
  const accounts = [...new Set([...PAYMENT_ACCOUNTS, ...(row.paymentAccount ? [row.paymentAccount] : [])])];
  return {
    invoice,
    due: Math.max(0, invoice.need_pay),
    today: clock.today(),
    methods: [...PAYMENT_METHODS],
    accounts,
  };
}

async function toPaymentRow(db: DbOrTx, p: PaymentRecord, status?: string): Promise<PaymentRow> {
  const [extra] = await db
    .select({ customer: customers.name, employee: users.name, status: invoices.status })
    .from(customers)
    .leftJoin(users, eq(users.id, p.employeeId ?? -1))
    .leftJoin(invoices, eq(invoices.id, p.invoiceId))
    .where(eq(customers.id, p.customerId));
  return {
    id: p.id,
    invoice_id: p.invoiceId,
    customer_id: p.customerId,
    customer: extra?.customer ?? '',
    date: p.paidOn,
    amount: toDollars(p.amountCents),
    payment_method: p.method,
    payment_account: p.account,
    employee: extra?.employee ?? null,
    note: p.note,
    invoice_status: status ?? extra?.status ?? '',
  };
}

type PostInput = { invoiceId: number; form: PaymentFormOutput };

/**
 * A payment on the invoice (locked by the platform in the caller's scope): more than is due is
 * refused unless it is an overpayment; the invoice's amounts and the customer's balance move with it.
 */
const postPaymentCommand = defineCommand({
  action: 'payment',
  target: { record: invoiceRecord, id: (input: PostInput) => input.invoiceId },
  run: async ({ tx, user, row: invoice, input: { invoiceId, form }, audit }) => {
    const cents = form.amount;
    const due = needPayCents(invoice);
    if (cents > due && !form.overpayment) {
      throw AppError.invalidField(
        'amount',
        due > 0
          ? `The amount ${money(cents)} is more than the ${money(due)} due on invoice #${invoiceId}. Mark it as an overpayment to post it.`
          : `Invoice #${invoiceId} has nothing due. Mark the amount ${money(cents)} as an overpayment to post it.`,
      );
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        companyId: user.companyId,
        invoiceId,
        customerId: invoice.customerId,
        paidOn: form.date,
        amountCents: cents,
        method: form.payment_method,
        account: form.payment_account || null,
        employeeId: user.id,
        note: form.note || null,
      })
      .returning();
    if (!payment) throw new AppError('internal', 'Payment not created');
    const after = await applyInvoiceAmounts(tx, invoiceId, { paidDelta: cents });
    await audit({
      entity: payments,
      entityId: payment.id,
      action: 'create',
      after: { ...payment, overpayment: form.overpayment, invoice_need_pay_cents: needPayCents(after) },
    });
    return { payment: await toPaymentRow(tx, payment, after.status), invoice: await describeInvoice(tx, after) };
  },
});

/**
 * POST /payments/:invoice_id. One command: the invoice locked, more than is due refused unless it
 * is an overpayment, the payment, the invoice's amounts and the customer's balance, audited. The
 * lock serialises concurrent postings, so the check and the amounts stay exact.
 */
export async function postPayment(db: Db, user: AuthUser, invoiceId: number, form: PaymentFormOutput) {
  return runCommand(db, postPaymentCommand, user, { invoiceId, form });
}

async function findPayment(db: DbOrTx, user: AuthUser, id: number): Promise<PaymentRecord> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  assertInScope(user, row.customerId);
  return row;
}

export async function getPayment(db: Db, user: AuthUser, id: number): Promise<PaymentRow> {
  return toPaymentRow(db, await findPayment(db, user, id));
}

/** A payment taken off its invoice (locked): read again under the lock, so a concurrent delete reverses once. */
const deletePaymentCommand = defineCommand({
  action: 'payment_deleted',
  target: { record: invoiceRecord, id: (input: { invoiceId: number; id: number }) => input.invoiceId },
  run: async ({ tx, input: { id }, audit }) => {
    const [payment] = await tx.delete(payments).where(eq(payments.id, id)).returning();
    if (!payment) throw AppError.notFound();
    const after = await applyInvoiceAmounts(tx, payment.invoiceId, { paidDelta: -payment.amountCents });
    await audit({
      entity: payments,
      entityId: id,
      action: 'delete',
      before: payment,
      after: { invoice_need_pay_cents: needPayCents(after), invoice_status: after.status },
    });
  },
});

/** DELETE /payments/:id: the payment goes and its amount comes off the invoice, in one transaction. */
export async function deletePayment(db: Db, user: AuthUser, id: number): Promise<void> {
  const found = await findPayment(db, user, id);
  await runCommand(db, deletePaymentCommand, user, { invoiceId: found.invoiceId, id });
}

const lostDelta = (kind: LostKind, cents: number) =>
  kind === 'mistake' ? { mistakeDelta: cents } : { lossDelta: cents };

/** A mistake or loss written off the invoice (locked), at most what is due. */
const postLostCommand = defineCommand({
  action: 'lost_payment',
  target: { record: invoiceRecord, id: (form: LostPaymentFormOutput) => form.invoice_id },
  run: async ({ tx, user, row: invoice, input: form, audit }) => {
    const cents = form.amount;
    const due = needPayCents(invoice);
    if (cents > due) {
      throw AppError.invalidField(
        'amount',
        `The amount ${money(cents)} is more than the ${money(Math.max(0, due))} due on invoice #${form.invoice_id}.`,
      );
    }
    const [lost] = await tx
      .insert(lostPayments)
      .values({
        companyId: user.companyId,
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        lostOn: form.date ?? clock.today(),
        kind: form.kind,
        amountCents: cents,
        employeeId: user.id,
        note: form.note || null,
      })
      .returning();
    if (!lost) throw new AppError('internal', 'Lost payment not created');
    const after = await applyInvoiceAmounts(tx, invoice.id, lostDelta(form.kind, cents));
    await audit({ entity: lostPayments, entityId: lost.id, action: 'create', after: lost });
    const invoiceRow = await describeInvoice(tx, after);
    return {
      lost_payment: {
        id: lost.id,
        invoice_id: lost.invoiceId,
        customer: invoiceRow.customer,
        date: lost.lostOn,
        kind: lost.kind as LostKind,
        amount: toDollars(lost.amountCents),
        note: lost.note,
      },
      invoice: invoiceRow,
    };
  },
});

/** POST /lost-payment: a mistake or loss written off an invoice, at most what is due. */
export async function postLostPayment(db: Db, user: AuthUser, form: LostPaymentFormOutput) {
  return runCommand(db, postLostCommand, user, form);
}

/** A write-off put back onto its invoice (locked). */
const deleteLostCommand = defineCommand({
  action: 'lost_payment_deleted',
  target: { record: invoiceRecord, id: (input: { invoiceId: number; id: number }) => input.invoiceId },
  run: async ({ tx, input: { id }, audit }) => {
    const [lost]: LostRecord[] = await tx.delete(lostPayments).where(eq(lostPayments.id, id)).returning();
    if (!lost) throw AppError.notFound();
    await applyInvoiceAmounts(tx, lost.invoiceId, lostDelta(lost.kind as LostKind, -lost.amountCents));
    await audit({ entity: lostPayments, entityId: id, action: 'delete', before: lost });
  },
});

/** DELETE /lost-payment/:id: the write-off goes back onto the invoice. */
export async function deleteLostPayment(db: Db, user: AuthUser, id: number): Promise<void> {
  const [found] = await db
    .select()
    .from(lostPayments)
    .where(and(eq(lostPayments.id, id), eq(lostPayments.companyId, user.companyId)));
  if (!found) throw AppError.notFound();
  assertInScope(user, found.customerId);
  await runCommand(db, deleteLostCommand, user, { invoiceId: found.invoiceId, id });
}

/** The trip detail's payments (trips asks through `provideTripReceivables`): on the company's invoices, newest first. */
export function tripPaymentRows(db: DbOrTx, companyId: number, invoiceIds: number[]) {
  return rowsOf<Record<string, unknown>>(
    db,
    sql`select p.id, p.invoice_id, p.paid_on::text as paid_on, p.amount_cents, p.method from payments p
      where p.company_id = ${companyId} and p.invoice_id = any(${`{${invoiceIds.join(',')}}`}::int[])
      order by p.paid_on desc, p.id desc`,
  );
}

/** The invoices list's "Last payment" column (invoices asks through its `lastPayment` hook). */
export const lastPaymentSql = (invoiceId: SQL): SQL =>
  sql`(select to_char(max(p.paid_on), 'YYYY-MM-DD') from payments p where p.invoice_id = ${invoiceId})`;

/** Σ mistakes and losses on the invoices of the given payments (the customer payments list's sum_lost_amount). */
export async function sumLostOnInvoicesOf(db: DbOrTx, paymentIds: SQL): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(sum(lp.amount_cents), 0) as cents from lost_payments lp where lp.invoice_id in (select p.invoice_id from payments p where p.id in (${paymentIds}))`,
  )) as unknown as { rows: Array<{ cents: number | string }> };
  return toDollars(Number(result.rows[0]?.cents ?? 0));
}

type PaidInput = { id: number; method?: string | undefined; paidOn?: string | undefined };

/** What is left to pay posted as one payment on an Open invoice (locked); it becomes Paid. */
const markPaidCommand = defineCommand({
  action: 'paid',
  target: { record: invoiceRecord, id: (input: PaidInput) => input.id },
  run: async ({ tx, user, row: inv, input, audit }) => {
    if (inv.status !== INVOICE_STATUS.Open) throw AppError.precondition(INVOICE_MSG.paidNotOpen);
    const need = needPayCents(inv);
    if (need <= 0) throw AppError.precondition(INVOICE_MSG.nothingToPay);
    const [payment] = await tx
      .insert(payments)
      .values({
        companyId: user.companyId,
        invoiceId: inv.id,
        customerId: inv.customerId,
        paidOn: input.paidOn ?? clock.today(),
        amountCents: need,
        method: input.method ?? 'ACH',
        account: inv.paymentAccount,
        employeeId: user.id,
        note: 'Marked paid',
      })
      .returning();
    await applyInvoiceAmounts(tx, inv.id, { paidDelta: need });
    if (payment) await audit({ entity: payments, entityId: payment.id, action: 'create', after: payment });
  },
});

/**
 * Paid (16, Open only): what is left to pay is posted as one payment and the invoice becomes Paid
 * (applyInvoiceAmounts keeps the customer's balance right).
 */
export async function markPaid(
  db: Db,
  user: AuthUser,
  id: number,
  opts: { method?: string; paidOn?: string } = {},
): Promise<void> {
  await runCommand(db, markPaidCommand, user, { id, ...opts });
}
