import { addDays, startOfWeek } from '@backhaul/shared/formats/formats';
import {
  type GenerateOptions,
  INVOICE_MSG,
  INVOICE_STATUS,
  type InvoiceDetail,
  type InvoiceLineSchema,
  type InvoiceNewBodySchema,
  type InvoiceUpdateBodySchema,
} from '@backhaul/shared/modules/invoices/invoices.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { accountingServices } from '../accounting-services';
import { customers, moveCustomerBalances } from '../customers';
import { allocateInvoiceNumbers, invoicePaymentDetails } from '../settings';
import { unlinkInvoiceLoads } from '../trips';
import { invoiceRecord } from './invoices.record';
import { invoiceLines, invoices } from './invoices.table';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Gives these new invoices of the company their numbers, in id order (Accounting settings). */
export async function numberInvoices(tx: DbOrTx, companyId: number, ids: readonly number[]): Promise<void> {
  const sorted = [...ids].sort((a, b) => a - b);
  const numbers = await allocateInvoiceNumbers(tx, companyId, sorted.length);
  if (!sorted.length) return;
  const pairs = JSON.stringify(sorted.map((id, i) => [id, numbers[i]]));
  await tx.execute(
    sql`update invoices i set number = n.number
        from (select (x->>0)::int as id, x->>1 as number from jsonb_array_elements(${pairs}::jsonb) x) n
        where i.id = n.id`,
  );
}

export type InvoiceAmountDeltas = {
  totalDelta?: number;
  paidDelta?: number;
  mistakeDelta?: number;
  lossDelta?: number;
};

/**
 * Moves an invoice's amounts (cents) and the customer's balance (what it owes: Σ need-pay) by the
 * same figure, in the caller's transaction. Run it in a command that locks the invoice (invoiceRecord). A fully settled
 * invoice becomes Paid; one that owes again after a correction goes back to Open.
 */
export async function applyInvoiceAmounts(
  tx: DbOrTx,
  invoiceId: number,
  deltas: InvoiceAmountDeltas,
): Promise<InvoiceRow> {
  const total = deltas.totalDelta ?? 0;
  const paid = deltas.paidDelta ?? 0;
  const mistake = deltas.mistakeDelta ?? 0;
  const loss = deltas.lossDelta ?? 0;
  const needPay = sql`(${invoices.totalCents} + ${total}) - (${invoices.paidCents} + ${paid}) - (${invoices.mistakeCents} + ${mistake}) - (${invoices.lossCents} + ${loss})`;
  const [row] = await tx
    .update(invoices)
    .set({
      totalCents: sql`${invoices.totalCents} + ${total}`,
      paidCents: sql`${invoices.paidCents} + ${paid}`,
      mistakeCents: sql`${invoices.mistakeCents} + ${mistake}`,
      lossCents: sql`${invoices.lossCents} + ${loss}`,
      status: sql`case
        when ${needPay} <= 0 and (${invoices.totalCents} + ${total}) > 0 then 'Paid'
        when ${invoices.status} = 'Paid' and ${needPay} > 0 then 'Open'
        else ${invoices.status} end`,
      updatedAt: clock.now(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (!row) throw AppError.notFound();
  await moveCustomerBalances(tx, [{ customerId: row.customerId, cents: total - paid - mistake - loss }]);
  return row;
}

// ————— Invoices: read, create, edit, open, paid, delete (the PDF and sending: invoices.send.ts) —————

/** One invoice the caller may see (company and, for a customer user, its own customer). */
export async function findInvoice(db: DbOrTx, user: AuthUser, id: number): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, id),
        eq(invoices.companyId, user.companyId),
        user.customerId ? eq(invoices.customerId, user.customerId) : undefined,
      ),
    );
  if (!row) throw AppError.notFound();
  return row;
}

/** The trip detail's invoices (trips asks through `provideTripReceivables`): the company's, by id. */
export function tripInvoiceRows(db: DbOrTx, companyId: number, invoiceIds: number[]) {
  return rowsOf<Record<string, unknown>>(
    db,
    sql`select i.id, i.status, i.period_from::text as "from", i.period_to::text as "to", i.total_cents, i.paid_cents,
      i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents as due_cents,
      (select max(s.sent_at) from invoice_sends s where s.invoice_id = i.id) as sent_at
      from invoices i where i.company_id = ${companyId} and i.id = any(${`{${invoiceIds.join(',')}}`}::int[])`,
  );
}

