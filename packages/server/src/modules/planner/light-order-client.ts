import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { createWalkInClient } from '../clients';
import { lightOrderRecord } from './planner.record';
import { lightOrders } from './planner.table';

type Input = { id: number };

/** The order's walk-in customer becomes a client through the clients module, once. */
const makeClient = defineCommand({
  action: 'create-client',
  target: { record: lightOrderRecord, id: (i: Input) => i.id },
  auditUnchanged: true,
  run: async ({ tx, user, row }: CommandContext<Input, typeof lightOrders>) => {
    if (row.clientId !== null) return { message: 'This customer is already a client.', client_id: row.clientId };
    const clientId = await createWalkInClient(tx, user, {
      name: row.customer,
      phone: row.phone,
      comment: `Walk-in customer of light order #${row.id}: ${row.description}`,
    });
    await tx.update(lightOrders).set({ clientId, updatedAt: clock.now() }).where(eq(lightOrders.id, row.id));
    return { message: 'Client created from the order.', client_id: clientId };
  },
});

/**
 * POST /light-order/create/client: the order's walk-in customer becomes a client (Maintenance →
 * Clients), once; a second call answers the same client.
 */
export function createClientFromOrder(db: DbOrTx, user: AuthUser, id: number) {
  return runCommand(db, makeClient, user, { id });
}
