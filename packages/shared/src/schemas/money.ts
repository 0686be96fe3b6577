import { z } from 'zod';
import type { Cents } from '../money';
import { inputKinds } from './input-kinds';

/**
 * Money as every contract takes it: dollars as a JSON number or a decimal string ("1234.5", "-12.34")
 * with at most two decimals, and nothing else — no "0x10", "1e3", "$5", true or [5], which a
 * coercing number schema turned into $16, $1000, $1 and $5. The schema answers integer cents, so the
 * conversion happens once, at the edge; services store what it gives them.
 */
export type MoneyOptions = {
  /** The field's name in messages: "The {label} must be greater than 0." */
  label?: string;
  /** Smallest dollars allowed (0 by default; a negative minimum allows credits). */
  min?: number;
  /** Largest dollars allowed. */
  max?: number;
  /** More than zero (a payment), rather than at least `min`. */
  positive?: boolean;
};

/** "1234", "1234.5", "-12.34"; also "12." and ".5", which a number input holds while typing. */
const DECIMAL = /^(-?)(\d{0,12})(?:\.(\d{0,2}))?$/;

/** Cents of a dollars value, 'decimals' when it has more than two, or null when it is not an amount. */
export function parseDollars(value: unknown): Cents | 'decimals' | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) > 1e-6) return 'decimals';
    return cents === 0 ? 0 : cents;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && !m[3])) return /^-?\d*\.\d{3,}$/.test(text) && /\d/.test(text) ? 'decimals' : null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && cents !== 0 ? -cents : cents;
}

const dollarsText = (n: number) => n.toLocaleString('en-US');

/** Why a value is not an amount within the options, or null when it is one. */
function moneyProblem(opts: MoneyOptions): (value: unknown) => string | null {
  const label = opts.label ?? 'amount';
  const min = opts.min ?? 0;
  const max = opts.max ?? 10_000_000;
  return (value) => {
    const cents = parseDollars(value);
    // More digits than any amount has (a 20-digit cell of an import): out of range, not "not an amount".
    if (cents === null && typeof value === 'string' && /^\s*\d{13,}(\.\d*)?\s*$/.test(value))
      return `The ${label} may not be greater than ${dollarsText(max)}.`;
    if (cents === null) return typeMessage(opts);
    if (cents === 'decimals') return `The ${label} has at most 2 decimals.`;
    if (opts.positive && cents <= 0) return `The ${label} must be greater than 0.`;
    if (cents < Math.round(min * 100)) {
      return min === 0 ? `The ${label} cannot be negative.` : `The ${label} may not be less than ${dollarsText(min)}.`;
    }
    if (cents > Math.round(max * 100)) return `The ${label} may not be greater than ${dollarsText(max)}.`;
    return null;
  };
}

const typeMessage = (opts: MoneyOptions) => `Enter the ${opts.label ?? 'amount'} in dollars, e.g. 1234.50.`;

/**
 * A required amount in dollars → integer cents. The checks and the conversion are a refinement and
 * an overwrite rather than a transform, so a wrong amount does not stop the object's own checks (the
 * other fields' messages come in the same answer).
 */
export function moneySchema(opts: MoneyOptions = {}): z.ZodType<Cents, number | string> {
  const problem = moneyProblem(opts);
  return z
    .union([z.number(), z.string()], { error: typeMessage(opts) })
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    })
    .overwrite((value) => {
      const cents = parseDollars(value);
      return typeof cents === 'number' ? cents : Number.NaN;
    })
    .register(inputKinds, { kind: 'money' }) as unknown as z.ZodType<Cents, number | string>;
}

/** An optional amount: missing, null or '' → null; otherwise as moneySchema. */
export function optionalMoneySchema(opts: MoneyOptions = {}) {
  const problem = moneyProblem(opts);
  return z
    .union([z.number(), z.string(), z.null()], { error: typeMessage(opts) })
    .optional()
    .transform((value, ctx): Cents | null => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const message = problem(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return parseDollars(value) as Cents;
    })
    .register(inputKinds, { kind: 'money' });
}
