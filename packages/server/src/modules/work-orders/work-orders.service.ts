import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  type ArrivalsSchema,
  EMPTY_WORK_ORDER,
  PRIORITIES,
  statusOptions,
  UNIT_TYPE_LABELS,
  type UnitType,
  WORK_ORDER_STATUS,
  type WorkOrderEdit,
  WorkOrderFormSchema,
  type WorkOrderOptions,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { createPdf } from '../../platform/pdf/pdf.document';
import { defineCommand, runCommand } from '../../platform/record/command';
import { createRecord, findRecord } from '../../platform/record/record.service';
import { customers } from '../customers';
import { invoiceMail } from '../invoices';
import { shopRules } from '../settings';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { readWorkOrderDetail } from './work-orders.detail';
import { workOrderRecord } from './work-orders.record';
import { WO_SQL } from './work-orders.sql';
import { workOrderInvoices, workOrders } from './work-orders.table';

type Option = { id: number; name: string };

/** GET /work-order/create (optional customer_id) and the edit form: what the dialog chooses from. */
export async function workOrderOptions(db: DbOrTx, user: AuthUser, customerId?: number): Promise<WorkOrderOptions> {
  const c = user.companyId;
  const [truckRows, trailerRows, customerRows, technicians, rules] = await Promise.all([
    rowsOf<Option>(
      db,
      sql`select id, truck_number as name from ${trucks} where company_id = ${c} and status = 'active' order by truck_number`,
    ),
    rowsOf<Option>(
      db,
      sql`select id, trailer_number as name from ${trailers} where company_id = ${c} and status = 'active' order by trailer_number`,
    ),
    rowsOf<Option>(db, sql`select id, name from ${customers} where company_id = ${c} order by name`),
    rowsOf<Option>(
      db,
      sql`select u.id, u.name from users u left join departments d on d.id = u.department_id
        where u.company_id = ${c} and u.active and u.customer_id is null
        order by (d.name = 'Shop') desc nulls last, u.name`,
    ),
    shopRules(db, c),
  ]);
  if (customerId !== undefined && !customerRows.some((x) => x.id === customerId)) throw AppError.notFound();
  return {
    trucks: truckRows,
    trailers: trailerRows,
    customers: customerRows,
    technicians,
    statuses: statusOptions(),
    shop: { sublet_markup_percent: rules.subletMarkupMilli / 1000, labor_taxable: rules.laborTaxable },
    row: customerId ? { customer_id: customerId, unit_type: 'customer' } : { customer_id: null, unit_type: 'truck' },
  };
}

/** GET /work-order/:id/edit: the order with its lines and the choices. */
export async function editWorkOrder(db: Db, user: AuthUser, id: number): Promise<WorkOrderEdit> {
  await findRecord(db, workOrderRecord, user, id);
  const [row, options] = await Promise.all([readWorkOrderDetail(db, id), workOrderOptions(db, user)]);
  return { ...options, row };
}

/** GET /work-order/description/:id. */
export async function workOrderDescriptions(db: Db, user: AuthUser, id: number) {
  await findRecord(db, workOrderRecord, user, id);
  return { descriptions: (await readWorkOrderDetail(db, id)).descriptions };
}

/** GET /work-order/start and POST /work-order/date: the orders arriving that day (the dispatch arrival list). */
export async function arrivals(db: Db, user: AuthUser, date?: string | null): Promise<z.infer<typeof ArrivalsSchema>> {
  const day = date || clock.today();
  const rows = await rowsOf<{
    id: number;
    unit_type: UnitType;
    unit: string | null;
    arrived: boolean;
    priority: number;
  }>(
    db,
    sql`select w.id, w.unit_type, ${WO_SQL.unit} as unit, w.arrived, w.dispatch_request as priority
      from work_orders w where w.company_id = ${user.companyId} and w.arrival_date = ${day}::date
        and w.status <> 11 order by w.dispatch_request desc, w.id`,
  );
  const list = rows.map((r) => ({
    id: Number(r.id),
    unit_type: UNIT_TYPE_LABELS[r.unit_type] ?? r.unit_type,
    unit: r.unit,
    arrived: Boolean(r.arrived),
    priority: PRIORITIES[Number(r.priority) as keyof typeof PRIORITIES] ?? String(r.priority),
  }));
  return { date: day, list, count: list.length };
}

