import { MSG } from '@backhaul/shared';
import { INVOICE_MSG } from '@backhaul/shared/modules/invoices/invoices.contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { loads, tripFiles } from '../trips';
import { billings } from './billing.table';

async function lockLoad(tx: Parameters<Parameters<Db['transaction']>[0]>[0], auth: AuthContext, loadId: number) {
  const [load] = await tx
    .select()
    .from(loads)
    .where(and(eq(loads.id, loadId), eq(loads.companyId, auth.user.companyId)))
    .for('update');
  if (!load || (auth.user.customerId && load.customerId !== auth.user.customerId)) throw AppError.notFound();
  return load;
}

/** POST /billing (45): a delivered load becomes ready for invoicing; loads.billing mirrors it. */
export async function createBilling(db: Db, auth: AuthContext, loadId: number) {
  return db.transaction(async (tx) => {
    const load = await lockLoad(tx, auth, loadId);
    if (!load.deliveryAt || load.deliveryAt > new Date())
      throw AppError.invalidField('load_id', INVOICE_MSG.billingNotDelivered);
    const [row] = await tx
      .insert(billings)
      .values({ companyId: auth.user.companyId, loadId, createdBy: auth.user.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw AppError.precondition(INVOICE_MSG.billingExists);
    await tx.update(loads).set({ billing: true, updatedAt: new Date() }).where(eq(loads.id, loadId));
    await writeAudit(tx, { actor: auth.user, entity: 'billing', entityId: row.id, action: 'create', after: row });
    return { id: row.id, load_id: row.loadId, created_at: row.createdAt.toISOString() };
  });
}

/** DELETE /billing/:id (the billing id): refused once the load is invoiced. */
export async function deleteBilling(db: Db, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const [billing] = await tx
      .select()
      .from(billings)
      .where(and(eq(billings.id, id), eq(billings.companyId, auth.user.companyId)));
    if (!billing) throw AppError.notFound();
    const load = await lockLoad(tx, auth, billing.loadId);
    if (load.customerInvoiceId !== null) throw AppError.precondition(INVOICE_MSG.billingInvoiced);
    await tx.delete(billings).where(eq(billings.id, id));
    await tx.update(loads).set({ billing: false, updatedAt: new Date() }).where(eq(loads.id, load.id));
    await writeAudit(tx, { actor: auth.user, entity: 'billing', entityId: id, action: 'delete', before: billing });
  });
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
