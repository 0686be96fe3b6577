import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { clock, SQL_NOW } from '../clock';
import { AppError } from '../errors';
import { claimLines, defineClaims } from '../record/claims';
import { type CommandContext, defineCommand, runCommand } from '../record/command';
import { findRecord } from '../record/record.service';
import type { Candidate, Payee, PayPeriod, PaySource, StatementKind } from './define-statement';
import { payStatementLines, payStatements } from './pay.table';
import { CARRIED, lineOf, lockPayee, offerLines, sourcesOf } from './statement-offer';

type Statement = typeof payStatements.$inferSelect;
/** Chosen line keys per source field (`{ trips: ['12', '13'], fuel: [] }`); a field left out keeps its lines. */
export type Chosen = Record<string, ReadonlyArray<string | number>>;
/** A line typed by hand (an additional payment): no source key. */
export type ManualLine = {
  category: string;
  date: string;
  type: string;
  description: string;
  amountCents: number;
};

export const MANUAL = 'addition';

/** What a payee earned in a period, offered as lines (statement-offer.ts): the engine's entry for the modules. */
export { offerLines };

const lineClaims = defineClaims({
  table: payStatementLines,
  owner: payStatementLines.statementId,
  field: 'lines',
  message: 'A chosen line is already on another statement.',
});

/**
 * Writes the chosen lines of each source named in `chosen`: lines no longer chosen are released,
 * chosen ones not yet on the statement are claimed (once, under the unique source index). A key
 * the source does not offer is a 422 on the source's field. Carried balances mark their origin.
 */
