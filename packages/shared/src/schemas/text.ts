import { z } from 'zod';

/**
 * Text from a client never carries control characters: C0 except tab, newline and carriage return,
 * and DEL. PostgreSQL refuses NUL in text (a 500 before this), and the others are never typed, only
 * smuggled (log forging, terminal escapes, invisible differences between names). Lone UTF-16
 * surrogates are refused too: they cannot be stored as UTF-8 and would be changed silently.
 *
 * The check runs on the whole request value, keys included, before the route's contract (the server's
 * validator compiler wraps every body, query and params schema with `refuseUnsafeText`): one place
 * covers every text field of every module, including ones added later, rather than a text schema
 * each contract must remember to use.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MSG = {
  control: 'Remove the control characters from this text (only tab and line breaks are allowed).',
  surrogate: 'This text is not valid Unicode.',
} as const;

export const textProblem = (text: string): string | null =>
  CONTROL_CHARACTERS.test(text) ? TEXT_MSG.control : LONE_SURROGATE.test(text) ? TEXT_MSG.surrogate : null;

export type UnsafeText = { path: (string | number)[]; message: string };

/**
 * Every string (and object key) of a JSON-like value that has a control character, with its path.
 * Iterative with parent links, so a deeply nested body neither overflows the stack nor costs more
 * than one visit per node; stops after `limit` findings.
 */
export function findUnsafeText(value: unknown, limit = 20): UnsafeText[] {
  type Node = { value: unknown; key: string | number | null; parent: Node | null };
  const pathOf = (node: Node, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const found: UnsafeText[] = [];
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length && found.length < limit) {
    const node = stack.pop() as Node;
    const v = node.value;
    if (typeof v === 'string') {
      const message = textProblem(v);
      if (message) found.push({ path: pathOf(node), message });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const message = textProblem(key);
        if (message) found.push({ path: pathOf(node, key), message });
        else stack.push({ value: (v as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return found;
}

/** `schema`, after refusing any control character anywhere in the value (each named by its path). */
export function refuseUnsafeText<T extends z.core.$ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const { path, message } of findUnsafeText(value)) ctx.addIssue({ code: 'custom', path, message });
    })
    .pipe(schema);
}
