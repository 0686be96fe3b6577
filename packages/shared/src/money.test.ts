import { describe, expect, it } from 'vitest';
import { divRound, toCents, toDollars } from './money';

describe('money: cents in the database, dollars in JSON', () => {
  it('rounds dollars to whole cents, from numbers or typed text', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(100);
    expect(toCents('$1,234.56')).toBe(123456);
    expect(toCents(' 7 ')).toBe(700);
    expect(toCents(-2.5)).toBe(-250);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('12a')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('answers dollars from cents of any driver type, none as 0', () => {
    expect(toDollars(123456)).toBe(1234.56);
    expect(toDollars(BigInt(500))).toBe(5);
    expect(toDollars('99')).toBe(0.99);
    expect(toDollars(null)).toBe(0);
    expect(toDollars(undefined)).toBe(0);
    // Cents of a sum stay exact where floats of dollars would not.
    expect(toDollars([10, 20].map((d) => toCents(d / 100)).reduce((a, b) => a + b, 0))).toBe(0.3);
  });
});

describe('divRound: a pay line from its integers, half away from zero', () => {
  it('rounds halves away from zero and the rest to the nearest', () => {
    // 123 mi × $0.575 = $70.725 → 7,072.5 cents → 7,073
    expect(divRound(123 * 575, 10)).toBe(7073);
    expect(divRound(-123 * 575, 10)).toBe(-7073);
    // 8.875 % of $1,000.01: 100,001 × 8,875 / 100,000 = 8,875.08… → 8,875 cents
    expect(divRound(100_001 * 8_875, 100_000)).toBe(8875);
    expect(divRound(1, 3)).toBe(0);
    expect(divRound(2, 3)).toBe(1);
    expect(divRound(-1, 2)).toBe(-1);
    expect(Object.is(divRound(-1, 3), 0)).toBe(true);
  });
  it('refuses what is not an integer ratio', () => {
    expect(() => divRound(1.5, 2)).toThrow(RangeError);
    expect(() => divRound(1, 0)).toThrow(RangeError);
  });
});
