import type { BrokerRow } from '@backhaul/shared/modules/brokers/brokers.contract';
import { and, asc, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { brokerRecord, toBrokerRow } from './brokers.record';
import { brokers } from './brokers.table';

/** The load form's broker lookup: by name or MC number. */
export async function lookupBrokers(
  db: Db,
  user: AuthUser,
  q: { search: string; limit: number },
): Promise<BrokerRow[]> {
  const text = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select()
    .from(brokers)
    .where(
      and(
        brokerRecord.scope(user),
        q.search ? or(ilike(brokers.name, `%${text}%`), ilike(brokers.mcNumber, `${text}%`)) : undefined,
      ),
    )
    .orderBy(asc(brokers.name))
    .limit(q.limit);
  return rows.map(toBrokerRow);
}
