import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { findRecord, inTransaction } from '../../platform/record/record.service';
import { salesLeads } from '../clients';
import { lightOrderRecord } from './planner.record';
import { lightOrders } from './planner.table';

/**
 * POST /light-order/create/client: the order's walk-in customer becomes a client (Maintenance →
 * Clients), once; a second call answers the same client.
 */
export async function createClientFromOrder(db: Db, user: AuthUser, id: number) {
  return inTransaction(db, async (tx) => {
    const order = await findRecord(tx, lightOrderRecord, user, id, { lock: true });
    if (order.clientId !== null) return { message: 'This customer is already a client.', client_id: order.clientId };
    const [client] = await tx
      .insert(salesLeads)
      .values({
        companyId: user.companyId,
        kind: 'client',
        carrier: order.customer,
        contact: order.customer,
        phone: order.phone,
        comment: `Walk-in customer of light order #${order.id}: ${order.description}`.slice(0, 5000),
        status: 'Active',
      })
      .returning();
    const clientId = Number(client?.id);
    await tx.update(lightOrders).set({ clientId, updatedAt: new Date() }).where(eq(lightOrders.id, id));
    await writeAudit(tx, { actor: user, entity: 'clients', entityId: clientId, action: 'create', after: client });
    return { message: 'Client created from the order.', client_id: clientId };
  });
}
