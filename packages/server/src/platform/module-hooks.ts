import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/*
 * SQL a module asks of a module above it (docs/ARCHITECTURE.md, "Module boundaries"): the upper
 * module depends on the lower one, so the lower one may not import it or name its tables; it
 * declares a hook, and the upper module fills it from its routes. The SQL is resolved when the
 * query is built, so a list column declared at import time may use it; it is an expression (the
 * query builder puts it in parentheses).
 */

/** SQL resolved on use: what `resolve` answers when the query is built. */
const late = (resolve: () => SQL): SQL => sql`${{ getSQL: resolve } satisfies SQLWrapper}`;

export type SqlHook<A extends unknown[]> = {
  /** The upper module's SQL (called from its routes; the last one wins). */
  provide: (fn: (...args: A) => SQL) => void;
  /** The SQL for these arguments; a query built before anything provided it fails, naming the hook. */
  sql: (...args: A) => SQL;
};

/** One piece of SQL a lower module needs from the module above it, e.g. the day an invoice was last paid. */
export function sqlHook<A extends unknown[]>(name: string): SqlHook<A> {
  let provider: ((...args: A) => SQL) | null = null;
  return {
    provide: (fn) => {
      provider = fn;
    },
    sql: (...args) =>
      late(() => {
        if (!provider)
          throw new Error(`No SQL for "${name}": the module that provides it registers it with its routes`);
        return provider(...args);
      }),
  };
}

/** How a kind of row reads counted: '1 invoice', '12 invoices'. */
type Noun = { one: string; many: string };

/** One registered kind of row: its name, counted, and its count for a row's id. */
type ReferenceKind = { kind: string; noun: Noun; count: (id: SQL) => SQL };

export type References = {
  /**
   * A module whose rows point at the table says how many do, for one row's id (from its routes);
   * `noun` is how they read counted (default: the kind, `work_orders` → 'work orders' / 'work order').
   */
  register: (kind: string, count: (id: SQL) => SQL, noun?: Noun) => void;
  /** Every registered kind, in the order registered: a refused delete names each that holds the row. */
  kinds: () => ReferenceKind[];
  /** How many rows of `kind` point at the row (0 when that module registered nothing). */
  count: (kind: string, id: SQL) => SQL;
  /** How many rows of every registered kind point at the row: "in use" and delete rules. */
  total: (id: SQL) => SQL;
};

/** 'work_orders' → work orders / work order; 'companies' → company. */
function nounOf(kind: string): Noun {
  const many = kind.replaceAll('_', ' ');
  return { one: many.replace(/ies$/, 'y').replace(/s$/, ''), many };
}

/**
 * The rows of other modules pointing at one row of a lower module's table (a customer's drivers,
 * trucks and trailers; the trailers of a trailer type): each of those modules registers its count,
 * so the owner shows links and refuses to delete a row in use without reading their tables.
 */
export function references(): References {
  const counts = new Map<string, ReferenceKind>();
  const counted = (kind: string, id: SQL) => {
    const registered = counts.get(kind);
    return registered ? sql`coalesce((${registered.count(id)}), 0)` : sql`0`;
  };
  return {
    register: (kind, count, noun) => {
      counts.set(kind, { kind, noun: noun ?? nounOf(kind), count });
    },
    kinds: () => [...counts.values()],
    count: (kind, id) => late(() => sql`(${counted(kind, id)})::int`),
    total: (id) =>
      late(() =>
        counts.size === 0
          ? sql`0`
          : sql`(${sql.join(
              [...counts.keys()].map((kind) => counted(kind, id)),
              sql` + `,
            )})::int`,
      ),
  };
}
