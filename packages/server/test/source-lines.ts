import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The server package's folder: paths below are relative to it ('src/modules/…'). */
export const SERVER = resolve(import.meta.dirname, '..');

/** Every .ts/.tsx file under `path` (relative to the server package; a file answers itself). */
export function sourceFiles(path: string): string[] {
  const full = join(SERVER, path);
  try {
    return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sourceFiles(join(path, e.name)) : /\.tsx?$/.test(e.name) ? [join(path, e.name)] : [],
    );
  } catch {
    return [path];
  }
}

/** Tests and test data builders, which may set data up directly. */
export const isTestData = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || /\.fixtures\.ts$/.test(file);

/**
 * Each code line (comments skipped) of the files under `roots`, tests and test data left out, where
 * one of `rules` matches: "file:line: what". The source checks (one way to write, one clock) use it.
 */
export function offendingLines(
  roots: readonly string[],
  rules: ReadonlyArray<{ what: string; pattern: RegExp }>,
  skip: (file: string) => boolean = () => false,
): string[] {
  const out: string[] = [];
  for (const root of roots) {
    for (const file of sourceFiles(root)) {
      const rel = relative(SERVER, join(SERVER, file)).replaceAll('\\', '/');
      if (isTestData(rel) || skip(rel)) continue;
      readFileSync(join(SERVER, rel), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          for (const rule of rules) if (rule.pattern.test(line)) out.push(`${rel}:${i + 1}: ${rule.what}`);
        });
    }
  }
  return out;
}
