import type { StaffEvent } from '@backhaul/shared/modules/account/account.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Company events from a date on (GET /info/event, the account's upcoming events). */
export function upcomingEvents(db: DbOrTx, companyId: number, from: string, limit = 20): Promise<StaffEvent[]> {
  return rowsOf<StaffEvent>(
    db,
    sql`select id, to_char(date, 'YYYY-MM-DD') as date, title, description from staff_events
        where company_id = ${companyId} and date >= ${from} order by date, id limit ${limit}`,
  );
}