async function writeChosen(
  tx: DbOrTx,
  kind: StatementKind,
  user: AuthUser,
  s: Statement,
  chosen: Chosen,
  offered: Map<string, Candidate[]>,
  amounts: Amounts = {},
): Promise<void> {
  const origins: number[] = [];
  /** Balances carried by this save: each must be marked carried, not written off meanwhile. */
  const carriedNow: number[] = [];
  for (const source of sourcesOf(kind)) {
    const keys = chosen[source.field];
    if (keys === undefined) continue;
    const wanted = new Set(keys.map(String));
    const byKey = new Map((offered.get(source.name) ?? []).map((c) => [c.key, c]));
    if ([...wanted].some((k) => !byKey.has(k))) throw AppError.invalidField(source.field, kind.messages.lineTaken);
    const released = await tx
      .delete(payStatementLines)
      .where(
        and(
          eq(payStatementLines.statementId, s.id),
          eq(payStatementLines.source, source.name),
          wanted.size
            ? sql`${payStatementLines.sourceKey} not in (${sql.join(
                [...wanted].map((k) => sql`${k}`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .returning({ key: payStatementLines.sourceKey });
    const add = [...wanted].map((k) => byKey.get(k) as Candidate).filter((c) => !c.onIt);
    if (source.lock && add.length) await lockSourceRows(tx, source, kind, add);
    try {
      await claimLines(
        tx,
        lineClaims,
        s.id,
        add.map((c) => lineOf(kind, s, source, c, user.id)),
      );
    } catch (err) {
      if (err instanceof AppError && err.kind === 'validation')
        throw AppError.invalidField(source.field, kind.messages.lineTaken);
      throw err;
    }
    // A line already on the statement whose amount the form typed over (a manager's salary).
    for (const key of wanted) {
      const cents = amounts[source.name]?.[key];
      if (cents === undefined || !byKey.get(key)?.onIt) continue;
      await tx
        .update(payStatementLines)
        .set({ amountCents: cents })
        .where(
          and(
            eq(payStatementLines.statementId, s.id),
            eq(payStatementLines.source, source.name),
            eq(payStatementLines.sourceKey, key),
          ),
        );
    }
    if (source.name === CARRIED) {
      origins.push(...released.map((r) => Number(r.key)), ...add.map((c) => Number(c.key)));
      carriedNow.push(...add.map((c) => Number(c.key)));
    }
  }
  if (origins.length) {
    // The update locks each origin and, under a write-off that came first, reads it as written off:
    // a balance written off meanwhile is not carried as well (422 on the field, the claim undone).
    const marked = await rowsOf<{ id: number }>(
      tx,
      sql`update pay_statements o set settlement = case when exists (select 1 from pay_statement_lines l
          where l.company_id = o.company_id and l.kind = o.kind and l.source = ${CARRIED} and l.source_key = o.id::text)
          then 'carried' else null end, updated_at = ${SQL_NOW}
        where o.id in (${sql.join(
          origins.map((o) => sql`${o}`),
          sql`, `,
        )}) and (o.settlement is null or o.settlement = 'carried')
        returning o.id`,
    );
    const ok = new Set(marked.map((m) => Number(m.id)));
    if (carriedNow.some((id) => !ok.has(id))) {
      const field = sourcesOf(kind).find((x) => x.name === CARRIED)?.field ?? CARRIED;
      throw AppError.invalidField(field, kind.messages.lineTaken);
    }
  }
}

/** Locks the source rows of the lines about to be claimed, in id order; one gone meanwhile is a 422. */
async function lockSourceRows(tx: DbOrTx, source: PaySource, kind: StatementKind, lines: readonly Candidate[]) {
  const lock = source.lock as NonNullable<PaySource['lock']>;
  const ids = [...new Set(lines.map((c) => lock.id(c.key)))].sort((a, b) => a - b);
  const found = await tx
    .select({ id: lock.table.id })
    .from(lock.table)
    .where(inArray(lock.table.id, ids))
    .orderBy(lock.table.id)
    .for('update');
  if (found.length !== ids.length) throw AppError.invalidField(source.field, kind.messages.lineTaken);
}

/** The statement's amount and figures are the sums of its lines; its paid amount the sum of its payments. */
export async function settle(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(
    sql`update pay_statements s set
        amount_cents = l.amount, gross_cents = l.gross, miles = l.miles, load_count = l.loads, subject_count = l.subjects,
        paid_cents = p.paid, paid_date = p.last, updated_at = ${SQL_NOW}
      from (select coalesce(sum(amount_cents), 0) as amount, coalesce(sum(gross_cents), 0) as gross,
              coalesce(sum(miles), 0) as miles, coalesce(sum(load_count), 0) as loads,
              count(distinct data->>'subject') as subjects
            from pay_statement_lines where statement_id = ${id}) l,
           (select coalesce(sum(amount_cents), 0) as paid, max(paid_on) as last
            from pay_statement_payments where statement_id = ${id}) p
      where s.id = ${id}`,
  );
}

/** Refuses a period that has not begun, or one that overlaps another statement of the payee. */
async function checkPeriod(tx: DbOrTx, kind: StatementKind, user: AuthUser, payee: Payee, period: PayPeriod) {
  if (period.from > clock.today()) throw AppError.invalidField(kind.periodField, kind.messages.futurePeriod);
  const [clash] = await rowsOf<{ id: number; period_from: string; period_to: string }>(
    tx,
    sql`select id, period_from::text as period_from, period_to::text as period_to from pay_statements
      where company_id = ${user.companyId} and kind = ${kind.kind} and payee_id = ${payee.id}
        and period_from <= ${period.to} and period_to >= ${period.from}
      order by period_from limit 1`,
  );
  if (clash)
    throw AppError.invalidField(
      kind.periodField,
      kind.messages.overlap({ payee: payee.name, from: clash.period_from, to: clash.period_to, id: clash.id }),
    );
}

/** Amounts a form typed over the offered ones, per source name and key (a manager's salary). */
export type Amounts = Record<string, Record<string, number>>;

/**
 * The chosen keys with each named field's preselected lines added: a screen that takes "what the
 * source offers by default" (a month's entries) without listing them.
 */
function withPreselected(
  kind: StatementKind,
  chosen: Chosen,
  offered: Map<string, Candidate[]>,
  fields: readonly string[] | undefined,
): Chosen {
  if (!fields?.length) return chosen;
  const out: Chosen = { ...chosen };
  for (const source of sourcesOf(kind)) {
    if (!fields.includes(source.field)) continue;
    const preselected = (offered.get(source.name) ?? []).filter((c) => c.preselected).map((c) => c.key);
    out[source.field] = [...new Set([...(chosen[source.field] ?? []).map(String), ...preselected])];
  }
  return out;
}

/** The offered lines with the amounts a form typed over them. */
function typedOver(offered: Map<string, Candidate[]>, amounts: Amounts | undefined) {
  for (const [name, typed] of Object.entries(amounts ?? {})) {
    for (const c of offered.get(name) ?? []) if (typed[c.key] !== undefined) c.amountCents = typed[c.key] as number;
  }
}

export type CreateStatement = {
  payeeId: number;
  period: PayPeriod;
  chosen: Chosen;
  manual?: ManualLine[];
  variant?: string | null;
  departmentId?: number | null;
  /** Terms beyond the kind's own (a rate chosen on the form). */
  terms?: Record<string, unknown>;
  amounts?: Amounts;
  /** Source fields that also take their preselected lines (besides those `chosen` names). */
  preselected?: readonly string[];
};

const createCommand = (kind: StatementKind) =>
  defineCommand({
    action: 'create',
    run: async ({ tx, user, input, audit }: CommandContext<CreateStatement, typeof payStatements>) => {
      const payee = await kind.payee({ tx, user }, input.payeeId);
      await lockPayee(tx, kind.kind, payee.id);
      await checkPeriod(tx, kind, user, payee, input.period);
      const terms = { ...(await kind.terms?.({ tx, user }, payee, input.period)), ...input.terms };
      const [s] = await tx
        .insert(payStatements)
        .values({
          companyId: user.companyId,
          kind: kind.kind,
          variant: input.variant ?? null,
          payeeId: payee.id,
          customerId: payee.customerId ?? null,
          departmentId: input.departmentId ?? payee.departmentId ?? null,
          periodFrom: input.period.from,
          periodTo: input.period.to,
          terms,
          createdBy: user.id,
        })
        .returning();
      if (!s) throw new AppError('internal', 'Statement not created');
      const offered = await offerLines(tx, kind, user, { payee, period: input.period, statementId: null, terms });
      typedOver(offered, input.amounts);
      const chosen: Chosen = withPreselected(
        kind,
        Object.fromEntries(sourcesOf(kind).map((src) => [src.field, input.chosen[src.field] ?? []])),
        offered,
        input.preselected,
      );
      await writeChosen(tx, kind, user, s, chosen, offered);
      await insertManual(tx, kind, s, user, input.manual ?? []);
      await settle(tx, s.id);
      const [after] = await tx.select().from(payStatements).where(eq(payStatements.id, s.id));
      await audit({
        entity: kind.record.entity,
        entityId: s.id,
        action: 'create',
        after: await kind.record.audit?.(after, { tx, user }),
      });
      return s.id;
    },
  });

export async function insertManual(tx: DbOrTx, kind: StatementKind, s: Statement, user: AuthUser, lines: ManualLine[]) {
  if (!lines.length) return [];
  return tx
    .insert(payStatementLines)
    .values(
      lines.map((l) => ({
        companyId: s.companyId,
        statementId: s.id,
        kind: kind.kind,
        payeeId: s.payeeId,
        source: MANUAL,
        section: 'additionalPayments',
        lineDate: l.date,
        type: l.type,
        description: l.description,
        category: l.category,
        amountCents: l.amountCents,
        createdBy: user.id,
      })),
    )
    .returning();
}

/** A new statement of the payee for the period with the chosen lines: its id. */
export function createStatement(db: DbOrTx, kind: StatementKind, user: AuthUser, input: CreateStatement) {
  return runCommand(db, createCommand(kind), user, input);
}

const openOnly = (kind: StatementKind, s: Statement) => {
  if (s.status === 'Closed') throw AppError.precondition(kind.messages.closed);
};

/** A line typed onto a closed statement is bad input: a 422 naming the statement the body chose. */
export const openForLines = (kind: StatementKind, s: Statement) => {
  if (s.status === 'Closed') throw AppError.validation({ statement_id: [kind.messages.closed] }, kind.messages.closed);
};

const payeeOf = async (tx: DbOrTx, kind: StatementKind, user: AuthUser, s: Statement) =>
  kind.payee({ tx, user }, s.payeeId);

export const target = (kind: StatementKind) => ({ record: kind.record, id: (i: { id: number }) => i.id });

export type UpdateStatement = {
  id: number;
  chosen: Chosen;
  /** Manual lines kept (ids); the others are removed. Undefined keeps them all. */
  keepManual?: readonly number[];
  close?: boolean;
  /** Amounts typed over the offered ones, also of lines already on the statement. */
  amounts?: Amounts;
  /** Terms changed on the form (merged into the statement's), and its department. */
  terms?: Record<string, unknown>;
  departmentId?: number | null;
  /** Source fields that also take their preselected lines not on the statement yet. */
  preselected?: readonly string[];
};

/** Changes an open statement's lines and may close it. */
export function updateStatement(db: DbOrTx, kind: StatementKind, user: AuthUser, input: UpdateStatement) {
  return runCommand(
    db,
    defineCommand({
      action: 'update',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<UpdateStatement, typeof payStatements>) => {
        openOnly(kind, row);
        const payee = await payeeOf(tx, kind, user, row);
        await lockPayee(tx, kind.kind, payee.id);
        const period = { from: row.periodFrom, to: row.periodTo };
        const terms = row.terms as Record<string, unknown>;
        const offered = await offerLines(tx, kind, user, { payee, period, statementId: row.id, terms });
        typedOver(offered, input.amounts);
        const chosen = withPreselected(kind, input.chosen, offered, input.preselected);
        await writeChosen(tx, kind, user, row, chosen, offered, input.amounts);
        if (input.terms || input.departmentId !== undefined)
          await tx
            .update(payStatements)
            .set({
              ...(input.terms ? { terms: { ...terms, ...input.terms } } : {}),
              ...(input.departmentId !== undefined ? { departmentId: input.departmentId } : {}),
            })
            .where(eq(payStatements.id, row.id));
        if (input.keepManual) {
          await tx.delete(payStatementLines).where(
            and(
              eq(payStatementLines.statementId, row.id),
              eq(payStatementLines.source, MANUAL),
              input.keepManual.length
                ? sql`${payStatementLines.id} not in (${sql.join(
                    input.keepManual.map((k) => sql`${k}`),
                    sql`, `,
                  )})`
                : undefined,
            ),
          );
        }
        if (input.close) await tx.update(payStatements).set({ status: 'Closed' }).where(eq(payStatements.id, row.id));
        await settle(tx, row.id);
      },
    }),
    user,
    input,
  );
}

/** Deletes a statement that is open and unpaid: its lines go, so their sources may be claimed again. */
export function deleteStatement(db: DbOrTx, kind: StatementKind, user: AuthUser, id: number) {
  return runCommand(
    db,
    defineCommand({
      action: 'delete',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<{ id: number }, typeof payStatements>) => {
        if (row.status === 'Closed') throw AppError.precondition(kind.messages.closedDelete);
        if (row.paidCents > 0) throw AppError.precondition(kind.messages.closedDelete);
        const carried = await tx
          .select({ key: payStatementLines.sourceKey })
          .from(payStatementLines)
          .where(and(eq(payStatementLines.statementId, row.id), eq(payStatementLines.source, CARRIED)));
        await tx.delete(payStatements).where(eq(payStatements.id, row.id));
        const origins = carried.map((c) => Number(c.key));
        if (origins.length)
          await tx
            .update(payStatements)
            .set({ settlement: null })
            .where(and(inArray(payStatements.id, origins), eq(payStatements.settlement, 'carried')));
      },
    }),
    user,
    { id },
  );
}

/** A statement's header in the caller's reach (404 otherwise). */
export const findStatement = (db: DbOrTx, kind: StatementKind, user: AuthUser, id: number) =>
  findRecord(db, kind.record, user, id) as Promise<Statement>;

export type StatementLineRow = typeof payStatementLines.$inferSelect;

/** The statement's lines in the spec's section order, then by date. */
export function statementLines(db: DbOrTx, id: number): Promise<StatementLineRow[]> {
  return db
    .select()
    .from(payStatementLines)
    .where(eq(payStatementLines.statementId, id))
    .orderBy(
      sql`case ${payStatementLines.section} when 'trips' then 1 when 'fuel' then 2 when 'schedulePayments' then 3 else 4 end`,
      payStatementLines.lineDate,
      payStatementLines.id,
    );
}
