import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One statement engine (issue 28): driver, dispatcher, safety and staff (manager/employee)
 * statements are kinds declared with `defineStatementKind` on platform/pay, and no statement module
 * keeps its own period, line, close or pay code. Read from the sources, like one-way-to-write:
 * - each kind's file declares it on the engine (`export const x = defineStatementKind({ kind: … })`),
 *   and these four are the only statement kinds;
 * - no module outside platform/pay inserts, updates or deletes a row of `pay_statements`,
 *   `pay_statement_lines` or `pay_statement_payments` (drizzle or SQL text), nor defines a record
 *   on those tables: creating, claiming lines, closing, paying, writing off and deleting are the
 *   engine's (`createStatement`, `updateStatement`, `payStatement`, `writeOffBalance`,
 *   `deleteStatement`…). ALLOWED lists the writes that are not pay: each with its reason;
 * - each statement module that makes statements calls the engine for it.
 * Each failure names the file, the line and what it does.
 */

const SERVER = resolve(import.meta.dirname, '..');
const SHARED = resolve(SERVER, '../shared/src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const rel = (file: string) => relative(SERVER, file).replaceAll('\\', '/');
const isTestData = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || /\.fixtures\.ts$|\/fixtures\//.test(file);
const moduleFiles = () => filesUnder(join(SERVER, 'src/modules')).filter((f) => !isTestData(rel(f)));
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The four kinds and the file that declares each. */
const KINDS: Record<string, string> = {
  driver: 'src/modules/driver-pay/driver-statements.kind.ts',
  dispatcher: 'src/modules/dispatcher-statements/dispatcher-statements.kind.ts',
  safety: 'src/modules/safety-statements/safety-statements.kind.ts',
  staff: 'src/modules/manager-statements/staff-statements.kind.ts',
};

/** The statement modules: none keeps its own period, line, close or pay code. */
const STATEMENT_MODULES = [
  'driver-pay',
  'dispatcher-statements',
  'safety-statements',
  'manager-statements',
  'salaries',
];

/** Writes to the engine's tables that are not period, line, close or pay code, each with its reason. */
const ALLOWED: { file: RegExp; write: RegExp; why: string }[] = [
  {
    file: /^src\/modules\/driver-pay\/statement-mail\.ts$/,
    write: /\.update\(payStatements\)\.set\(\{ sentAt: clock\.now\(\) \}\)/,
    why: 'stamps sent_at when the statement is mailed (a command on the kind’s record)',
  },
  {
    file: /^src\/modules\/[a-z-]+\/[a-z-]+\.seed\.ts$/,
    write:
      /update \$\{payStatements\} set created_at = period_from \+ interval '[^']+'\s+where company_id = \$\{companyId\} and kind = /,
    why: 'demo data: dates the seeded statements as if made after their month',
  },
];

const TABLE_VARS = ['payStatements', 'payStatementLines', 'payStatementPayments'];

/** The names a file gives the engine's tables (`payStatements as s` → s). */
function tableNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*platform\/pay\/pay\.table'/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name && TABLE_VARS.includes(name)) names.add((alias ?? name).trim());
    }
  }
  return [...names];
}

