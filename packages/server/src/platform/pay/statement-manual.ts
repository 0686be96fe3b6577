import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../auth/access';
import { AppError } from '../errors';
import { type CommandContext, defineCommand, runCommand } from '../record/command';
import { findRecord } from '../record/record.service';
import type { StatementKind } from './define-statement';
import { payStatementLines, type payStatements } from './pay.table';
import { insertManual, MANUAL, type ManualLine, openForLines, settle, target } from './statement.service';

// Lines typed by hand (additional payments) on an open statement: added, found, changed.

/** Adds a line typed by hand (an additional payment) to an open statement; answers its id. */
export function addManualLine(db: DbOrTx, kind: StatementKind, user: AuthUser, input: ManualLine & { id: number }) {
  return runCommand(
    db,
    defineCommand({
      action: 'update',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<ManualLine & { id: number }, typeof payStatements>) => {
        openForLines(kind, row);
        const [line] = await insertManual(tx, kind, row, user, [input]);
        await settle(tx, row.id);
        return line?.id as number;
      },
    }),
    user,
    input,
  );
}

/** The statement a line belongs to, in the caller's reach (404 otherwise). */
export async function statementOfLine(db: DbOrTx, kind: StatementKind, user: AuthUser, lineId: number) {
  const [line] = await db
    .select()
    .from(payStatementLines)
    .where(and(eq(payStatementLines.id, lineId), eq(payStatementLines.kind, kind.kind)));
  if (!line) throw AppError.notFound();
  await findRecord(db, kind.record, user, line.statementId);
  return line;
}

/** Changes a line typed by hand on an open statement. */
export async function updateManualLine(
  db: DbOrTx,
  kind: StatementKind,
  user: AuthUser,
  input: ManualLine & { lineId: number },
) {
  const line = await statementOfLine(db, kind, user, input.lineId);
  if (line.source !== MANUAL) throw AppError.notFound();
  return runCommand(
    db,
    defineCommand({
      action: 'update',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<ManualLine & { id: number }, typeof payStatements>) => {
        openForLines(kind, row);
        await tx
          .update(payStatementLines)
          .set({
            category: input.category,
            lineDate: input.date,
            type: input.type,
            description: input.description,
            amountCents: input.amountCents,
          })
          .where(and(eq(payStatementLines.id, input.lineId), eq(payStatementLines.statementId, row.id)));
        await settle(tx, row.id);
        return row.id;
      },
    }),
    user,
    { ...input, id: line.statementId },
  );
}
