import type { DbOrTx } from '../../db/client';

/** The factoring schedule a load is on, and the factoring company it went to. */
export type LoadSchedule = { scheduleId: number; factoringCompanyId: number };

export type LoadScheduleLookup = (db: DbOrTx, companyId: number, loadId: number) => Promise<LoadSchedule | null>;

let lookup: LoadScheduleLookup | null = null;

/**
 * Factoring schedules record what factoring paid through this module, so they depend on it; they
 * answer "which schedule is this load on" by registering here (from their routes) instead of
 * this module importing theirs (no cycle).
 */
export function provideLoadSchedule(fn: LoadScheduleLookup): void {
  lookup = fn;
}

export function findLoadSchedule(db: DbOrTx, companyId: number, loadId: number): Promise<LoadSchedule | null> {
  if (!lookup) throw new Error('No load schedule lookup: the schedules module registers it with its routes');
  return lookup(db, companyId, loadId);
}
