import type { NamedOption } from '@backhaul/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { factoringRecord } from './factoring.record';

export { FACTORING_MSG } from './factoring.record';

import { factoringCompanies } from './factoring.table';

export async function countFactoring(db: DbOrTx, user: AuthUser): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(factoringCompanies)
    .where(factoringRecord.scope(user));
  return row?.n ?? 0;
}

/** Options for other forms (e.g. the customer's factoring company). */
export async function listFactoringOptions(db: DbOrTx, companyId: number): Promise<NamedOption[]> {
  return db
    .select({ id: factoringCompanies.id, name: factoringCompanies.name })
    .from(factoringCompanies)
    .where(eq(factoringCompanies.companyId, companyId))
    .orderBy(asc(factoringCompanies.name));
}