/** POST /invoice/:id: the invoice with its lines, in dollars. */
export async function getInvoice(db: DbOrTx, user: AuthUser, id: number): Promise<InvoiceDetail> {
  const inv = await findInvoice(db, user, id);
  const [head] = await rowsOf<{
    customer: string | null;
    email: string | null;
    service: string | null;
    method: string | null;
  }>(
    db,
    sql`select c.name as customer, c.email, s.name as service, s.billing_method as method
      from invoices i left join ${customers} c on c.id = i.customer_id left join ${accountingServices} s on s.id = i.service_id
      where i.id = ${id}`,
  );
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(invoiceLines.id);
  const percent = head?.method === 'percent_of_gross';
  return {
    invoice_id: inv.id,
    number: inv.number,
    status: inv.status,
    customer_id: inv.customerId,
    customer: head?.customer ?? null,
    customer_email: head?.email ?? null,
    service_id: inv.serviceId,
    service: head?.service ?? null,
    from: inv.periodFrom,
    to: inv.periodTo,
    generated: inv.generated,
    description: inv.description,
    payment_account: inv.paymentAccount,
    total_check: toDollars(inv.totalCents),
    pay_amount: toDollars(inv.paidCents),
    need_pay_amount: toDollars(inv.totalCents - inv.paidCents - inv.mistakeCents - inv.lossCents),
    mistake: toDollars(inv.mistakeCents),
    loss: toDollars(inv.lossCents),
    lines: lines.map((l) => ({
      id: l.id,
      load_id: l.loadId,
      description: l.description,
      quantity: l.quantity,
      // Percent lines carry thousandths of a percent (5,000 = 5 %); the others cents per unit.
      rate: percent && l.loadId ? l.rate / 1000 : toDollars(l.rate),
      base: toDollars(l.baseCents),
      amount: toDollars(l.amountCents),
    })),
  };
}

type LineInput = z.output<typeof InvoiceLineSchema>;

/** Replaces an Open invoice's lines: kept ids are updated, new ones added, missing ones removed (their loads freed). */
async function saveLines(tx: DbOrTx, inv: InvoiceRow, lines: LineInput[]): Promise<void> {
  const existing = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id));
  const byId = new Map(existing.map((l) => [l.id, l]));
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    if (l.id !== undefined && !byId.has(l.id)) errors[`lines.${i}.id`] = ['This line is not on the invoice.'];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const kept = new Set(lines.map((l) => l.id).filter((id): id is number => id !== undefined));
  const removed = existing.filter((l) => !kept.has(l.id));
  if (removed.length) {
    await tx.delete(invoiceLines).where(
      inArray(
        invoiceLines.id,
        removed.map((l) => l.id),
      ),
    );
    const loadIds = removed.map((l) => l.loadId).filter((id): id is number => id !== null);
    await unlinkInvoiceLoads(tx, inv.id, loadIds);
  }
  for (const l of lines) {
    const amountCents = l.amount;
    const before = l.id !== undefined ? byId.get(l.id) : undefined;
    if (before) {
      await tx
        .update(invoiceLines)
        .set({
          description: l.description,
          quantity: l.quantity,
          amountCents,
          rate: before.loadId ? before.rate : Math.round(amountCents / l.quantity),
        })
        .where(eq(invoiceLines.id, before.id));
    } else {
      await tx.insert(invoiceLines).values({
        invoiceId: inv.id,
        serviceId: inv.serviceId,
        description: l.description,
        quantity: l.quantity,
        rate: Math.round(amountCents / l.quantity),
        amountCents,
      });
    }
  }
}

async function linesTotal(tx: DbOrTx, invoiceId: number): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    tx,
    sql`select coalesce(sum(amount_cents), 0)::bigint as total from invoice_lines where invoice_id = ${invoiceId}`,
  );
  return Number(row?.total ?? 0);
}

type UpdateInput = { id: number; body: z.output<typeof InvoiceUpdateBodySchema> };

