import { MSG } from '@backhaul/shared';
import { addDays, formatMoney, startOfWeek } from '@backhaul/shared/formats/formats';
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
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import type { FilesService } from '../../platform/files/files.service';
import type { MailAttachment, Mailer } from '../../platform/mail/mailer';
import { reportMail } from '../../platform/mail/templates';
import { createPdf } from '../../platform/pdf/pdf.document';
import { defineCommand, runCommand } from '../../platform/record/command';
import { accountingServices } from '../accounting-services';
import { brokers } from '../brokers';
import { customers, moveCustomerBalances } from '../customers';
import { allocateInvoiceNumbers, invoicePaymentDetails } from '../settings';
import { loads, unlinkInvoiceLoads } from '../trips';
import { invoiceMail } from './invoices.mail';
import { invoiceRecord } from './invoices.record';
import { invoiceLines, invoiceSends, invoices } from './invoices.table';

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

// ————— Invoices: read, create, edit, open, paid, delete, send, PDF —————

const TZ = 'America/Chicago';

/** One invoice the caller may see (company and, for a customer user, its own customer). */
async function findInvoice(db: DbOrTx, user: AuthUser, id: number): Promise<InvoiceRow> {
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

async function companyName(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'Backhaul';
}

/** The invoice PDF: company header, customer, period, lines with totals, page numbers. */
export async function invoicePdf(db: DbOrTx, user: AuthUser, id: number): Promise<{ name: string; data: Buffer }> {
  const inv = await getInvoice(db, user, id);
  const [cust] = await db
    .select({
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
      terms: customers.paymentTermsDays,
    })
    .from(customers)
    .where(eq(customers.id, inv.customer_id));
  const company = await companyName(db, user.companyId);
  // Accounting settings: the company's terms (unless the customer has its own), remit-to and Zelle.
  const paying = await invoicePaymentDetails(db, user.companyId);
  const terms = cust?.terms ?? paying.termsDays;
  // Net terms run from the invoice date (the day it was made), as the AR aging counts them.
  const [dated] = await rowsOf<{ date: string }>(
    db,
    sql`select to_char(created_at at time zone ${TZ}, 'YYYY-MM-DD') as date from invoices where id = ${id}`,
  );
  const invoiceDate = dated?.date ?? inv.to;
  const zelle = [paying.zelle.name, paying.zelle.email, paying.zelle.phone].filter(Boolean).join(', ');
  const pdf = createPdf({
    company: { name: company },
    title: `Invoice #${inv.number ?? inv.invoice_id}`,
    subtitle: `${inv.from} — ${inv.to}`,
  });
  const address = [cust?.address, [cust?.city, cust?.state, cust?.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  pdf.keyValues([
    ['Bill to', inv.customer ?? ''],
    ...(address ? ([['Address', address]] as [string, string][]) : []),
    ['Period', `${inv.from} to ${inv.to}`],
    ['Invoice date', invoiceDate],
    ['Terms', `Net ${terms}`],
    ['Due date', addDays(invoiceDate, terms)],
    ['Service', inv.service ?? 'Manual'],
    ['Status', inv.status],
  ]);
  if (inv.description) pdf.paragraph(inv.description);
  pdf.table({
    columns: [
      { id: 'n', title: '#', width: 0.5, kind: 'number' },
      { id: 'description', title: 'Description', width: 5 },
      { id: 'quantity', title: 'Qty', width: 0.8, kind: 'number' },
      { id: 'base', title: 'Base', width: 1.5, kind: 'money' },
      { id: 'amount', title: 'Amount', width: 1.5, kind: 'money' },
    ],
    rows: inv.lines.map((l, i) => ({ ...l, n: i + 1, base: l.base || null })),
    totals: { amount: inv.total_check },
  });
  pdf.keyValues([
    ['Total', formatMoney(inv.total_check)],
    ['Paid', formatMoney(inv.pay_amount)],
    ...(inv.mistake ? ([['Mistake', formatMoney(inv.mistake)]] as [string, string][]) : []),
    ...(inv.loss ? ([['Loss', formatMoney(inv.loss)]] as [string, string][]) : []),
    ['Amount due', formatMoney(inv.need_pay_amount)],
    ...(inv.payment_account ? ([['Pay to', inv.payment_account]] as [string, string][]) : []),
    ...(paying.remitTo ? ([['Remit to', paying.remitTo]] as [string, string][]) : []),
    ...(zelle ? ([['Zelle', zelle]] as [string, string][]) : []),
  ]);
  return { name: `invoice-${inv.invoice_id}.pdf`, data: await pdf.toBuffer() };
}

/** The PPW files of the invoice's loads, read for attaching. */
async function ppwAttachments(db: DbOrTx, files: FilesService, invoiceId: number): Promise<MailAttachment[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select f.id from files f join invoice_lines il on f.entity = 'loads' and f.entity_id = il.load_id::text
      where il.invoice_id = ${invoiceId} and f.category = 'ppw' order by il.id, f.id`,
  );
  return Promise.all(
    rows.map(async (r) => {
      const { file, body } = await files.read(Number(r.id));
      return { filename: file.originalName, content: body, contentType: file.mime };
    }),
  );
}

/** A sending recorded (invoice_sends); an Open invoice becomes Sent. */
const recordSending = defineCommand({
  action: 'send',
  target: { record: invoiceRecord, id: (input: { id: number; to: string; mailMessageId: number | null }) => input.id },
  run: async ({ tx, user, row, input }) => {
    await tx.insert(invoiceSends).values({
      invoiceId: row.id,
      customerId: row.customerId,
      sendTo: input.to,
      sendBy: user.id,
      mailMessageId: input.mailMessageId,
    });
    if (row.status === INVOICE_STATUS.Open)
      await tx
        .update(invoices)
        .set({ status: INVOICE_STATUS.Sent, updatedAt: clock.now() })
        .where(eq(invoices.id, row.id));
  },
});

export type SendDeps = { files: FilesService; mailer: Mailer };

/**
 * Sends one invoice: the PDF and its loads' PPW files to the given address or the customer's; an
 * invoice_sends row records it and an Open invoice becomes Sent. A refused message throws.
 */
export async function sendInvoice(db: Db, deps: SendDeps, user: AuthUser, id: number, email?: string): Promise<void> {
  const inv = await getInvoice(db, user, id);
  const to = email || inv.customer_email;
  if (!to) throw AppError.invalidField('email', INVOICE_MSG.noEmail);
  const pdf = await invoicePdf(db, user, id);
  const attachments = [
    { filename: pdf.name, content: pdf.data, contentType: 'application/pdf' },
    ...(await ppwAttachments(db, deps.files, id)),
  ];
  const mail = invoiceMail({
    company: await companyName(db, user.companyId),
    customer: inv.customer ?? '',
    invoiceNumber: `#${inv.invoice_id}`,
    amount: inv.need_pay_amount,
  });
  const sent = await deps.mailer.send({ ...mail, to, attachments, companyId: user.companyId, createdBy: user.id });
  if (sent.status === 'failed') throw AppError.precondition(MSG.invoicesNotSent);
  await runCommand(db, recordSending, user, { id, to, mailMessageId: sent.id });
}

/** Sends several invoices; answers which went and which did not. */
export async function sendInvoices(db: Db, deps: SendDeps, user: AuthUser, ids: number[]) {
  const sent: number[] = [];
  const failed: { invoice_id: number; error: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await sendInvoice(db, deps, user, id);
      sent.push(id);
    } catch (err) {
      failed.push({ invoice_id: id, error: err instanceof AppError ? err.message : MSG.invoicesNotSent });
    }
  }
  if (!sent.length) throw AppError.precondition(MSG.invoicesNotSent);
  return { message: MSG.invoicesSent, sent, failed };
}

