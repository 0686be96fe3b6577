// An invoice on paper and by mail: its PDF, sending one or many to the customer (with the loads'
// paperwork), and the customer's statistics mailed (split from invoices.service.ts by responsibility).
import { MSG } from '@backhaul/shared';
import { addDays, formatMoney } from '@backhaul/shared/formats/formats';
import { INVOICE_MSG, INVOICE_STATUS } from '@backhaul/shared/modules/invoices/invoices.contract';
import { eq, sql } from 'drizzle-orm';
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
import { brokers } from '../brokers';
import { customers } from '../customers';
import { invoicePaymentDetails } from '../settings';
import { loads } from '../trips';
import { invoiceMail } from './invoices.mail';
import { invoiceRecord } from './invoices.record';
import { getInvoice } from './invoices.service';
import { invoiceSends, invoices } from './invoices.table';

const TZ = 'America/Chicago';

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
