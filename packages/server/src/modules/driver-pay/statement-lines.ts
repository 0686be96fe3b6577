// What the driver statements hold, for the modules' own rules (a fuel row or an instalment on a
// statement keeps its money): the engine's lines of kind 'driver', read by source.
import { sql } from 'drizzle-orm';

/** Instalments on driver statements: the series, the due day and the statement (`<series id>:<YYYY-MM-DD>` keys). */
export const instalmentLines = sql`(select pl.statement_id, split_part(pl.source_key, ':', 1)::int as scheduled_payment_id,
    split_part(pl.source_key, ':', 2)::date as due_on
  from pay_statement_lines pl where pl.kind = 'driver' and pl.source = 'instalment')`;

/** The driver statement a source's row is on (a fuel row's id, an expense's id), or none. */
export const statementHolding = (source: 'fuel' | 'expense' | 'advance' | 'hours', id: unknown) =>
  sql`(select pl.statement_id from pay_statement_lines pl where pl.kind = 'driver' and pl.source = ${source}
    and pl.source_key = ${id}::text limit 1)`;