/** Description, payment account and lines of an Open invoice; its total and the customer's balance follow the lines. */
const reviseInvoice = defineCommand({
  action: 'update',
  target: { record: invoiceRecord, id: (input: UpdateInput) => input.id },
  run: async ({ tx, row, input: { id, body } }) => {
    if (row.status !== INVOICE_STATUS.Open) throw AppError.precondition(INVOICE_MSG.notOpen);
    if (body.lines) await saveLines(tx, row, body.lines);
    const total = await linesTotal(tx, id);
    await tx
      .update(invoices)
      .set({
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.payment_account !== undefined ? { paymentAccount: body.payment_account || null } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(invoices.id, id));
    await applyInvoiceAmounts(tx, id, { totalDelta: total - row.totalCents });
  },
});

/** POST /invoice/update(/:id): description, payment account and lines of an Open invoice. */
export async function updateInvoice(
  db: Db,
  user: AuthUser,
  id: number,
  body: z.output<typeof InvoiceUpdateBodySchema>,
) {
  await runCommand(db, reviseInvoice, user, { id, body });
  return getInvoice(db, user, id);
}

type NewInput = z.output<typeof InvoiceNewBodySchema>;

/** A manual invoice: numbered, its lines, its total on the customer's balance; audited as created. */
const makeInvoice = defineCommand<NewInput, number>({
  action: 'create',
  run: async ({ tx, user, input: body, audit }) => {
    const [inv] = await tx
      .insert(invoices)
      .values({
        companyId: user.companyId,
        customerId: body.customer_id,
        serviceId: body.service_id ?? null,
        periodFrom: body.from,
        periodTo: body.to,
        description: body.description || null,
        paymentAccount: body.payment_account || null,
        createdBy: user.id,
      })
      .returning();
    if (!inv) throw new AppError('internal', 'invoice not created');
    await numberInvoices(tx, user.companyId, [inv.id]);
    await saveLines(
      tx,
      inv,
      body.lines.map(({ id: _id, ...l }) => l),
    );
    const after = await applyInvoiceAmounts(tx, inv.id, { totalDelta: await linesTotal(tx, inv.id) });
    await audit({ entity: invoiceRecord.entity, entityId: inv.id, action: 'create', after });
    return inv.id;
  },
});

/** POST /invoice/new: a manual invoice for a customer of the company. */
export async function createInvoice(db: Db, user: AuthUser, body: NewInput) {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, body.customer_id), eq(customers.companyId, user.companyId)));
  if (!customer) throw AppError.invalidField('customer_id', 'Choose a customer.');
  if (body.service_id) {
    const [service] = await db
      .select({ id: accountingServices.id })
      .from(accountingServices)
      .where(and(eq(accountingServices.id, body.service_id), eq(accountingServices.companyId, user.companyId)));
    if (!service) throw AppError.invalidField('service_id', 'Choose a service.');
  }
  const id = await runCommand(db, makeInvoice, user, body);
  return getInvoice(db, user, id);
}

/** Back to Open; refused when it already is. */
const reopenInvoice = defineCommand({
  action: 'open',
  target: { record: invoiceRecord, id: (id: number) => id },
  run: async ({ tx, row }) => {
    if (row.status === INVOICE_STATUS.Open) throw AppError.precondition(INVOICE_MSG.alreadyOpen);
    await tx
      .update(invoices)
      .set({ status: INVOICE_STATUS.Open, updatedAt: clock.now() })
      .where(eq(invoices.id, row.id));
  },
});

/** POST /invoice/open/:id (117): back to Open; refused when it already is. */
export async function openInvoice(db: Db, user: AuthUser, id: number) {
  await runCommand(db, reopenInvoice, user, id);
  return getInvoice(db, user, id);
}

/** Deletes an invoice nothing was posted on: its total leaves the customer's balance, its loads may be billed again. */
export const removeInvoice = defineCommand({
  action: 'delete',
  target: { record: invoiceRecord, id: (input: { invoiceId: number }) => input.invoiceId },
  run: async ({ tx, row }) => {
    if (row.paidCents + row.mistakeCents + row.lossCents !== 0) throw AppError.precondition(INVOICE_MSG.hasPayments);
    if (row.totalCents !== 0) await applyInvoiceAmounts(tx, row.id, { totalDelta: -row.totalCents });
    await unlinkInvoiceLoads(tx, row.id);
    await tx.delete(invoices).where(eq(invoices.id, row.id));
  },
});

/** POST /invoice/delete/:id: refused once money is posted to it; its loads can be billed again. */
export async function deleteInvoice(db: Db, user: AuthUser, id: number): Promise<void> {
  await runCommand(db, removeInvoice, user, { invoiceId: id });
}

/** GET /generate-invoice/create: period presets (Chicago calendar), active services, customers. */
export async function generateOptions(db: DbOrTx, user: AuthUser): Promise<GenerateOptions> {
  const paying = await invoicePaymentDetails(db, user.companyId);
  const today = clock.today();
  const thisMonth = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(thisMonth, -1);
  const lastWeekStart = addDays(startOfWeek(today), -7);
  const [services, custs] = await Promise.all([
    db
      .select()
      .from(accountingServices)
      .where(and(eq(accountingServices.companyId, user.companyId), eq(accountingServices.status, 1)))
      .orderBy(accountingServices.id),
    db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.companyId, user.companyId))
      .orderBy(customers.name),
  ]);
  return {
    periods: [
      { id: 'last_month', label: 'Last month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
      { id: 'last_week', label: 'Last week', from: lastWeekStart, to: addDays(lastWeekStart, 6) },
    ],
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      billing_method: s.billingMethod,
      rate: s.billingMethod === 'percent_of_gross' ? s.defaultRate / 1000 : toDollars(s.defaultRate),
    })),
    customers: custs,
    default_service_id: services.some((s) => s.id === paying.defaultServiceId) ? paying.defaultServiceId : null,
  };
}
