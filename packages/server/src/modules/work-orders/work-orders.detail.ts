import { COMPANY_TIME_ZONE, toDollars } from '@backhaul/shared';
import type { WorkOrderDetail } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { downtimeClock } from '../downtime';
import { WO_SQL } from './work-orders.sql';
import { subletBilledSql } from './work-orders.totals';

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/** One order as the dialog reads it: the list's columns, the ids behind them, lines and downtime. */
export async function readWorkOrderDetail(db: DbOrTx, id: number): Promise<WorkOrderDetail> {
  const [w] = await rowsOf<Raw>(
    db,
    sql`select w.*, ${WO_SQL.unit} as unit, ${WO_SQL.customer} as customer, ${WO_SQL.technician} as technician,
      ${WO_SQL.createdAt} as create_at_text, ${WO_SQL.checkIn} as check_in_text, ${WO_SQL.checkOut} as check_out_text,
      to_char(w.arrival_date, 'YYYY-MM-DD') as arrival_date_text,
      to_char(w.approved_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as approved_at_text,
      ${WO_SQL.downtimeDays} as downtime_days, ${WO_SQL.downtimeCents} as downtime_cents
      from work_orders w ${downtimeClock(clock.now())} where w.id = ${id}`,
  );
  if (!w) throw AppError.notFound();
  const [labour, parts, descriptions, invoices] = await Promise.all([
    rowsOf<Raw>(db, sql`select * from work_order_labour where work_order_id = ${id} order by id`),
    rowsOf<Raw>(db, sql`select * from work_order_parts where work_order_id = ${id} order by id`),
    rowsOf<Raw>(db, sql`select * from work_order_descriptions where work_order_id = ${id} order by id`),
    rowsOf<Raw>(
      db,
      sql`select i.id, i.number, i.amount_cents, to_char(i.issued_on, 'YYYY-MM-DD') as issued_on,
          ${subletBilledSql(sql`i.amount_cents`, sql`w.sublet_markup_milli`)} as billed_cents
        from work_order_invoices i join work_orders w on w.id = i.work_order_id
        where i.work_order_id = ${id} order by i.id`,
    ),
  ]);
  return {
    id: num(w.id),
    create_at: String(w.create_at_text),
    wo_type: String(w.wo_type),
    unit_type: String(w.unit_type),
    unit: (w.unit as string | null) ?? null,
    customer: (w.customer as string | null) ?? null,
    arrived: Boolean(w.arrived),
    arrival_date: (w.arrival_date_text as string | null) ?? null,
    alignment: Boolean(w.alignment),
    inspection: Boolean(w.inspection),
    pm: Boolean(w.pm),
    towing: Boolean(w.towing),
    dispatch_request: num(w.dispatch_request),
    status: num(w.status),
    check_in: (w.check_in_text as string | null) ?? null,
    check_out: (w.check_out_text as string | null) ?? null,
    technician: (w.technician as string | null) ?? null,
    total: toDollars(num(w.total_cents)),
    truck_id: (w.truck_id as number | null) ?? null,
    trailer_id: (w.trailer_id as number | null) ?? null,
    customer_id: (w.customer_id as number | null) ?? null,
    customer_unit: (w.customer_unit as string | null) ?? null,
    technician_id: (w.technician_id as number | null) ?? null,
    check_in_odometer:
      w.check_in_odometer === null || w.check_in_odometer === undefined ? null : num(w.check_in_odometer),
    tax_percent: num(w.tax_milli) / 1000,
    labour_total: toDollars(num(w.labour_cents)),
    parts_total: toDollars(num(w.parts_cents)),
    tax: toDollars(num(w.tax_cents)),
    labour: labour.map((l) => ({
      id: num(l.id),
      technician_id: (l.technician_id as number | null) ?? null,
      description: String(l.description),
      hours: num(l.hundredth_hours) / 100,
      rate: toDollars(num(l.rate_cents)),
      amount: toDollars(num(l.amount_cents)),
    })),
    parts: parts.map((p) => ({
      id: num(p.id),
      part_number: String(p.part_number),
      description: String(p.description),
      quantity: num(p.hundredth_quantity) / 100,
      unit_price: toDollars(num(p.unit_price_cents)),
      amount: toDollars(num(p.amount_cents)),
    })),
    descriptions: descriptions.map((d) => ({
      id: num(d.id),
      complaint: String(d.complaint),
      cause: String(d.cause),
      correction: String(d.correction),
    })),
    invoices: invoices.map((i) => ({
      id: num(i.id),
      number: String(i.number),
      amount: toDollars(num(i.amount_cents)),
      issued_on: (i.issued_on as string | null) ?? null,
      billed: toDollars(num(i.billed_cents)),
    })),
    sublet_total: toDollars(num(w.sublet_cents)),
    sublet_markup_percent: num(w.sublet_markup_milli) / 1000,
    labour_taxed: Boolean(w.labour_taxed),
    approved_at: (w.approved_at_text as string | null) ?? null,
    customer_invoice_id: (w.customer_invoice_id as number | null) ?? null,
    downtime_days: num(w.downtime_days),
    downtime_cost:
      w.downtime_cents === null || w.downtime_cents === undefined ? null : toDollars(num(w.downtime_cents)),
  };
}
