import type { Holiday } from '@backhaul/shared/modules/settings/settings.contract';
import { and, asc, between, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { holidays } from './settings.table';

/** The company's holidays from `from` to `to` (YYYY-MM-DD, both included), by date. */
export function listHolidays(db: DbOrTx, companyId: number, from: string, to: string): Promise<Holiday[]> {
  return db
    .select({ id: holidays.id, date: holidays.date, name: holidays.name, paid: holidays.paid })
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), between(holidays.date, from, to)))
    .orderBy(asc(holidays.date));
}
