import { COMPANY_TIME_ZONE_DEFAULT, formatDate, zonedParts } from '@backhaul/shared/formats/formats';
import {
  ELD_MSG,
  MAX_MILES_PER_DAY,
  ODOMETER_SOURCES,
  type OdometerReading,
  type OdometerSource,
} from '@backhaul/shared/modules/eld/eld.contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { odometerReadings } from './eld.table';

type ReadingRecord = typeof odometerReadings.$inferSelect;

const DAY_MS = 86_400_000;

/** A company-time "YYYY-MM-DD HH:mm" (or a date alone: midnight) as an instant. */
export function companyInstant(wall: string): Date {
  const [day, time = '00:00'] = wall.trim().split(' ');
  const guess = Date.parse(`${day}T${time}:00Z`);
  let at = guess;
  // The zone's offset at the guess, corrected once more across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(at), COMPANY_TIME_ZONE_DEFAULT);
    at = guess - (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at);
  }
  return new Date(at);
}

const sourceLabel = (source: string) => ODOMETER_SOURCES[source as OdometerSource] ?? source;
const dayOf = (at: Date) => formatDate(at, COMPANY_TIME_ZONE_DEFAULT);

/** Days begun between two readings (at least one): a truck may drive MAX_MILES_PER_DAY in each. */
const daysBetween = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));

/**
 * Why `next` cannot follow the accepted reading `prev`, or null when it may: it goes back, or it is
 * further than the truck can drive in the days between (MAX_MILES_PER_DAY a day).
 */
export function readingProblem(
  prev: { odometer: number; readAt: Date; source: string },
  next: { odometer: number; readAt: Date },
): string | null {
  if (next.odometer < prev.odometer)
    return ELD_MSG.backwards(prev.odometer, dayOf(prev.readAt), sourceLabel(prev.source));
  const days = daysBetween(prev.readAt, next.readAt);
  const miles = next.odometer - prev.odometer;
  return miles > MAX_MILES_PER_DAY * days ? ELD_MSG.tooFar(miles, days) : null;
}

/**
 * Each reading's status, walking a truck's readings in time order: the first is accepted, and each
 * next one is accepted when it may follow the last accepted one, else flagged with the reason (and
 * the walk goes on from the last accepted). Deterministic, so a reading imported late (an earlier
 * time) is judged where it belongs.
 */
export function judgeReadings<R extends { id: number; odometer: number; readAt: Date; source: string }>(
  readings: readonly R[],
): Map<number, string | null> {
  const sorted = [...readings].sort((a, b) => a.readAt.getTime() - b.readAt.getTime() || a.id - b.id);
  const verdict = new Map<number, string | null>();
  let last: R | null = null;
  for (const r of sorted) {
    const problem = last ? readingProblem(last, r) : null;
    verdict.set(r.id, problem);
    if (!problem) last = r;
  }
  return verdict;
}

/** Rewrites the status of every reading of the trucks from the walk (only rows whose status changes). */
export async function rejudgeTrucks(tx: DbOrTx, truckIds: readonly number[]): Promise<void> {
  const ids = [...new Set(truckIds)];
  if (!ids.length) return;
  const rows = await tx
    .select()
    .from(odometerReadings)
    .where(inArray(odometerReadings.truckId, ids))
    .orderBy(asc(odometerReadings.readAt), asc(odometerReadings.id));
  const byTruck = new Map<number, ReadingRecord[]>();
  for (const r of rows) byTruck.set(r.truckId, [...(byTruck.get(r.truckId) ?? []), r]);
  for (const readings of byTruck.values()) {
    const verdict = judgeReadings(readings);
    for (const r of readings) {
      const reason = verdict.get(r.id) ?? null;
      const status = reason ? 'flagged' : 'accepted';
      if (r.status === status && r.flagReason === reason) continue;
      await tx.update(odometerReadings).set({ status, flagReason: reason }).where(eq(odometerReadings.id, r.id));
    }
  }
}

/**
 * A reading typed by hand (the odometer panel, a fuel row's or a work order's odometer field) is
 * refused, not flagged: a 422 on `field` when it goes back from the accepted reading before it, is
 * above the one after it, or jumps further than the truck can drive. `except` is the reading it
 * replaces (an edited fuel row's).
 */
