import type { Database } from '../src/db/client';
import { createTestApp } from './harness';

/** Rows changed per table: inserted, deleted, or updated to a different value. */
export type RowChanges = Record<string, number>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function publicTables(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  return rows.map((r) => r.name);
}

// One statement-level trigger per table and kind of write, with the statement's rows as transition
// tables: an update counts only rows whose value changed, a truncate counts as one change. The counts
// live in their own schema, so nothing the app reads or backs up sees them; a rolled-back write
// leaves no count, as it leaves no row.
const PROBE_SQL = `
create schema if not exists row_probe;
create table if not exists row_probe.changes (tbl text primary key, n bigint not null);
create or replace function row_probe.count() returns trigger language plpgsql as $$
declare changed bigint;
begin
  if tg_op = 'INSERT' then select count(*) into changed from new_rows;
  elsif tg_op = 'DELETE' then select count(*) into changed from old_rows;
  elsif tg_op = 'UPDATE' then
    select count(*) into changed from (
      select row_to_json(n)::text from new_rows n except all select row_to_json(o)::text from old_rows o
    ) d;
  else changed := 1;
  end if;
  if changed > 0 then
    insert into row_probe.changes values (tg_table_name, changed)
    on conflict (tbl) do update set n = row_probe.changes.n + excluded.n;
  end if;
  return null;
end $$;`;

const triggersOn = (table: string) => {
  const on = `on public.${ident(table)}`;
  const run = 'for each statement execute function row_probe.count()';
  return [
    `create trigger row_probe_ins after insert ${on} referencing new table as new_rows ${run};`,
    `create trigger row_probe_upd after update ${on} referencing old table as old_rows new table as new_rows ${run};`,
    `create trigger row_probe_del after delete ${on} referencing old table as old_rows ${run};`,
    `create trigger row_probe_trunc after truncate ${on} ${run};`,
  ].join('\n');
};

/**
 * Counts the rows every write changes in every table of the public schema, on a test database: a
 * test takes the counts after a request (`take` also resets them) and names the tables a request
 * changed. Costs one small query per request, where a checksum of every table costs ~100 ms on the
 * demo seed. `fingerprint` is the checksum, as a second witness over a whole run.
 */
export async function installRowProbe(database: Database) {
  const tables = await publicTables(database);
  await database.exec(`${PROBE_SQL}\n${tables.map(triggersOn).join('\n')}`);

  /** The rows changed since the last take, by table (empty: nothing changed). */
  async function take(): Promise<RowChanges> {
    const rows = await database.query<{ tbl: string; n: number | string }>(
      'delete from row_probe.changes returning tbl, n',
    );
    return Object.fromEntries(
      rows.map((r) => [r.tbl, Number(r.n)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  }

  /**
   * Per table: the row count and the order-free sum of each row's md5 (as db/backup.ts checks a
   * restore), one statement for all tables.
   */
  async function fingerprint(opts: { except?: readonly string[] } = {}): Promise<Record<string, string>> {
    const sql = tables
      .filter((t) => !opts.except?.includes(t))
      .map(
        (t) =>
          `select '${t}' as tbl, count(*)::text || ':' || coalesce(sum(('x' || left(md5(row_to_json(r)::text), 16))::bit(64)::bigint::numeric), 0)::text as print from public.${ident(t)} r`,
      )
      .join('\nunion all\n');
    const rows = await database.query<{ tbl: string; print: string }>(sql);
    return Object.fromEntries(rows.map((r) => [r.tbl, r.print]));
  }

  return { tables, take, fingerprint };
}

export type RowProbe = Awaited<ReturnType<typeof installRowProbe>>;

/**
 * A test app whose process works no jobs (JOBS_IN_API=0, read when the app is built): no daily job
 * or queued work writes a row while a test counts the rows its requests change; with the probe on
 * its database and the counts taken (logins write sessions).
 */
export async function createProbedApp(opts: Parameters<typeof createTestApp>[0] = {}) {
  const before = process.env.JOBS_IN_API;
  process.env.JOBS_IN_API = '0';
  let t: Awaited<ReturnType<typeof createTestApp>>;
  try {
    t = await createTestApp(opts);
  } finally {
    if (before === undefined) delete process.env.JOBS_IN_API;
    else process.env.JOBS_IN_API = before;
  }
  const probe = await installRowProbe(t.database);
  return { t, probe };
}
