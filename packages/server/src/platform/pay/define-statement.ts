import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { type AnyRecord, defineRecord, type RecordContext, type RecordTable } from '../record/define-record';
import { payStatements } from './pay.table';

/** The spec's sections of a statement (001 §9: trips, fuel, schedulePayments, additionalPayments). */
export type PaySection = 'trips' | 'fuel' | 'schedulePayments' | 'additionalPayments';

export type PayPeriod = { from: string; to: string };

export type Payee = {
  id: number;
  name: string;
  customerId?: number | null;
  departmentId?: number | null;
};

/** What a source sees when it offers lines to a statement. */
export type SourceContext = {
  tx: DbOrTx;
  user: AuthUser;
  kind: string;
  payee: Payee;
  period: PayPeriod;
  /**
   * The first day a late line may come from: the start of the payee's first statement of this
   * kind, or of this period when it is the first. A line earned before it predates the payee's pay
   * in Backhaul and is never offered.
   */
  since: string;
  statementId: number | null;
  terms: Record<string, unknown>;
  /** The clock's instant and Chicago day (the same for every source of one call). */
  now: Date;
  today: string;
  /** SQL: the line `key` of `source` is on no other statement of this kind. */
  unclaimed: (source: string, key: SQL) => SQL;
  /** SQL: the line is on this statement (false on a new one). */
  onThis: (source: string, key: SQL) => SQL;
};

/** A line a source offers: its key, what it shows and what it pays (signed cents: deductions negative). */
export type Candidate = {
  key: string;
  date: string;
  /** The period the line was earned in, when it is before the statement's own (a late load). */
  earned?: PayPeriod | null;
  type: string;
  description: string;
  countAction?: string;
  schedule?: string;
  category?: string | null;
  grossCents?: number;
  miles?: number;
  loadCount?: number;
  amountCents: number;
  data?: Record<string, unknown>;
  /** Chosen by default on a new statement (default: the source's `preselect`). */
  preselected?: boolean;
  /** Already on this statement (filled by the source through `onThis`, or by the engine). */
  onIt?: boolean;
};

/**
 * A source of lines, declared by a module (loads, fuel, instalments, expenses, entries, salary):
 * `candidates` answers what the payee may be paid or charged up to the period's end and nobody
 * else's statement holds; the engine claims the chosen ones once.
 */
export type PaySource = {
  name: string;
  section: PaySection;
  /** The body field that chooses this source's lines (422s name it). */
  field: string;
  /** Chosen by default on a new statement (default true). */
  preselect?: boolean;
  candidates: (ctx: SourceContext) => Promise<Candidate[]>;
  /**
   * The source's own rows, locked before their lines are claimed, when the owning module may change
   * or delete a row under its own lock (an entry deleted while a statement takes it): the two wait
   * on each other, and the one that comes second sees what the first did.
   */
  lock?: { table: RecordTable; id: (key: string) => number };
};

export type StatementMessages = {
  /** A line chosen that is not offered (taken by another statement, or out of the period). */
  lineTaken: string;
  closed: string;
  closedDelete: string;
  notClosed: string;
  overpaid: string;
  /** A payment on a statement that owes nothing to the payee. */
  nothingDue: string;
  futurePeriod: string;
  overlap: (p: { payee: string; from: string; to: string; id: number }) => string;
  /** The paid status of a statement whose total is negative: 'Owed by driver'. */
  owed: string;
  writeOffReason: string;
  notOwed: string;
};

export type StatementKindSpec = {
  kind: string;
  /** Its permission section (the record engine's). */
  section: number;
  /** The payee in the caller's company (422 on `field` when not one). */
  payee: (ctx: RecordContext, id: number) => Promise<Payee>;
  /** The payee's field in bodies ('driver_id', 'dispatcher_id', 'user_id', 'employee_id'). */
  payeeField: string;
  /** The body field a period error names ('date_from', 'month'). */
  periodField: string;
  /** What the statement pays by for the payee and period (a driver's contract), kept on the statement. */
  terms?: (ctx: RecordContext, payee: Payee, period: PayPeriod) => Promise<Record<string, unknown>>;
  sources: PaySource[];
  /** A negative balance may be carried to the payee's next statement (a line of source 'carried'). */
  carry?: boolean;
  /** Narrows the rows a caller reaches (a customer user's, a dispatcher's own). */
  rowScope?: (user: AuthUser) => SQL | undefined;
  messages: StatementMessages;
};

export type StatementKind = StatementKindSpec & {
  /** The record of this kind's statements: scope (company, kind, rowScope), lock, 404, audit. */
  record: AnyRecord & { table: typeof payStatements };
};

const HeaderSchema = z.object({
  id: z.number(),
  kind: z.string(),
  payee_id: z.number(),
  period_from: z.string(),
  period_to: z.string(),
  status: z.string(),
  amount_cents: z.number(),
  paid_cents: z.number(),
  settlement: z.string().nullable(),
});

/** The audit image of a statement: its header and each line as `source:key amount`. */
async function auditImage(s: typeof payStatements.$inferSelect, ctx: RecordContext) {
  const lines = await rowsOf<{ source: string; source_key: string | null; amount_cents: string }>(
    ctx.tx,
    sql`select source, source_key, amount_cents from pay_statement_lines where statement_id = ${s.id} order by id`,
  );
  return {
    id: s.id,
    kind: s.kind,
    payee_id: s.payeeId,
    period_from: s.periodFrom,
    period_to: s.periodTo,
    status: s.status,
    amount_cents: s.amountCents,
    paid_cents: s.paidCents,
    settlement: s.settlement,
    department_id: s.departmentId,
    terms: s.terms,
    lines: lines.map((l) => `${l.source}:${l.source_key ?? '-'} ${l.amount_cents}`),
  };
}

/** Declares a kind of pay statement on the one engine: its payee, sources, terms and messages. */
export function defineStatementKind(spec: StatementKindSpec): StatementKind {
  const record = defineRecord({
    table: payStatements,
    section: spec.section,
    scope: { row: (user) => and(eq(payStatements.kind, spec.kind), spec.rowScope?.(user)) },
    form: z.object({}),
    row: HeaderSchema,
    toRow: (s) => ({
      id: s.id,
      kind: s.kind,
      payee_id: s.payeeId,
      period_from: s.periodFrom,
      period_to: s.periodTo,
      status: s.status,
      amount_cents: s.amountCents,
      paid_cents: s.paidCents,
      settlement: s.settlement,
    }),
    audit: auditImage,
  });
  const names = new Set<string>();
  for (const source of spec.sources) {
    if (names.has(source.name)) throw new Error(`Statement ${spec.kind}: two sources named ${source.name}`);
    names.add(source.name);
  }
  return { ...spec, record: record as StatementKind['record'] };
}
