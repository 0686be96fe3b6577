import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listSources, readImports, resolveImport } from './import-graph';

/** A literal's text in a source file: a template chunk (between `${…}`) or a quoted string. */
export type Literal = { text: string; start: number };

/** The code before `/` says whether it starts a regex literal (`=`, `(`, `return`…) or divides. */
const IMPORT_BEFORE = /(?:\bfrom|\bimport\(?)\s*$/;
const REGEX_BEFORE = /(?:^|[=(,:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase)\s*$/;

/**
 * The string and template literals of TypeScript source, with comments and regex literals skipped:
 * each template chunk between interpolations is its own literal, so `from ${loads} l` reads as
 * `from ` and ` l`. Good enough for the tree's code, not a full tokenizer.
 */
export function readLiterals(text: string): Literal[] {
  const out: Literal[] = [];
  // Brace depth of each open `${`, innermost last; a `}` at that depth resumes the template.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const readTemplate = () => {
    let start = i;
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        out.push({ text: text.slice(start, i), start });
        i++;
        return;
      } else if (c === '$' && text[i + 1] === '{') {
        out.push({ text: text.slice(start, i), start });
        i += 2;
        templates.push(depth);
        depth++;
        return;
      } else i++;
    }
    start = i;
  };
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '/' && next === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && next === '*') i = text.indexOf('*/', i + 2) < 0 ? text.length : text.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"') {
      const start = ++i;
      while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      // An import's specifier is a path, not SQL.
      if (!IMPORT_BEFORE.test(text.slice(Math.max(0, start - 12), start - 1)))
        out.push({ text: text.slice(start, i), start });
      i++;
    } else if (c === '`') {
      i++;
      readTemplate();
    } else if (c === '{') {
      depth++;
      i++;
    } else if (c === '}') {
      depth--;
      i++;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        readTemplate();
      }
    } else if (c === '/' && REGEX_BEFORE.test(text.slice(Math.max(0, i - 12), i))) {
      // A regex literal: skip to its closing slash (outside a character class).
      let inClass = false;
      i++;
      while (i < text.length && text[i] !== '\n') {
        const r = text[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
    } else i++;
  }
  return out;
}

export type TableRef = {
  table: string;
  /** `read` by raw name, `write` by raw name (insert into, update, delete from), `write-object` through the table object. */
  kind: 'read' | 'write' | 'write-object';
  line: number;
  /** The text that names the table, as written. */
  as: string;
  /** Inside a record or command declaration (the write engine's transaction, its target locked). */
  inEngine: boolean;
};