/** POST /invoice/sendStatistic/:id: a summary of the invoice's loads (PDF) mailed to an address. */
export async function sendStatistic(db: Db, mailer: Mailer, user: AuthUser, id: number, email: string) {
  const inv = await getInvoice(db, user, id);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select l.id as load_id, l.broker_number, b.name as broker,
        to_char(l.delivery_at at time zone ${TZ}, 'YYYY-MM-DD') as delivered,
        l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state as route,
        (l.mileage_loaded + l.mileage_empty) as miles, l.gross_cents / 100.0 as gross, il.amount_cents / 100.0 as amount
      from invoice_lines il join ${loads} l on l.id = il.load_id left join ${brokers} b on b.id = l.broker_id
      where il.invoice_id = ${id} order by l.delivery_at, l.id`,
  );
  const num = (k: string) => rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  const company = await companyName(db, user.companyId);
  const period = `${inv.from} — ${inv.to}`;
  const pdf = createPdf({ company: { name: company }, title: `Invoice #${inv.invoice_id} loads`, subtitle: period });
  pdf.keyValues([
    ['Customer', inv.customer ?? ''],
    ['Loads', String(rows.length)],
    ['Gross', formatMoney(num('gross'))],
    ['Invoice total', formatMoney(inv.total_check)],
  ]);
  pdf.table({
    columns: [
      { id: 'load_id', title: 'Load', width: 0.8 },
      { id: 'broker', title: 'Broker', width: 2 },
      { id: 'delivered', title: 'Delivered', width: 1.2 },
      { id: 'route', title: 'Route', width: 3 },
      { id: 'miles', title: 'Miles', width: 0.9, kind: 'miles' },
      { id: 'gross', title: 'Gross', width: 1.2, kind: 'money' },
      { id: 'amount', title: 'Amount', width: 1.2, kind: 'money' },
    ],
    rows: rows.map((r) => ({ ...r, miles: Number(r.miles), gross: Number(r.gross), amount: Number(r.amount) })),
    totals: { miles: num('miles'), gross: num('gross'), amount: num('amount') },
  });
  const mail = reportMail({ company, report: `Invoice #${inv.invoice_id} statistics`, period });
  const sent = await mailer.send({
    ...mail,
    to: email,
    attachments: [
      {
        filename: `invoice-${inv.invoice_id}-loads.pdf`,
        content: await pdf.toBuffer(),
        contentType: 'application/pdf',
      },
    ],
    companyId: user.companyId,
    createdBy: user.id,
  });
  if (sent.status === 'failed') throw AppError.precondition(sent.error ?? MSG.whoops);
  return { message: INVOICE_MSG.statisticSent };
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
