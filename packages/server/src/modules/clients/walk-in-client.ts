import { LeadFormSchema } from '@backhaul/shared/modules/clients/clients.contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { createRecord } from '../../platform/record/record.service';
import { LEAD_RECORDS } from './clients.record';

/**
 * A walk-in customer of the shop becomes a client (Maintenance → Clients) through the client
 * record, in the caller's transaction: the lead form's rules, scope and audit apply. Answers its id.
 */
export async function createWalkInClient(
  tx: DbOrTx,
  user: AuthUser,
  walkIn: { name: string; phone: string | null; comment: string },
): Promise<number> {
  const form = LeadFormSchema.parse({
    mc: '',
    truck_quantity: null,
    carrier: walkIn.name,
    contact: walkIn.name.slice(0, 120),
    phone: walkIn.phone ?? '',
    email: '',
    comment: walkIn.comment.slice(0, 5000),
    status: 'Active',
  });
  const client = await createRecord(tx, LEAD_RECORDS.client, user, form);
  return client.id;
}
