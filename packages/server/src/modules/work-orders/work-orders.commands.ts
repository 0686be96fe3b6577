import { MSG } from '@backhaul/shared';
import {
  WO_CANCELED,
  WO_IN_PROGRESS,
  WO_WAITING_APPROVAL,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand } from '../../platform/record/command';
import { syncCustomerInvoice } from './work-orders.billing';
import { readWorkOrderDetail } from './work-orders.detail';
import { workOrderRecord } from './work-orders.record';
import { workOrders } from './work-orders.table';
import { recomputeTotals } from './work-orders.totals';

/**
 * POST /work-order/:id/approve ("approve and bill"): the customer approved the estimate, so the
 * order is billed before it is completed; an order waiting for approval goes on to In progress.
 */
export const approveAndBill = defineCommand({
  action: 'approve',
  target: { record: workOrderRecord, id: (id: number) => id },
  run: async ({ tx, user, row }) => {
    if (row.unitType !== 'customer' || row.customerId === null)
      throw AppError.invalidField('unit_type', 'Only an outside customer’s work order is billed.');
    if (row.status === WO_CANCELED) throw AppError.invalidField('status', 'A canceled work order is not billed.');
    if (row.approvedAt !== null || row.customerInvoiceId !== null)
      throw AppError.invalidField('status', 'The work order is billed already.');
    await tx
      .update(workOrders)
      .set({
        approvedAt: clock.now(),
        approvedBy: user.id,
        status: row.status === WO_WAITING_APPROVAL ? WO_IN_PROGRESS : row.status,
        updatedAt: clock.now(),
      })
      .where(eq(workOrders.id, row.id));
    await recomputeTotals(tx, user.companyId, row.id);
    await syncCustomerInvoice(tx, user, row.id);
    const detail = await readWorkOrderDetail(tx, row.id);
    return { message: MSG.savingSuccess, row: detail, removed: false };
  },
});

/**
 * The order's totals and its customer's invoice again from its lines: after a vendor's invoice was
 * deleted by its own call (…/destroyInvoice), which the order's save does not see.
 */
export const refreshTotals = defineCommand({
  action: 'update',
  auditUnchanged: true,
  target: { record: workOrderRecord, id: (id: number) => id },
  run: async ({ tx, user, row }) => {
    await recomputeTotals(tx, user.companyId, row.id);
    await syncCustomerInvoice(tx, user, row.id);
  },
});
