import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import statement: the file and line it stands on, what it names, and the file that resolves to. */
export type ImportEdge = { from: string; line: number; specifier: string; to: string; typeOnly: boolean };

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', 'fixtures', '.data']);

/** Every source file under `dir` (absolute paths), leaving out build output, migrations and test fixtures. */
export function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...listSources(path));
    } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

// Static imports and re-exports start a line (so comments are skipped); `[^;'"]*?` lets a braced
// name list run over several lines. Dynamic `import('…')` may stand anywhere on a code line.
const STATIC = /^[ \t]*(import|export)\b([^;'"]*?)\bfrom\s*['"]([^'"]+)['"]|^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The specifiers a file imports, with the line each import starts on. */
export function readImports(text: string): { specifier: string; line: number; typeOnly: boolean }[] {
  const found: { specifier: string; line: number; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(STATIC)) {
    const specifier = m[3] ?? m[4];
    if (!specifier) continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    found.push({ specifier, line: lineAt(text, start), typeOnly: /^\s*type\b/.test(m[2] ?? '') });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const before = text.slice(lineStart, m.index).trimStart();
    if (before.startsWith('//') || before.startsWith('*')) continue;
    found.push({ specifier: m[1] as string, line: lineAt(text, m.index), typeOnly: false });
  }
  return found;
}

const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];

function resolveFile(base: string): string | null {
  for (const suffix of CANDIDATES) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/**
 * Resolves relative imports and `@backhaul/<package>/…` (the workspace packages export `./*` as
 * `./src/*.ts`); anything else is a library and answers null.
 */
export function resolveImport(root: string, from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  const pkg = /^@backhaul\/([a-z-]+)(?:\/(.*))?$/.exec(specifier);
  if (!pkg) return null;
  const src = join(root, 'packages', pkg[1] as string, 'src');
  return resolveFile(pkg[2] ? join(src, pkg[2]) : join(src, 'index'));
}

/** Every import between files of the repository found under `dirs` (paths relative to `root`). */
export function readImportGraph(root: string, dirs: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const dir of dirs) {
    for (const file of listSources(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const imp of readImports(text)) {
        const target = resolveImport(root, file, imp.specifier);
        if (!target) continue;
        edges.push({ ...imp, from: relative(root, file), to: relative(root, target) });
      }
    }
  }
  return edges;
}

/** Strongly connected components with more than one node (Tarjan), each sorted, for stable messages. */
export function findCycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return cycles;
}
