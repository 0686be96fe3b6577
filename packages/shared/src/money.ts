/** Money travels as dollars with 2 decimals in JSON and lives as integer cents in the database. */
export type Cents = number;

export function toCents(dollars: number | string): Cents {
  const n = typeof dollars === 'string' ? Number(dollars.replace(/[$,\s]/g, '')) : dollars;
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${dollars}`);
  return Math.round(n * 100);
}

export function toDollars(cents: Cents | bigint | string | null | undefined): number {
  if (cents === null || cents === undefined) return 0;
  return Number(cents) / 100;
}

/**
 * `numerator / denominator` of integers, rounded half away from zero: the rounding of every pay
 * line (a per-mile rate of $0.575 on 123 miles is $70.725 → $70.73; −$70.725 → −$70.73). Exact for
 * numerators up to 2^53, so a line is computed once from its integers, never from a rounded step.
 */
export function divRound(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0)
    throw new RangeError(`divRound needs integers and a positive denominator: ${numerator} / ${denominator}`);
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  let q = Math.floor(n / denominator);
  if (2 * (n - q * denominator) >= denominator) q += 1;
  return q === 0 ? 0 : sign * q;
}
