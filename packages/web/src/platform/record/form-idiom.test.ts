import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to write a form (issue 29): a record's dialog is `RecordDialog` / `useRecordDialog`, any
 * other form `useRecordForm` (platform/record). Modules make no Mantine form of their own, catch no
 * ApiError to put a 422 on the fields by hand, and keep no field errors in `useState`.
 */
const SRC = join(__dirname, '..', '..');
const MODULES = join(SRC, 'modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The body of the block whose `{` is at or after `from`, braces matched. */
function blockAfter(text: string, from: number): string {
  const open = text.indexOf('{', from);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

type Finding = { file: string; line: number; rule: string };

function formIdiomFindings(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  const add = (index: number, rule: string) => found.push({ file, line: lineOf(text, index), rule });
  for (const m of text.matchAll(/\buseForm\s*[<(]/g))
    add(m.index, 'useForm by hand: use useRecordForm (or RecordDialog / useRecordDialog for a record)');
  for (const m of text.matchAll(/(?<!\.)\bcatch\s*(\(|\{)/g)) {
    if (/\bApiError\b|\bfieldErrors\b/.test(blockAfter(text, m.index + m[0].length - 1)))
      add(
        m.index,
        'an ApiError caught by hand: useRecordForm puts a 422 on the fields, the API client alerts the rest',
      );
  }
  for (const m of text.matchAll(/\.fieldErrors\b/g))
    add(m.index, "a 422's fieldErrors read by hand: useRecordForm puts them on the fields");
  for (const m of text.matchAll(/\[\s*\w*[eE]rrors?\s*,\s*set\w*\]\s*=\s*useState\b/g))
    add(m.index, "field errors in useState: they are the form's (useRecordForm)");
  return found;
}

describe('one form idiom in the web modules (issue 29)', () => {
  it('finds the old idioms it is meant to refuse', () => {
    const old = [
      'const form = useForm<Values>({ initialValues: EMPTY });',
      'const [errors, setErrors] = useState<Record<string, string[]>>({});',
      '  try { await save(); } catch (err) {',
      '    if (err instanceof ApiError && err.status === 422) form.setErrors(toFormErrors(err.fieldErrors));',
      '  }',
      '  try { await send(); } catch { showAlert("error", "x"); }',
    ].join('\n');
    expect(formIdiomFindings('x.tsx', old).map((f) => f.line)).toEqual([1, 3, 4, 2]);
  });

  it('no module writes a form by hand (file:line)', () => {
    const findings = sources(MODULES)
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .flatMap((file) => formIdiomFindings(file, readFileSync(join(SRC, file), 'utf8')));
    expect(findings.map((f) => `src/${f.file}:${f.line}: ${f.rule}`)).toEqual([]);
  });
});
