import { z } from 'zod';
import { parseDecimal } from './decimal';
import { inputKinds } from './input-kinds';

/**
 * A pay rate as the business writes it, to the thousandth: dollars per mile ($0.575), per load or
 * per hour, or a percentage of the line haul (88.5 %, a tax rate of 8.875 %). The schema takes a JSON
 * number or a decimal text with at most 3 decimals and nothing else (no "0x10", "1e3", true, [5]),
 * and answers an integer of thousandths (0.575 → 575, 8.875 → 8875): money stays exact, and each pay
 * line is computed once from integers.
 */
export type RateOptions = { label?: string; max?: number };

const RATE_DECIMALS = 3;

function rateProblem(opts: RateOptions): (value: unknown) => string | null {
  const label = opts.label ?? 'rate';
  const max = opts.max ?? 100_000;
  return (value) => {
    const n = parseDecimal(value, RATE_DECIMALS);
    if (n === null) return `Enter the ${label} as a number, e.g. 0.575.`;
    if (n === 'decimals') return `The ${label} has at most ${RATE_DECIMALS} decimals.`;
    if (n < 0) return `The ${label} cannot be negative.`;
    if (n > max) return `The ${label} may not be greater than ${max.toLocaleString('en-US')}.`;
    return null;
  };
}

/** Thousandths of a rate, from its decimal (0.575 → 575). */
export const toMilli = (value: number): number => Math.round(value * 1000);

export function rateSchema(opts: RateOptions = {}): z.ZodType<number, number | string> {
  const problem = rateProblem(opts);
  return z
    .union([z.number(), z.string()], { error: `Enter the ${opts.label ?? 'rate'} as a number, e.g. 0.575.` })
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    })
    .overwrite((value) => {
      const n = parseDecimal(value, RATE_DECIMALS);
      return typeof n === 'number' ? toMilli(n) : Number.NaN;
    })
    .register(inputKinds, { kind: 'rate' }) as unknown as z.ZodType<number, number | string>;
}
