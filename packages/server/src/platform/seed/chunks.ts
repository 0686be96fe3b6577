/**
 * Seeders write arrays whose length grows with SEED_SCALE. One statement for all of them breaks at
 * a carrier's size: drizzle overflows the stack building an INSERT of thousands of rows, and a bind
 * message carries at most 65,535 parameters. So each statement gets at most MAX_ROWS rows and about
 * MAX_PARAMS values.
 */
const MAX_ROWS = 1000;
const MAX_PARAMS = 30_000;

/** Rows per statement for these items: fewer when each row carries many values. */
export function chunkSize(items: readonly unknown[]): number {
  let widest = 1;
  for (const item of items)
    if (item && typeof item === 'object') widest = Math.max(widest, Object.keys(item as object).length);
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / widest)));
}

type Rows<R> = R extends readonly (infer E)[] ? E[] : never[];

/**
 * Runs `write` on consecutive slices of `items`, one after the other, and answers the rows the
 * writes returned in the order of `items` (an INSERT … RETURNING per slice), e.g.
 * `const ids = await inChunks(rows, (chunk) => db.insert(t).values(chunk).returning({ id: t.id }))`.
 */
export async function inChunks<T, R>(items: readonly T[], write: (chunk: T[]) => PromiseLike<R>): Promise<Rows<R>> {
  const size = chunkSize(items);
  const out: unknown[] = [];
  for (let i = 0; i < items.length; i += size) {
    const result = await write(items.slice(i, i + size));
    if (Array.isArray(result)) for (const row of result) out.push(row);
  }
  return out as Rows<R>;
}
