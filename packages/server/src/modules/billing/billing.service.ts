import { MSG } from '@backhaul/shared';
import { INVOICE_MSG } from '@backhaul/shared/modules/invoices/invoices.contract';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { loads, setLoadsBilling, tripFiles } from '../trips';
import { billingRecord } from './billing.record';
import { billings } from './billing.table';

/** The load in the caller's reach (company; a customer user's own customer), else 404. */
async function findLoad(tx: DbOrTx, auth: AuthContext, loadId: number) {
  const [load] = await tx
    .select()
    .from(loads)
    .where(and(eq(loads.id, loadId), eq(loads.companyId, auth.user.companyId)));
  if (!load || (auth.user.customerId && load.customerId !== auth.user.customerId)) throw AppError.notFound();
  return load;
}

/** A delivered load becomes ready for invoicing, once (the unique index on billings.load_id: a second is a 412). */
type BillingAnswer = { id: number; load_id: number; created_at: string };
const makeBilling = defineCommand<{ auth: AuthContext; loadId: number }, BillingAnswer>({
  action: 'create',
  run: async ({ tx, user, input: { auth, loadId }, audit }) => {
    const load = await findLoad(tx, auth, loadId);
    if (!load.deliveryAt || load.deliveryAt > clock.now())
      throw AppError.invalidField('load_id', INVOICE_MSG.billingNotDelivered);
    const [row] = await tx
      .insert(billings)
      .values({ companyId: user.companyId, loadId, createdBy: user.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw AppError.precondition(INVOICE_MSG.billingExists);
    await setLoadsBilling(tx, [loadId], true);
    await audit({ entity: billingRecord.entity, entityId: row.id, action: 'create', after: row });
    return { id: row.id, load_id: row.loadId, created_at: row.createdAt.toISOString() };
  },
});

/** POST /billing (45): a delivered load becomes ready for invoicing; loads.billing mirrors it. */
export async function createBilling(db: Db, auth: AuthContext, loadId: number) {
  return runCommand(db, makeBilling, auth.user, { auth, loadId });
}

/** The billing (locked) goes, unless its load is invoiced already. */
const removeBilling = defineCommand({
  action: 'delete',
  target: { record: billingRecord, id: (input: { auth: AuthContext; id: number }) => input.id },
  run: async ({ tx, row, input: { auth } }) => {
    const load = await findLoad(tx, auth, row.loadId);
    if (load.customerInvoiceId !== null) throw AppError.precondition(INVOICE_MSG.billingInvoiced);
    await tx.delete(billings).where(eq(billings.id, row.id));
    await setLoadsBilling(tx, [load.id], false);
  },
});

/** DELETE /billing/:id (the billing id): refused once the load is invoiced. */
export async function deleteBilling(db: Db, auth: AuthContext, id: number) {
  await runCommand(db, removeBilling, auth.user, { auth, id });
  return { message: MSG.removalSuccess };
}

/** GET /billings/:id: the load's files (PPW and others) through the files service's links. */
export async function billingFiles(db: Db, auth: AuthContext, loadId: number) {
  const [load] = await db
    .select({ id: loads.id, customerId: loads.customerId })
    .from(loads)
    .where(and(eq(loads.id, loadId), eq(loads.companyId, auth.user.companyId)));
  if (!load || (auth.user.customerId && load.customerId !== auth.user.customerId)) throw AppError.notFound();
  const files = await tripFiles(db, auth, [loadId]);
  return files.map((f) => ({
    id: f.id,
    load_id: f.load_id,
    category: f.category,
    name: f.name,
    mime: f.mime,
    url: f.url,
    created_at: f.created_at,
  }));
}
