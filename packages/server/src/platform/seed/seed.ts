import type { Faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type SeedContext = {
  db: Db;
  faker: Faker;
  /** 1 = the demo company's size; bench seeds use more. */
  scale: number;
  password: string;
  /** Values seeders hand to later seeders (company id, customer ids...). */
  refs: Map<string, unknown>;
  log: (line: string) => void;
};

/** A module's seeder. Seeders run in list order (see src/seeders.ts); each may read earlier refs. */
export type Seeder = { name: string; run: (ctx: SeedContext) => Promise<void> };

export function ref<T>(ctx: SeedContext, key: string): T {
  if (!ctx.refs.has(key)) throw new Error(`Seed ref "${key}" is missing: check the seeder order`);
  return ctx.refs.get(key) as T;
}

export async function runSeeders(
  db: Db,
  seeders: readonly Seeder[],
  opts: { scale: number; password: string; log?: (line: string) => void },
): Promise<void> {
  // faker (~35 MB) is loaded only when a database is seeded, not by every start.
  const { Faker, en, en_US } = await import('@faker-js/faker');
  // A fixed seed: the demo company is the same on every machine.
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(20261121);
  const ctx: SeedContext = {
    db,
    faker,
    scale: opts.scale,
    password: opts.password,
    refs: new Map(),
    log: opts.log ?? (() => {}),
  };
  for (const seeder of seeders) {
    const started = performance.now();
    await seeder.run(ctx);
    const ms = performance.now() - started;
    ctx.log(`seeded ${seeder.name} in ${Math.round(ms)} ms`);
    // The next seeders query what this one wrote: give the planner statistics of the new rows
    // (PGlite has no autovacuum, so a table loaded in bulk is planned as if it were empty).
    if (ms > ANALYZE_AFTER_MS) await db.execute(sql`analyze`);
  }
  await db.execute(sql`analyze`);
}

/** A seeder that ran longer than this wrote enough rows for the planner to need their statistics. */
const ANALYZE_AFTER_MS = 500;
