import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../errors';
import type { References } from '../module-hooks';

/** One kind of row holding a record: `what` plural whatever the count ('invoices'), and how many. */
type Holding = { what: string; count: number };

type Counted = Holding & { one: string };

/** What of a record its delete's refusal reads (RecordDefinition's `heldBy`, `active`, `messages.refused`). */
type Held<R> = {
  heldBy?: References | undefined;
  active?: ((row: R) => boolean) | undefined;
  messages: { refused: string };
};

/** How many rows of each registered kind point at row `id`, in one query: the most first, kinds with none left out. */
async function holdersOf(tx: DbOrTx, record: { heldBy?: References | undefined }, id: number): Promise<Counted[]> {
  const kinds = record.heldBy?.kinds() ?? [];
  if (!kinds.length) return [];
  const counts: SQL[] = kinds.map(
    (k, i) => sql`(coalesce((${k.count(sql`${id}`)}), 0))::int as ${sql.identifier(`k${i}`)}`,
  );
  const [row] = await rowsOf<Record<string, number>>(tx, sql`select ${sql.join(counts, sql`, `)}`);
  return kinds
    .map((k, i) => ({ what: k.noun.many, one: k.noun.one, count: Number(row?.[`k${i}`] ?? 0) }))
    .filter((h) => h.count > 0)
    .sort((a, b) => b.count - a.count);
}

/** 'Deletion error: 12 invoices, 1 trip'. */
const heldMessage = (refused: string, holdings: readonly Counted[]): string =>
  `${refused}: ${holdings.map((h) => `${h.count} ${h.count === 1 ? h.one : h.what}`).join(', ')}`;

/**
 * Refuses the delete of `row` (412) while rows of other records point at it: the record's refused
 * message (the spec's 'Deletion error') with what holds it, counted, and beside it `held_by` and
 * `can_deactivate` (the record has an active flag and is active: the web offers that instead).
 * Called under the row's lock, in the delete's transaction (deleteRecord, or a delete command).
 */
export async function refuseIfHeld<R extends { id: number }>(tx: DbOrTx, record: Held<R>, row: R): Promise<void> {
  const holdings = await holdersOf(tx, record, row.id);
  if (!holdings.length) return;
  throw AppError.precondition(heldMessage(record.messages.refused, holdings), {
    held_by: holdings.map(({ what, count }): Holding => ({ what, count })),
    can_deactivate: record.active?.(row) ?? false,
  });
}
