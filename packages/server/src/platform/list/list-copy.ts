// 'All' on PostgreSQL: each batch is read with COPY (query) TO STDOUT and its text turned into the
// answer's JSON bytes in one pass (copy-json.ts). The rows never become objects: at 16,000 rows of
// 31 columns, the row-by-row path spent ~450 ms of the main thread in pg's parser, JSON.stringify
// and the garbage they leave. PGlite, a caller's transaction and a list whose columns outputRow
// changes in ways the transcoder does not (timestamps, JSON, arrays) keep the row-by-row path.
import type { SQL } from 'drizzle-orm';
import { type PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { DbOrTx } from '../../db/client';
import { type CopyKind, type CopyPlan, copyKind, copyPlan, copyTranscoder } from './copy-json';
import type { ListColumn } from './define-list';

/** The pool behind a handle on PostgreSQL; null on PGlite and inside a transaction. */
export function copyPool(db: DbOrTx): pg.Pool | null {
  if (db instanceof PgTransaction) return null;
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const plans = new Map<string, CopyPlan | null>();

/** How much COPY text is transcoded at once (~2.5× that in JSON). */
const COPY_PIECE = 128 * 1024;

/**
 * A statement's text with its parameters written as literals (COPY takes none), or null when a
 * value is not a string, number, boolean or null, or the placeholders are not $1…$n in order.
 * pg sends every parameter as text of unknown type, so a quoted literal means the same.
 */
export function inlineParams(text: string, params: readonly unknown[]): string | null {
  let next = 0;
  let ok = true;
  const out = text.replace(/\$(\d+)/g, (_m, digits: string) => {
    const n = Number(digits);
    if (n !== ++next) ok = false;
    const v = params[n - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') {
      return pg.escapeLiteral(String(v));
    }
    ok = false;
    return '';
  });
  return ok && next === params.length ? out : null;
}

/**
 * One batch of 'All' as JSON bytes through COPY, in pieces as the rows arrive (the answer's
 * compression starts on the first while the database writes the rest), or null when this list
 * cannot go that way (the caller then reads it row by row). The columns' kinds are read once per
 * list and set of columns, from the statement's result types (LIMIT 0). The pieces are read off
 * the connection as they come, whether or not the caller is reading yet (a later batch waits in
 * memory for the one before it). Resolves on the first piece, the end or an error, so a statement
 * that fails at once (a filter value that does not fit) rejects here.
 */
export async function copyBatchJson(
  db: DbOrTx,
  query: SQL,
  opts: { key: string; columns: readonly ListColumn[]; settings: string },
): Promise<AsyncIterable<Buffer> | null> {
  const pool = copyPool(db);
  if (!pool) return null;
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const literal = inlineParams(text, params);
  if (literal === null) return null;
  const planKey = `${opts.key}|${opts.columns.map((c) => c.id).join(',')}`;
  // A list already known to need the row-by-row path goes there without a round trip.
  if (plans.get(planKey) === null) return null;
  const client = await pool.connect();
  let plan: CopyPlan | null | undefined;
  try {
    await client.query(`begin; ${opts.settings}`);
    plan = plans.get(planKey);
    if (plan === undefined) {
      const probe = await client.query(`select * from (${literal}) q limit 0`);
      const kinds = opts.columns.map((c, i) => copyKind(probe.fields[i]?.dataTypeID ?? 0, Boolean(c.dollar)));
      const ok = probe.fields.length === opts.columns.length && kinds.every((k) => k !== null);
      plan = ok ? copyPlan(opts.columns.map((c, i) => ({ id: c.id, kind: kinds[i] as CopyKind }))) : null;
      if (plans.size > 500) plans.clear();
      plans.set(planKey, plan);
    }
    if (!plan) {
      await client.query('commit');
      client.release();
      return null;
    }
  } catch (err) {
    client.release(true);
    throw err;
  }
  const pieces = new PieceQueue();
  const transcoder = copyTranscoder(plan);
  const stream = client.query(copyStreams.to(`copy (${literal}) to stdout`));
  let released = false;
  const release = (broken: boolean) => {
    if (released) return;
    released = true;
    // A connection left inside a failed COPY is not handed out again.
    client.release(broken);
  };
  // COPY's data comes in socket reads of ~8 KB: held until COPY_PIECE, so the transcoder and the
  // answer's compression work on large pieces (brotli over 20 KB writes costs ~30% more than over 160 KB).
  let held: Buffer[] = [];
  let heldBytes = 0;
  const transcodeHeld = () => {
    if (!heldBytes) return;
    const data = held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    const json = transcoder.push(data);
    if (json) pieces.put(json);
  };
  stream.on('data', (chunk: Buffer) => {
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes < COPY_PIECE) return;
    try {
      transcodeHeld();
    } catch (err) {
      stream.destroy(err as Error);
    }
  });
  stream.on('error', (err) => {
    release(true);
    pieces.fail(err);
  });
  stream.on('end', () => {
    try {
      transcodeHeld();
      transcoder.end();
    } catch (err) {
      release(true);
      pieces.fail(err as Error);
      return;
    }
    client.query('commit').then(
      () => {
        release(false);
        pieces.close();
      },
      (err: Error) => {
        release(true);
        pieces.fail(err);
      },
    );
  });
  await pieces.started();
  return pieces;
}

/** Pieces put by the producer, read in order by one consumer; an error reaches the reader. */
class PieceQueue implements AsyncIterable<Buffer> {
  private items: Buffer[] = [];
  private done = false;
  private error: Error | null = null;
  private wake: (() => void) | null = null;
  private begun: Promise<void>;
  private begin: () => void = () => {};

  constructor() {
    this.begun = new Promise((resolve) => {
      this.begin = resolve;
    });
  }

  put(piece: Buffer) {
    this.items.push(piece);
    this.signal();
  }

  close() {
    this.done = true;
    this.signal();
  }

  fail(err: Error) {
    this.error ??= err;
    this.signal();
  }

  private signal() {
    this.begin();
    this.wake?.();
    this.wake = null;
  }

  /** Resolves on the first piece or the end; rejects when the statement failed before either. */
  async started(): Promise<void> {
    await this.begun;
    if (this.error && !this.items.length) throw this.error;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (;;) {
      const piece = this.items.shift();
      if (piece) {
        yield piece;
        continue;
      }
      if (this.error) throw this.error;
      if (this.done) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }
}
