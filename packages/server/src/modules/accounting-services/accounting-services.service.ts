import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { accountingServices } from './accounting-services.table';

/**
 * Settings → accounting settings' service list, in the caller's transaction (the settings save
 * audits the whole form): rows with an id renamed or (de)activated, rows without one added. None is
 * deleted: invoices point at them, and status 0 retires one. A row whose id is not the company's is
 * a 422 on `service.N.id`. Answers each row's id, in order.
 */
export async function saveAccountingServices(
  tx: DbOrTx,
  companyId: number,
  rows: ReadonlyArray<{ id?: number | undefined; name: string; status: number }>,
): Promise<number[]> {
  const ids = rows.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  const mine = ids.length
    ? await tx
        .select({ id: accountingServices.id })
        .from(accountingServices)
        .where(and(eq(accountingServices.companyId, companyId), inArray(accountingServices.id, ids)))
    : [];
  rows.forEach((s, i) => {
    if (s.id !== undefined && !mine.some((m) => m.id === s.id))
      throw AppError.invalidField(`service.${i}.id`, 'This service is not in the list.');
  });
  const saved: number[] = [];
  for (const s of rows) {
    if (s.id === undefined) {
      const [made] = await tx
        .insert(accountingServices)
        .values({ companyId, name: s.name, status: s.status })
        .returning({ id: accountingServices.id });
      if (!made) throw new AppError('internal', 'Service not saved');
      saved.push(made.id);
    } else {
      await tx
        .update(accountingServices)
        .set({ name: s.name, status: s.status })
        .where(eq(accountingServices.id, s.id));
      saved.push(s.id);
    }
  }
  return saved;
}
