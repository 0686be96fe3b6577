import { z } from 'zod';
import { parseDecimal } from './decimal';
import { inputKinds } from './input-kinds';

/**
 * Percentages as every contract takes them: a JSON number or a decimal string ("12.5", "3") with at
 * most `decimals` decimals, and nothing else — no "0x10", "1e1", true, [5], null or "", which a
 * coercing number schema took as 16 %, 10 %, 1 %, 5 % and 0 %. The schema answers the percentage as a
 * number (12.5 for 12.5 %); the service keeps it as it always did (basis points: × 100).
 */
export type PercentOptions = {
  /** The field's name in messages: "The {label} may not be greater than 25%." (default 'percent'). */
  label?: string;
  /** Smallest percentage allowed (default 0). */
  min?: number;
  /** Largest percentage allowed (default 100). */
  max?: number;
  /** Decimals allowed (default 2: basis points). */
  decimals?: number;
  /** One message for every problem, for a field whose words are fixed elsewhere. */
  message?: string;
};

/** The percentage of a value, 'decimals' when it has more than `decimals`, or null when it is not one. */
export const parsePercent = (value: unknown, decimals = 2): number | 'decimals' | null => parseDecimal(value, decimals);

const typeMessage = (opts: PercentOptions) =>
  opts.message ?? `Enter the ${opts.label ?? 'percent'} in percent, e.g. 12.5.`;

/** Why a value is not a percentage within the options, or null when it is one. */
function percentProblem(opts: PercentOptions): (value: unknown) => string | null {
  const label = opts.label ?? 'percent';
  const min = opts.min ?? 0;
  const max = opts.max ?? 100;
  const decimals = opts.decimals ?? 2;
  const say = (message: string) => opts.message ?? message;
  return (value) => {
    const n = parsePercent(value, decimals);
    if (n === null) return typeMessage(opts);
    if (n === 'decimals') return say(`The ${label} has at most ${decimals} decimals.`);
    if (n < min)
      return say(min === 0 ? `The ${label} cannot be negative.` : `The ${label} may not be less than ${min}%.`);
    if (n > max) return say(`The ${label} may not be greater than ${max}%.`);
    return null;
  };
}

/**
 * A required percentage → the number (12.5). As with money, the check is a refinement and the
 * conversion an overwrite, so a wrong value does not stop the object's own checks.
 */
export function percentSchema(opts: PercentOptions = {}): z.ZodType<number, number | string> {
  const problem = percentProblem(opts);
  const decimals = opts.decimals ?? 2;
  return z
    .union([z.number(), z.string()], { error: typeMessage(opts) })
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    })
    .overwrite((value) => {
      const n = parsePercent(value, decimals);
      return typeof n === 'number' ? n : Number.NaN;
    })
    .register(inputKinds, { kind: 'percent' }) as unknown as z.ZodType<number, number | string>;
}

/** An optional percentage: missing, null or '' → null; otherwise as percentSchema. */
export function optionalPercentSchema(opts: PercentOptions = {}) {
  const problem = percentProblem(opts);
  const decimals = opts.decimals ?? 2;
  return z
    .union([z.number(), z.string(), z.null()], { error: typeMessage(opts) })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const message = problem(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return parsePercent(value, decimals) as number;
    })
    .register(inputKinds, { kind: 'percent' });
}