export async function checkTypedReading(
  tx: DbOrTx,
  o: { truckId: number; readAt: Date; odometer: number; field: string; except?: number | null },
): Promise<void> {
  const rows = await tx
    .select()
    .from(odometerReadings)
    .where(and(eq(odometerReadings.truckId, o.truckId), eq(odometerReadings.status, 'accepted')))
    .orderBy(asc(odometerReadings.readAt), asc(odometerReadings.id));
  const others = rows.filter((r) => r.id !== o.except);
  const before = others.filter((r) => r.readAt.getTime() <= o.readAt.getTime()).at(-1);
  const after = others.find((r) => r.readAt.getTime() > o.readAt.getTime());
  const problem = before ? readingProblem(before, o) : null;
  if (problem) throw AppError.invalidField(o.field, problem);
  if (after && o.odometer > after.odometer)
    throw AppError.invalidField(
      o.field,
      ELD_MSG.beyondLater(after.odometer, dayOf(after.readAt), sourceLabel(after.source)),
    );
  // Nor may the reading after it then jump further than the truck can drive.
  const next = after ? readingProblem({ ...o, source: 'manual' }, after) : null;
  if (next) throw AppError.invalidField(o.field, next);
}

/** What another module tells of a reading one of its rows holds (a fuel row, a work order's check-in). */
export type SourceReading = {
  sourceId: number;
  /** null when the row no longer holds a reading (no truck or odometer, canceled, deleted). */
  reading: { truckId: number; readAt: Date; odometer: number } | null;
  /** The form field the user typed it in: a bad reading is then a 422 there; null (an import) flags it. */
  typedIn: string | null;
};

/**
 * Keeps the readings of fuel rows or work orders in step with their rows, in the rows' transaction:
 * added, moved or removed, then the trucks' readings judged again. A typed reading is checked first.
 */
export async function putSourceReadings(
  tx: DbOrTx,
  o: { companyId: number; userId: number | null; source: 'fuel' | 'work_order'; rows: SourceReading[] },
): Promise<void> {
  if (!o.rows.length) return;
  const held = await tx
    .select()
    .from(odometerReadings)
    .where(
      and(
        eq(odometerReadings.source, o.source),
        inArray(
          odometerReadings.sourceId,
          o.rows.map((r) => r.sourceId),
        ),
      ),
    );
  const heldOf = new Map(held.map((h) => [h.sourceId, h]));
  const trucks = new Set<number>();
  const inserts: Array<typeof odometerReadings.$inferInsert> = [];
  for (const r of o.rows) {
    const h = heldOf.get(r.sourceId);
    const next = r.reading;
    if (
      h &&
      next &&
      h.truckId === next.truckId &&
      h.odometer === next.odometer &&
      h.readAt.getTime() === next.readAt.getTime()
    )
      continue;
    if (next && r.typedIn) await checkTypedReading(tx, { ...next, field: r.typedIn, except: h?.id ?? null });
    if (h) trucks.add(h.truckId);
    if (next) trucks.add(next.truckId);
    if (h && !next) await tx.delete(odometerReadings).where(eq(odometerReadings.id, h.id));
    else if (h && next)
      await tx
        .update(odometerReadings)
        .set({ truckId: next.truckId, readAt: next.readAt, odometer: next.odometer })
        .where(eq(odometerReadings.id, h.id));
    else if (next)
      inserts.push({
        companyId: o.companyId,
        truckId: next.truckId,
        readAt: next.readAt,
        odometer: next.odometer,
        source: o.source,
        sourceId: r.sourceId,
        createdBy: o.userId,
      });
  }
  for (let i = 0; i < inserts.length; i += 500) await tx.insert(odometerReadings).values(inserts.slice(i, i + 500));
  await rejudgeTrucks(tx, [...trucks]);
}

/** A reading as the contract answers it (times in company time, "YYYY-MM-DD HH:mm"). */
export function toReadingRow(r: ReadingRecord, formatAt: (d: Date) => string): OdometerReading {
  return {
    id: r.id,
    truck_id: r.truckId,
    read_at: formatAt(r.readAt),
    odometer: r.odometer,
    source: r.source,
    source_id: r.sourceId,
    status: r.status,
    flag_reason: r.flagReason,
  };
}

/** The sql of a reading's time as company wall time, for lists. */
export const readAtText = (column: typeof odometerReadings.readAt) =>
  sql<string>`to_char(${column} at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'YYYY-MM-DD HH24:MI')`;