const ID = '"?([a-z_][a-z0-9_]*)"?';
// Where SQL names a table: after from / join / update / into / delete from / truncate.
const NAMED = new RegExp(`\\b(from|join|update|into|truncate(?:\\s+table)?)\\s+(?:only\\s+)?${ID}(?![\\w.(])`, 'gi');
const RAW_NAME = /\bsql\.(?:identifier|raw)\(\s*$/;
const LIST_FROM = /\bfrom\s*:\s*(?:\([^)]*\)\s*=>\s*)?sql\s*`$/;
// `<table>.<column>`, not itself after a dot (`l.trips` names a column).
const QUALIFIED = new RegExp(`(?<![\\w."$./-])${ID}\\.(?:"?[a-z_*])`, 'gi');
/**
 * Where the write engine runs the code: the argument of each `defineCommand(`, `defineSystemCommand(`,
 * `defineRecord(` and `defineResource(` call, as [start, end) offsets (parentheses inside literals
 * do not count).
 */
function engineSpans(text: string, literals: Literal[]): [number, number][] {
  const masked = [...text];
  for (const lit of literals) for (let i = lit.start; i < lit.start + lit.text.length; i++) masked[i] = ' ';
  const code = masked.join('');
  const spans: [number, number][] = [];
  for (const m of code.matchAll(/\bdefine(?:Command|SystemCommand|Record|Resource)\s*(?:<[^(]*>)?\(/g)) {
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < code.length; i++) {
      if (code[i] === '(') depth++;
      else if (code[i] === ')' && --depth === 0) break;
    }
    spans.push([m.index, i]);
  }
  return spans;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The tables named in `text` (TypeScript source): raw names in its SQL literals (reads and writes),
 * and writes through table objects (`.insert(x)`, `.update(x)`, `.delete(x)`) whose name is in
 * `objects` (local name → table name).
 */
export function readTableRefs(text: string, tables: Set<string>, objects: Map<string, string>): TableRef[] {
  const refs: TableRef[] = [];
  const literals = readLiterals(text);
  const spans = engineSpans(text, literals);
  const inEngine = (index: number) => spans.some(([from, to]) => index > from && index < to);
  for (const lit of literals) {
    // A list's base table: `from: sql\`loads\`` (the engine writes the FROM).
    const base = LIST_FROM.test(text.slice(Math.max(0, lit.start - 60), lit.start))
      ? /^\s*"?([a-z_][a-z0-9_]*)"?(?![\w.(])/i.exec(lit.text)
      : null;
    if (base && tables.has((base[1] as string).toLowerCase())) {
      const table = (base[1] as string).toLowerCase();
      refs.push({
        table,
        kind: 'read',
        line: lineAt(text, lit.start),
        as: `from: ${table}`,
        inEngine: inEngine(lit.start),
      });
    }
    for (const m of lit.text.matchAll(NAMED)) {
      const table = (m[2] as string).toLowerCase();
      if (!tables.has(table)) continue;
      const keyword = (m[1] as string).toLowerCase();
      // `delete from x` and `update x` write; `from x` after a delete is the delete's own keyword.
      const before = lit.text.slice(Math.max(0, (m.index ?? 0) - 10), m.index).toLowerCase();
      const write =
        keyword === 'update' || keyword === 'into' || keyword.startsWith('truncate') || /delete\s+$/.test(before);
      // `on conflict … do update set`: the update is of the insert's own table, named by `into`.
      if (keyword === 'update' && /\bdo\s+$/.test(before)) continue;
      const at = lit.start + (m.index ?? 0);
      refs.push({ table, kind: write ? 'write' : 'read', line: lineAt(text, at), as: m[0], inEngine: inEngine(at) });
    }
    // A name handed to SQL as a whole string: sql.identifier('drivers'), sql.raw('drivers').
    const named = RAW_NAME.test(text.slice(Math.max(0, lit.start - 20), lit.start - 1)) ? lit.text.toLowerCase() : null;
    if (named && tables.has(named))
      refs.push({
        table: named,
        kind: 'read',
        line: lineAt(text, lit.start),
        as: `'${lit.text}'`,
        inEngine: inEngine(lit.start),
      });
    for (const m of lit.text.matchAll(QUALIFIED)) {
      const table = (m[1] as string).toLowerCase();
      if (!tables.has(table)) continue;
      const at = lit.start + (m.index ?? 0);
      refs.push({
        table,
        kind: 'read',
        line: lineAt(text, at),
        as: m[0].replace(/\.[^.]*$/, '.…'),
        inEngine: inEngine(at),
      });
    }
  }
  for (const m of text.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = objects.get(m[2] as string);
    if (table)
      refs.push({ table, kind: 'write-object', line: lineAt(text, m.index), as: m[0], inEngine: inEngine(m.index) });
  }
  return refs;
}

/** Table name → the module that declares it (`platform` for platform/ and db/), from every `pgTable('…'`. */
export function readTableOwners(serverSrc: string): Map<string, { owner: string; file: string; object: string }> {
  const owners = new Map<string, { owner: string; file: string; object: string }>();
  for (const file of listSources(serverSrc).filter((f) => f.endsWith('.table.ts'))) {
    const rel = relative(serverSrc, file).replaceAll('\\', '/');
    const owner = /^modules\/([^/]+)\//.exec(rel)?.[1] ?? 'platform';
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"]([^'"]+)['"]/g))
      owners.set(m[2] as string, { owner, file: rel, object: m[1] as string });
  }
  return owners;
}

export type Crossing = Omit<TableRef, 'inEngine'> & { file: string; owner: string };

/**
 * Every reference in a server module's non-test source to a table it does not own: raw SQL names
 * of another module's tables (read or written), and writes of another module's or platform's
 * tables (by name or through the table object). Reading platform tables is allowed.
 */
export function readTableCrossings(root: string, isTest: (path: string) => boolean): Crossing[] {
  const serverSrc = join(root, 'packages/server/src');
  const owners = readTableOwners(serverSrc);
  const tables = new Set(owners.keys());
  const objectOwner = new Map<string, string>();
  for (const [table, o] of owners) objectOwner.set(`${o.owner}:${o.object}`, table);
  const out: Crossing[] = [];
  for (const abs of listSources(join(serverSrc, 'modules'))) {
    const file = relative(root, abs).replaceAll('\\', '/');
    if (isTest(file)) continue;
    const module = /modules\/([^/]+)\//.exec(file)?.[1] as string;
    const text = readFileSync(abs, 'utf8');
    // Table objects this file imports from other modules and platform, by their local names.
    const objects = new Map<string, string>();
    for (const imp of readImports(text)) {
      const target = resolveImport(root, abs, imp.specifier);
      if (!target) continue;
      const rel = relative(serverSrc, target).replaceAll('\\', '/');
      const from = /^modules\/([^/]+)\//.exec(rel)?.[1] ?? 'platform';
      if (from === module) continue;
      const names =
        new RegExp(
          `import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${imp.specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`,
        ).exec(text)?.[1] ?? '';
      for (const part of names.split(',')) {
        const [name, local] = part.trim().split(/\s+as\s+/);
        const table = name ? objectOwner.get(`${from}:${name}`) : undefined;
        if (table && name) objects.set(local ?? name, table);
      }
    }
    for (const ref of readTableRefs(text, tables, objects)) {
      const owner = owners.get(ref.table)?.owner as string;
      if (owner === module) continue;
      // Platform's tables: any module reads them; a module writes them only in a record or command.
      if (owner === 'platform' && (ref.kind === 'read' || ref.inEngine)) continue;
      out.push({ file, owner, line: ref.line, table: ref.table, kind: ref.kind, as: ref.as });
    }
  }
  return out;
}
