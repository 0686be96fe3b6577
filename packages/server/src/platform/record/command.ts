import type { DbOrTx } from '../../db/client';
import { type AuditEntry, writeAudit } from '../audit/audit';
import type { AuthUser } from '../auth/access';
import { AppError } from '../errors';
import type { AnyRecord, RecordOf, RecordTable } from './define-record';
import { findRecord, inTransaction, isUniqueViolation } from './record.service';

/** An audit row a command adds for a row it wrote besides its target (the actor is the caller). */
export type CommandAudit = Omit<AuditEntry, 'actor'>;

/** What a command's rule sees: the transaction, the caller, its input and the row it locked. */
export type CommandContext<I, T extends RecordTable> = {
  tx: DbOrTx;
  user: AuthUser;
  input: I;
  /** The target as it was, read under a row lock in the caller's scope (undefined without a target). */
  row: RecordOf<T>;
  /** Locks another record's row in the caller's scope for the rest of the transaction (404 when out of reach). */
  lock: <R extends AnyRecord>(record: R, id: number) => Promise<RecordOf<R['table']>>;
  /** Writes an audit row for another row the rule changed, in the command's transaction. */
  audit: (entry: CommandAudit) => Promise<void>;
};

/**
 * A unique index a command may run into: a parallel request took the same line first, or the row
 * already exists. Mapped to a 422 on `field`.
 */
export type CommandConflict<I> = {
  /** The index (constraint) name; unset: any unique violation. */
  constraint?: string;
  field: string;
  message: string | ((input: I) => string);
};

export type CommandSpec<I, R, T extends RecordTable> = {
  /** The audit action of the target's row: 'close', 'pay', 'send', 'generate', … */
  action: string;
  /**
   * The row the command locks: found in the caller's scope of `record` (404 when out of reach),
   * locked, snapshot before and after the rule for the audit (under the record's entity).
   */
  target?: { record: AnyRecord & { table: T }; id: (input: I) => number };
  /** Unique violations and the field they answer on. */
  conflicts?: CommandConflict<I>[];
  /** Skip the target's audit row when the rule changed nothing (the after-image equals the before). */
  auditUnchanged?: boolean;
  /** The business rule. Throw an AppError to refuse; everything it wrote is rolled back. */
  run: (ctx: CommandContext<I, T>) => Promise<R>;
};

export type Command<I, R, T extends RecordTable = RecordTable> = CommandSpec<I, R, T> & { kind: 'command' };

/**
 * Declares a write that is not a create/update/delete of one record (close, pay, send, generate,
 * check out, approve): the platform gives the transaction, the lock, the audit and the error
 * mapping; the module gives the rule.
 */
export function defineCommand<I, R, T extends RecordTable = RecordTable>(spec: CommandSpec<I, R, T>): Command<I, R, T> {
  return { ...spec, kind: 'command' };
}

const constraintOf = (err: unknown): string | undefined => {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e.cause?.constraint ?? e.constraint;
};

/** The 422 a unique violation answers, or the error itself. */
function mapConflict<I>(err: unknown, conflicts: readonly CommandConflict<I>[] | undefined, input: I): unknown {
  if (!conflicts?.length || !isUniqueViolation(err)) return err;
  const name = constraintOf(err);
  const hit = conflicts.find((c) => !c.constraint || c.constraint === name);
  if (!hit) return err;
  return AppError.invalidField(hit.field, typeof hit.message === 'function' ? hit.message(input) : hit.message);
}

const snapshot = async (record: AnyRecord, row: unknown, tx: DbOrTx, user: AuthUser) =>
  record.audit ? record.audit(row, { tx, user }) : record.toRow(row, { tx, user });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs a command in one transaction (a savepoint when `db` already is one): the target locked,
 * the rule, the target's audit row with before and after (after is null when the rule deleted it),
 * and conflicts mapped to 422. Answers what the rule answers.
 */
export async function runCommand<I, R, T extends RecordTable>(
  db: DbOrTx,
  command: Command<I, R, T>,
  user: AuthUser,
  input: I,
): Promise<R> {
  try {
    return await inTransaction(db, async (tx) => {
      const target = command.target;
      const id = target ? target.id(input) : null;
      const row = target && id !== null ? await findRecord(tx, target.record, user, id, { lock: true }) : undefined;
      const before = target && row ? await snapshot(target.record, row, tx, user) : null;
      const ctx: CommandContext<I, T> = {
        tx,
        user,
        input,
        row: row as RecordOf<T>,
        lock: (record, lockId) => findRecord(tx, record, user, lockId, { lock: true }),
        audit: (entry) => writeAudit(tx, { ...entry, actor: user }),
      };
      const result = await command.run(ctx);
      if (target && id !== null) {
        const after = await findRecord(tx, target.record, user, id).catch((err: unknown) => {
          if (err instanceof AppError && err.kind === 'not_found') return null;
          throw err;
        });
        const afterImage = after ? await snapshot(target.record, after, tx, user) : null;
        if (!(command.auditUnchanged && same(before, afterImage))) {
          await writeAudit(tx, {
            actor: user,
            entity: target.record.entity,
            entityId: id,
            action: command.action,
            before,
            after: afterImage,
          });
        }
      }
      return result;
    });
  } catch (err) {
    throw mapConflict(err, command.conflicts, input);
  }
}

/** Who a job's write is for: the company, and the user who asked for the job (none for the seed). */
export type SystemCaller = { companyId: number; actorId: number | null };

export type SystemCommandContext<I> = {
  tx: DbOrTx;
  caller: SystemCaller;
  input: I;
  /** Writes an audit row as the job's asker (or as the system), in the command's transaction. */
  audit: (entry: CommandAudit) => Promise<void>;
};

export type SystemCommand<I, R> = {
  kind: 'system-command';
  conflicts?: CommandConflict<I>[];
  run: (ctx: SystemCommandContext<I>) => Promise<R>;
};

/**
 * A write a job makes on behalf of a company (a batch of generated invoices): no signed-in caller
 * and no target to lock in a caller's scope; the platform still gives the transaction, the audit
 * writer and the error mapping.
 */
export const defineSystemCommand = <I, R>(spec: Omit<SystemCommand<I, R>, 'kind'>): SystemCommand<I, R> => ({
  ...spec,
  kind: 'system-command',
});

export async function runSystemCommand<I, R>(
  db: DbOrTx,
  command: SystemCommand<I, R>,
  caller: SystemCaller,
  input: I,
): Promise<R> {
  const actor = caller.actorId === null ? null : { id: caller.actorId, companyId: caller.companyId };
  try {
    return await inTransaction(db, (tx) =>
      command.run({ tx, caller, input, audit: (entry) => writeAudit(tx, { ...entry, actor }) }),
    );
  } catch (err) {
    throw mapConflict(err, command.conflicts, input);
  }
}