/** Each write to pay_statements / pay_statement_lines / pay_statement_payments outside platform/pay. */
function engineTableWrites(): string[] {
  const out: string[] = [];
  for (const file of moduleFiles()) {
    const path = rel(file);
    const text = readFileSync(file, 'utf8');
    const names = tableNames(text);
    const alt = names.map((n) => n.replace(/[$]/g, '\\$')).join('|');
    const patterns: { what: string; re: RegExp }[] = [
      {
        what: 'writes an engine table in SQL text',
        re: /\b(insert\s+into|update|delete\s+from)\s+"?pay_statement(s|_lines|_payments)\b"?/gi,
      },
    ];
    if (alt) {
      patterns.push(
        {
          what: 'writes an engine table with drizzle',
          re: new RegExp(`\\.(insert|update|delete)\\(\\s*(${alt})\\s*\\)`, 'g'),
        },
        {
          what: 'writes an engine table in SQL text',
          re: new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+\\$\\{(${alt})\\}`, 'gi'),
        },
        { what: 'defines its own record on an engine table', re: new RegExp(`\\btable:\\s*(${alt})\\b`, 'g') },
      );
    }
    for (const { what, re } of patterns) {
      for (const m of text.matchAll(re)) {
        const at = m.index ?? 0;
        const statement = text.slice(at, text.indexOf(';', at) + 1 || undefined);
        const from = text.lastIndexOf('\n', at) + 1;
        const around = text.slice(from, from + statement.length + (at - from) + 200);
        if (ALLOWED.some((a) => a.file.test(path) && a.write.test(around))) continue;
        out.push(`${path}:${lineOf(text, at)}: ${what}: ${m[0]}`);
      }
    }
  }
  return out;
}

/** A string constant's value: a literal, or an `export const NAME = '…'` in the file or in shared. */
function constantValue(text: string, expr: string): string | undefined {
  const literal = /^'([^']+)'$/.exec(expr);
  if (literal) return literal[1];
  const decl = new RegExp(`export const ${expr}\\s*=\\s*'([^']+)'`);
  const here = decl.exec(text);
  if (here) return here[1];
  for (const file of filesUnder(SHARED)) {
    const there = decl.exec(readFileSync(file, 'utf8'));
    if (there) return there[1];
  }
  return undefined;
}

/** Every `defineStatementKind({ kind: … })` in the server's modules: its file and its kind. */
function declaredKinds(): { file: string; kind: string | undefined }[] {
  const out: { file: string; kind: string | undefined }[] = [];
  for (const file of moduleFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const \w+ = defineStatementKind\(\{\s*kind:\s*([A-Za-z_]\w*|'[^']+'),/g)) {
      out.push({ file: rel(file), kind: constantValue(text, m[1] ?? '') });
    }
  }
  return out;
}

describe('one statement engine', () => {
  it('declares the driver, dispatcher, safety and staff statements as kinds on platform/pay, and no other', () => {
    const declared = declaredKinds();
    expect(Object.fromEntries(declared.map((d) => [d.kind, d.file]))).toEqual(KINDS);
    expect(declared).toHaveLength(4);
    for (const file of Object.values(KINDS)) {
      const text = readFileSync(join(SERVER, file), 'utf8');
      expect(text, file).toMatch(
        /import \{[^}]*\bdefineStatementKind\b[^}]*\} from '\.\.\/\.\.\/platform\/pay\/define-statement'/,
      );
    }
  });

  it('no module writes pay_statements, pay_statement_lines or pay_statement_payments outside platform/pay', () => {
    expect(engineTableWrites()).toEqual([]);
  });

  it('the statement modules make, change, pay and delete statements through the engine', () => {
    const calls = (module: string) =>
      filesUnder(join(SERVER, 'src/modules', module))
        .filter((f) => !isTestData(rel(f)))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
    const engineImport = /from '\.\.\/\.\.\/platform\/pay\/statement\.service'/;
    const makers: Record<string, RegExp[]> = {
      'driver-pay': [
        /createStatement as createPayStatement/,
        /\bpayStatement\(/,
        /\bwriteOffBalance\(/,
        /deleteStatement as deletePayStatement/,
      ],
      'dispatcher-statements': [/\bcreateStatement\(/, /\bdeleteStatement\(/],
      'safety-statements': [/\bcreateStatement\(/, /\bdeleteStatement\(/],
      'manager-statements': [/\bcreateStatement\(/, /\bupdateStatement\(/, /deleteStatement as deletePayStatement/],
    };
    for (const [module, uses] of Object.entries(makers)) {
      const text = calls(module);
      expect(text, module).toMatch(engineImport);
      for (const use of uses) expect(text, `${module} ${use}`).toMatch(use);
    }
    // Pay history reads the staff statements; it makes none of its own.
    expect(calls('salaries')).not.toMatch(engineImport);
    expect(STATEMENT_MODULES.every((m) => m in makers || m === 'salaries')).toBe(true);
  });
});
