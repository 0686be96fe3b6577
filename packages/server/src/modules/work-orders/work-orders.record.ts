import { COMPANY_TIME_ZONE, MSG, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  lineAmount,
  WO_CANCELED,
  WorkOrderDetailSchema,
  type WorkOrderFormOutput,
  WorkOrderFormSchema,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { type CheckInOdometer, checkInOdometerChanged } from './work-order-odometer';
import { releaseCustomerInvoice, syncCustomerInvoice } from './work-orders.billing';
import { readWorkOrderDetail } from './work-orders.detail';
import {
  workOrderDescriptions,
  workOrderInvoices,
  workOrderLabour,
  workOrderParts,
  workOrders,
} from './work-orders.table';
import { recomputeTotals } from './work-orders.totals';

/** A company-time "YYYY-MM-DD HH:mm" as an instant; '' is none. */
const companyTime = (text: string): SQL | null =>
  text ? sql`(${text}::timestamp at time zone ${COMPANY_TIME_ZONE})` : null;

/**
 * A check-out is when the unit left the shop: one after now (company time, to the minute) is refused on
 * its field. An order saved earlier with one is not refused while it keeps it.
 */
function checkOutNotAhead(form: WorkOrderFormOutput, before: typeof workOrders.$inferSelect | null) {
  if (!form.check_out) return;
  const out = form.check_out.length === 10 ? `${form.check_out} 00:00` : form.check_out;
  const kept = before?.checkOut ? nowInCompanyTimeZone(before.checkOut).dateTime === out : false;
  if (!kept && out > nowInCompanyTimeZone(clock.now()).dateTime)
    throw AppError.invalidField('check_out', 'Check-out cannot be in the future.');
}

/** The truck reading a work order holds: its check-in odometer, none once canceled. */
const checkInReading = (w: typeof workOrders.$inferSelect): CheckInOdometer => ({
  workOrderId: w.id,
  reading:
    w.truckId !== null && w.checkIn && w.checkInOdometer !== null && w.status !== WO_CANCELED
      ? { truckId: w.truckId, checkIn: w.checkIn, odometer: w.checkInOdometer }
      : null,
});

/** The unit must be ours (or the customer ours): refused on its field otherwise. */
async function checkUnit(tx: Parameters<typeof rowsOf>[0], companyId: number, form: WorkOrderFormOutput) {
  const exists = async (table: SQL, id: number | null) =>
    id !== null &&
    (await rowsOf(tx, sql`select 1 from ${table} where id = ${id} and company_id = ${companyId}`)).length > 0;
  if (form.unit_type === 'truck' && !(await exists(sql`trucks`, form.truck_id)))
    throw AppError.invalidField('truck_id', 'Choose a truck of the list.');
  if (form.unit_type === 'trailer' && !(await exists(sql`trailers`, form.trailer_id)))
    throw AppError.invalidField('trailer_id', 'Choose a trailer of the list.');
  if (form.unit_type === 'customer' && !(await exists(sql`customers`, form.customer_id)))
    throw AppError.invalidField('customer_id', 'Choose a customer of the list.');
  const technicians = [form.technician_id, ...form.labour.map((l) => l.technician_id)].filter(
    (id): id is number => id !== null,
  );
  for (const [n, id] of technicians.entries()) {
    const found = await rowsOf(tx, sql`select 1 from users where id = ${id} and company_id = ${companyId}`);
    if (!found.length)
      throw AppError.invalidField(n === 0 && form.technician_id ? 'technician_id' : 'labour', 'Choose a technician.');
  }
}

/**
 * A work order: the unit, its flags and times, and its lines as children written in the same
 * transaction; totals are computed from the saved lines after them (`recomputeTotals`). Deleting
 * lines of labour or parts travels in the form (remove_labour, remove_parts); descriptions and
 * invoices are drafted and deleted by their own calls (…/destroyDescription, …/destroyInvoice).
 */
export const workOrderRecord = defineRecord({
  table: workOrders,
  section: SECTION.WorkOrders,
  form: WorkOrderFormSchema,
  row: WorkOrderDetailSchema,
  toRow: (record, { tx }) => readWorkOrderDetail(tx, record.id),
  audit: (record) => record,
  toValues: (form, { before, user }) => {
    const unit = form.unit_type;
    return {
      woType: form.wo_type,
      unitType: unit,
      truckId: unit === 'truck' ? form.truck_id : null,
      trailerId: unit === 'trailer' ? form.trailer_id : null,
      customerId: unit === 'customer' ? form.customer_id : null,
      customerUnit: unit === 'customer' ? form.customer_unit : null,
      dispatchRequest: form.dispatch_request,
      status: form.status,
      technicianId: form.technician_id,
      arrived: form.arrived,
      arrivalDate: form.arrival_date,
      alignment: form.alignment,
      inspection: form.inspection,
      pm: form.pm,
      towing: form.towing,
      checkIn: companyTime(form.check_in),
      checkOut: companyTime(form.check_out),
      // Only a truck's odometer is followed (eld module); a check-in without it holds none.
      checkInOdometer: unit === 'truck' && form.check_in ? form.check_in_odometer : null,
      taxMilli: Math.round(form.tax_percent * 1000),
      ...(before ? {} : { createdBy: user.id }),
    } as unknown as Partial<typeof workOrders.$inferInsert>;
  },
  messages: { created: MSG.savingSuccess, updated: MSG.savingSuccess, deleted: MSG.removeItemWorkOrder },
  children: [
    {
      table: workOrderLabour,
      owner: workOrderLabour.workOrderId,
      field: 'labour',
      remove: (form: WorkOrderFormOutput) => form.remove_labour,
      removeField: 'remove_labour',
      rows: (form: WorkOrderFormOutput) =>
        form.labour.map((l) => ({
          id: l.id,
          values: {
            technicianId: l.technician_id,
            description: l.description,
            hundredthHours: l.hours,
            rateCents: l.rate,
            amountCents: lineAmount(l.hours, l.rate),
          },
        })),
    },
    {
      table: workOrderParts,
      owner: workOrderParts.workOrderId,
      field: 'parts',
      remove: (form: WorkOrderFormOutput) => form.remove_parts,
      removeField: 'remove_parts',
      rows: (form: WorkOrderFormOutput) =>
        form.parts.map((p) => ({
          id: p.id,
          values: {
            partNumber: p.part_number,
            description: p.description,
            hundredthQuantity: p.quantity,
            unitPriceCents: p.unit_price,
            amountCents: lineAmount(p.quantity, p.unit_price),
          },
        })),
    },
    {
      table: workOrderDescriptions,
      owner: workOrderDescriptions.workOrderId,
      field: 'descriptions',
      rows: (form: WorkOrderFormOutput) =>
        form.descriptions.map((d) => ({
          id: d.id,
          values: { complaint: d.complaint, cause: d.cause, correction: d.correction },
        })),
    },
    {
      table: workOrderInvoices,
      owner: workOrderInvoices.workOrderId,
      field: 'invoices',
      rows: (form: WorkOrderFormOutput) =>
        form.invoices.map((i) => ({
          id: i.id,
          values: { number: i.number, amountCents: i.amount, issuedOn: i.issued_on },
        })),
    },
  ],
  hooks: {
    beforeSave: async ({ tx, user, form, before }) => {
      checkOutNotAhead(form, before);
      await checkUnit(tx, user.companyId, form);
    },
    afterSave: async ({ tx, user, before, after }) => {
      await recomputeTotals(tx, user.companyId, after.id);
      await syncCustomerInvoice(tx, user, after.id);
      const same =
        before &&
        before.checkInOdometer === after.checkInOdometer &&
        before.truckId === after.truckId &&
        before.checkIn?.getTime() === after.checkIn?.getTime() &&
        (before.status === WO_CANCELED) === (after.status === WO_CANCELED);
      if (!same) await checkInOdometerChanged(tx, user, checkInReading(after));
    },
    beforeDelete: ({ tx, user, before }) => releaseCustomerInvoice(tx, user, before),
    afterDelete: ({ tx, user, before }) => checkInOdometerChanged(tx, user, { workOrderId: before.id, reading: null }),
  },
});
