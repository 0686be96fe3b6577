import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneySchema, optionalMoneySchema, parseDollars } from './money';

const MAX = 10_000_000;
const centsArb = fc.integer({ min: -MAX * 100, max: MAX * 100 });
const asText = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

describe('moneySchema', () => {
  it('answers the exact cents of any amount with at most two decimals, as a number or as text', () => {
    const schema = moneySchema({ min: -MAX, max: MAX });
    fc.assert(
      fc.property(centsArb, (cents) => {
        expect(schema.parse(asText(cents))).toBe(cents);
        expect(schema.parse(cents / 100)).toBe(cents);
        if (cents % 100 === 0) expect(schema.parse(String(cents / 100))).toBe(cents);
      }),
    );
    expect(schema.parse('12.5')).toBe(1250);
    expect(schema.parse(' 7 ')).toBe(700);
    expect(schema.parse(0.1 + 0.2)).toBe(30);
    expect(schema.parse('-0')).toBe(0);
    expect(schema.parse('12.')).toBe(1200);
    expect(schema.parse('.5')).toBe(50);
  });

  it('refuses the values a coercing number took: hex, exponents, booleans, arrays, symbols', () => {
    const schema = moneySchema();
    for (const bad of [
      '0x10',
      '1e3',
      '$5',
      '1,000',
      '+5',
      '- 5',
      '.',
      '-',
      'Infinity',
      'NaN',
      '',
      ' ',
      true,
      false,
      [5],
      {},
      null,
    ]) {
      const result = schema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([]);
    }
  });

  it('refuses any text that is not a plain decimal', () => {
    const schema = moneySchema({ min: -MAX, max: MAX });
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*-?(\d{1,12}(\.\d{0,2})?|\.\d{1,2})\s*$/.test(s)),
        (text) => {
          expect(schema.safeParse(text).success).toBe(false);
        },
      ),
    );
  });

  it('refuses more than two decimals, said as such', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 9 }), (cents, mill) => {
        const text = `${asText(cents)}${mill}`;
        expect(parseDollars(text)).toBe('decimals');
        expect(moneySchema().safeParse(text).error?.issues[0]?.message).toBe('The amount has at most 2 decimals.');
      }),
    );
    expect(parseDollars(5.001)).toBe('decimals');
  });

  it('keeps to its bounds, with messages naming the field', () => {
    const gross = moneySchema({ label: 'gross', max: 1_000_000 });
    expect(gross.safeParse(-1).error?.issues[0]?.message).toBe('The gross cannot be negative.');
    expect(gross.safeParse('1000000.01').error?.issues[0]?.message).toBe(
      'The gross may not be greater than 1,000,000.',
    );
    expect(gross.parse('1000000')).toBe(100_000_000);
    expect(moneySchema({ positive: true }).safeParse(0).error?.issues[0]?.message).toBe(
      'The amount must be greater than 0.',
    );
    expect(moneySchema({ min: -5 }).safeParse('-5.01').error?.issues[0]?.message).toBe(
      'The amount may not be less than -5.',
    );
  });

  it("optional money: missing, null and '' are none", () => {
    const schema = optionalMoneySchema({ label: 'origin value' });
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('  ')).toBeNull();
    expect(schema.parse('145000.50')).toBe(14_500_050);
    expect(schema.safeParse(true).success).toBe(false);
  });

  it('says a number with more digits than any amount is too large (a 20-digit cell of an import)', () => {
    const amount = moneySchema({ label: 'amount', max: 1_000_000 });
    expect(amount.safeParse('12345678901234567890').error?.issues[0]?.message).toBe(
      'The amount may not be greater than 1,000,000.',
    );
    expect(optionalMoneySchema({ label: 'fees' }).safeParse('9999999999999.5').error?.issues[0]?.message).toBe(
      'The fees may not be greater than 10,000,000.',
    );
    expect(amount.safeParse('1e22').error?.issues[0]?.message).toBe('Enter the amount in dollars, e.g. 1234.50.');
  });
});
