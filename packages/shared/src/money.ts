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