async function companyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'Backhaul';
}

/** The invoice PDF of an order: the unit, the three Cs, labour, parts, tax and total. */
export async function workOrderPdf(db: Db, user: AuthUser, id: number): Promise<{ name: string; data: Buffer }> {
  await findRecord(db, workOrderRecord, user, id);
  const w = await readWorkOrderDetail(db, id);
  const pdf = createPdf({
    company: { name: await companyName(db, user.companyId) },
    title: `Work order #${w.id}`,
    subtitle: w.check_out ? `Completed ${w.check_out}` : `Opened ${w.create_at}`,
  });
  pdf.keyValues([
    ...(w.customer ? ([['Bill to', w.customer]] as [string, string][]) : []),
    ['Unit', `${UNIT_TYPE_LABELS[w.unit_type as UnitType] ?? w.unit_type} ${w.unit ?? ''}`],
    ['Type', w.wo_type],
    ['Status', WORK_ORDER_STATUS[w.status as keyof typeof WORK_ORDER_STATUS] ?? String(w.status)],
    ['Check-in', w.check_in ?? '—'],
    ['Check-out', w.check_out ?? '—'],
  ]);
  for (const d of w.descriptions) {
    pdf.paragraph(`Complaint: ${d.complaint}`);
    if (d.cause) pdf.paragraph(`Cause: ${d.cause}`);
    if (d.correction) pdf.paragraph(`Correction: ${d.correction}`);
  }
  if (w.labour.length) {
    pdf.heading('Labour');
    pdf.table({
      columns: [
        { id: 'description', title: 'Description', width: 5 },
        { id: 'hours', title: 'Hours', width: 1, kind: 'number' },
        { id: 'rate', title: 'Rate', width: 1.5, kind: 'money' },
        { id: 'amount', title: 'Amount', width: 1.5, kind: 'money' },
      ],
      rows: w.labour.map((l) => ({ ...l, description: l.description || 'Labour' })),
      totals: { amount: w.labour_total },
    });
  }
  if (w.parts.length) {
    pdf.heading('Parts');
    pdf.table({
      columns: [
        { id: 'part_number', title: 'Part #', width: 1.5 },
        { id: 'description', title: 'Description', width: 3.5 },
        { id: 'quantity', title: 'Qty', width: 1, kind: 'number' },
        { id: 'unit_price', title: 'Unit price', width: 1.5, kind: 'money' },
        { id: 'amount', title: 'Amount', width: 1.5, kind: 'money' },
      ],
      rows: w.parts,
      totals: { amount: w.parts_total },
    });
  }
  if (w.invoices.length) {
    pdf.heading(w.sublet_markup_percent ? `Sublet (vendors' invoices + ${w.sublet_markup_percent}%)` : 'Sublet');
    pdf.table({
      columns: [
        { id: 'number', title: 'Vendor invoice', width: 3 },
        { id: 'issued_on', title: 'Date', width: 1.5 },
        { id: 'amount', title: 'Amount', width: 1.5, kind: 'money' },
        { id: 'billed', title: 'Billed', width: 1.5, kind: 'money' },
      ],
      rows: w.invoices,
      totals: { billed: w.sublet_total },
    });
  }
  pdf.keyValues([
    ['Labour', formatMoney(w.labour_total)],
    ['Parts', formatMoney(w.parts_total)],
    [`Tax on parts${w.labour_taxed ? ' and labour' : ''} (${w.tax_percent}%)`, formatMoney(w.tax)],
    ...(w.invoices.length ? ([['Sublet', formatMoney(w.sublet_total)]] as [string, string][]) : []),
    ['Total', formatMoney(w.total)],
  ]);
  return { name: `work-order-${w.id}.pdf`, data: await pdf.toBuffer() };
}

