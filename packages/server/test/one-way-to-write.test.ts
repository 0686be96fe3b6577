import { describe, expect, it } from 'vitest';
import { offendingLines } from './source-lines';

/**
 * One way to write (docs/CODE_STYLE.md, "The one of each"; issue 29). Outside `platform/`, no
 * server code writes an audit row, opens a transaction or locks a row by hand: the record engine
 * (records, resources, `saveRecords`), commands (`defineCommand`/`runCommand`) and the engines built
 * on them (pay statements, imports) do, so a module writes only its business rule. Test files and
 * test data builders (`*.fixtures.ts`) may set data up directly. Each failure names the file, the
 * line and what it does.
 */

const ROOTS = ['src/modules', 'src/db', 'src/main.ts', 'src/app.ts', 'src/worker.ts', 'src/seeders.ts'];

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'writes an audit row (writeAudit): let a record or a command do it', pattern: /\bwriteAudit\s*\(/ },
  { what: 'opens a transaction: run a command (runCommand) or a record save', pattern: /\.transaction\s*\(/ },
  { what: 'opens a transaction (inTransaction): run a command or a record save', pattern: /\binTransaction\s*\(/ },
  { what: "locks a row (.for('update')): a command's target or ctx.lock does", pattern: /\.for\(\s*['"]update/ },
  { what: 'locks a row (FOR UPDATE in SQL): a command does', pattern: /\bfor\s+(no\s+key\s+)?update\b/i },
];

/** Where a database backup or restore works on the raw tables: not business writes. */
const EXEMPT = /^src\/db\/(backup|restore|prepare|migrate|lock|client)[^/]*\.ts$/;

/** Each forbidden write in the server's code outside platform/, as "file:line: what". */
const handWrittenWrites = () => offendingLines(ROOTS, FORBIDDEN, (file) => EXEMPT.test(file));

describe('one way to write', () => {
  it('no module writes an audit row, opens a transaction or locks a row by hand', () => {
    expect(handWrittenWrites()).toEqual([]);
  });
});
