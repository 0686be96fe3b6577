import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cities } from '../../modules/cities';
import { chunkSize, inChunks } from './chunks';

describe('chunkSize', () => {
  it('keeps a statement under 1,000 rows and about 30,000 values', () => {
    expect(chunkSize([1, 2, 3])).toBe(1000);
    expect(chunkSize([{ a: 1, b: 2 }])).toBe(1000);
    // 40 values a row: 30,000 / 40 = 750 rows.
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, i]));
    expect(chunkSize([{ a: 1 }, wide])).toBe(750);
  });
});

describe('inChunks', () => {
  it('writes consecutive slices in order and answers the rows they returned, in order', async () => {
    const seen: number[][] = [];
    const out = await inChunks(
      Array.from({ length: 2500 }, (_, i) => i),
      async (chunk) => {
        seen.push(chunk);
        return chunk.map((n) => ({ id: n * 2 }));
      },
    );
    expect(seen.map((c) => [c[0], c.length])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 500],
    ]);
    expect(out).toHaveLength(2500);
    expect(out[0]).toEqual({ id: 0 });
    expect(out[2499]).toEqual({ id: 4998 });
  });

  it('writes nothing for no items, and answers no rows for writes that return none', async () => {
    let calls = 0;
    expect(
      await inChunks([], async () => {
        calls++;
      }),
    ).toEqual([]);
    expect(calls).toBe(0);
    expect(await inChunks([1, 2], async () => ({ rowCount: 2 }))).toEqual([]);
  });
});

describe('inChunks on the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  // 14,000 cities × 5 values = 70,000 bind parameters: over PostgreSQL's 65,535 in one statement.
  const rows = Array.from({ length: 14_000 }, (_, i) => ({
    city: `Chunkville ${i}`,
    state: 'ZZ',
    zipCodes: String(10_000 + i),
    latitude: 30 + i / 1e4,
    longitude: -90 - i / 1e4,
  }));

  it('a single INSERT of them is refused', async () => {
    await expect(database.db.insert(cities).values(rows)).rejects.toThrow();
  });

  it('inserts them all and answers their ids in the order of the rows', async () => {
    const ids = await inChunks(rows, (chunk) =>
      database.db.insert(cities).values(chunk).returning({ id: cities.id, city: cities.city }),
    );
    expect(ids).toHaveLength(14_000);
    expect(ids[0]?.city).toBe('Chunkville 0');
    expect(ids[13_999]?.city).toBe('Chunkville 13999');
    expect(ids.every((r, i) => i === 0 || r.id > (ids[i - 1]?.id ?? 0))).toBe(true);
    const [count] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${cities} where state = 'ZZ'`,
    );
    expect(count?.n).toBe(14_000);
  });
});