/** POST /work-order/:id/send: the PDF to the given address or the customer's; only an outside customer's order. */
export async function sendWorkOrder(db: Db, mailer: Mailer, user: AuthUser, id: number, email: string) {
  const order = await findRecord(db, workOrderRecord, user, id);
  if (order.customerId === null) throw AppError.precondition('Only an outside customer’s work order is invoiced.');
  const [customer] = await rowsOf<{ name: string; email: string | null }>(
    db,
    sql`select name, email from ${customers} where id = ${order.customerId}`,
  );
  const to = email || customer?.email;
  if (!to) throw AppError.invalidField('email', 'Enter the e-mail address to send the invoice to.');
  const pdf = await workOrderPdf(db, user, id);
  const mail = invoiceMail({
    company: await companyName(db, user.companyId),
    customer: customer?.name ?? '',
    invoiceNumber: `WO-${id}`,
    amount: order.totalCents / 100,
  });
  const sent = await mailer.send({
    ...mail,
    to,
    attachments: [{ filename: pdf.name, content: pdf.data, contentType: 'application/pdf' }],
    companyId: user.companyId,
    createdBy: user.id,
  });
  if (sent.status === 'failed') throw AppError.precondition('The invoice could not be sent.');
  return { message: MSG.messageSent };
}

/** The orders the given vendors' invoices belong to. */
export async function ordersOfVendorInvoices(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ id: workOrderInvoices.workOrderId })
    .from(workOrderInvoices)
    .where(inArray(workOrderInvoices.id, [...ids]));
  return rows.map((r) => r.id);
}

/** The order goes to a technician's lane; a new order becomes Scheduled. */
const assignTechnician = defineCommand({
  action: 'update',
  auditUnchanged: true,
  target: { record: workOrderRecord, id: (input: { id: number; technicianId: number }) => input.id },
  run: async ({ tx, row, input }) => {
    if (row.technicianId === input.technicianId && row.status !== 1) return;
    await tx
      .update(workOrders)
      .set({ technicianId: input.technicianId, status: row.status === 1 ? 2 : row.status, updatedAt: clock.now() })
      .where(eq(workOrders.id, row.id));
  },
});

/**
 * Planned on the board (the planner module): the order goes to the technician of its lane, and a
 * new order becomes Scheduled; audited in the planner's transaction.
 */
export async function scheduleWorkOrder(tx: DbOrTx, user: AuthUser, id: number, technicianId: number): Promise<void> {
  await runCommand(tx, assignTechnician, user, { id, technicianId }).catch((err: unknown) => {
    if (err instanceof AppError && err.kind === 'not_found')
      throw AppError.invalidField('work_order_id', 'Choose a work order of the list.');
    throw err;
  });
}

/**
 * A preventive-maintenance order for one of our units, one complaint line per task (the service
 * schedule's "Create work order"), through the record so it is audited and totalled like any other.
 */
export async function createPmWorkOrder(
  tx: DbOrTx,
  user: AuthUser,
  opts: { unitType: 'truck' | 'trailer'; unitId: number; complaints: string[]; arrivalDate: string },
): Promise<number> {
  const form = WorkOrderFormSchema.parse({
    ...EMPTY_WORK_ORDER,
    wo_type: 'Preventive maintenance',
    unit_type: opts.unitType,
    truck_id: opts.unitType === 'truck' ? opts.unitId : null,
    trailer_id: opts.unitType === 'trailer' ? opts.unitId : null,
    pm: true,
    arrival_date: opts.arrivalDate,
    descriptions: opts.complaints.map((complaint) => ({ complaint })),
  });
  const row = await createRecord(tx, workOrderRecord, user, form);
  return row.id;
}
