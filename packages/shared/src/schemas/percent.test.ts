import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputKinds } from './input-kinds';
import { optionalPercentSchema, parsePercent, percentSchema } from './percent';

/** Values a coercing number schema took: "0x10" as 16, true as 1, [5] as 5, null and "" as 0, "1e1" as 10. */
const COERCED = ['0x10', true, false, [5], null, '', ' ', '1e1', '+5', '5%', '1,5', '.', '-', 'Infinity', 'NaN', {}];

describe('percentSchema', () => {
  it('answers the percentage of a number or a decimal text, exactly', () => {
    const schema = percentSchema();
    expect(schema.parse('12.5')).toBe(12.5);
    expect(schema.parse(12.5)).toBe(12.5);
    expect(schema.parse(' 7 ')).toBe(7);
    expect(schema.parse('12.')).toBe(12);
    expect(schema.parse('.5')).toBe(0.5);
    expect(schema.parse('-0')).toBe(0);
    expect(schema.parse(0.1 + 0.2)).toBe(0.3);
    expect(schema.parse('100')).toBe(100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        const text = `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
        expect(schema.parse(text)).toBe(bp / 100);
        expect(schema.parse(bp / 100)).toBe(bp / 100);
      }),
    );
  });

  it('refuses hex, exponents, booleans, arrays, null and empty, at the field', () => {
    const body = z.object({ rate: percentSchema({ label: 'rate' }) });
    for (const bad of COERCED) {
      const result = body.safeParse({ rate: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path, JSON.stringify(bad)).toEqual(['rate']);
    }
    expect(body.safeParse({}).success).toBe(false);
    expect(body.safeParse({ rate: '0x10' }).error?.issues[0]?.message).toBe('Enter the rate in percent, e.g. 12.5.');
  });

  it('refuses any text that is not a plain decimal', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*(-?\d+\.?\d*|-?\.\d+)\s*$/.test(s)),
        (text) => {
          expect(percentSchema().safeParse(text).success).toBe(false);
        },
      ),
    );
  });

  it('keeps to its decimals, said as such; 3 decimals where a field asks for them', () => {
    expect(percentSchema({ label: 'tax' }).safeParse('12.345').error?.issues[0]?.message).toBe(
      'The tax has at most 2 decimals.',
    );
    expect(percentSchema().safeParse(12.345).success).toBe(false);
    expect(parsePercent('12.345')).toBe('decimals');
    const three = percentSchema({ label: 'tax', decimals: 3 });
    expect(three.parse('8.875')).toBe(8.875);
    expect(three.parse(8.875)).toBe(8.875);
    expect(three.safeParse('8.8755').error?.issues[0]?.message).toBe('The tax has at most 3 decimals.');
  });

  it('keeps to its bounds, with messages naming the field; one message where the field words its own', () => {
    const tax = percentSchema({ label: 'tax', max: 25 });
    expect(tax.safeParse('25.01').error?.issues[0]?.message).toBe('The tax may not be greater than 25%.');
    expect(tax.safeParse(-1).error?.issues[0]?.message).toBe('The tax cannot be negative.');
    expect(percentSchema({ min: 1 }).safeParse(0.5).error?.issues[0]?.message).toBe(
      'The percent may not be less than 1%.',
    );
    expect(percentSchema().safeParse('12345678901234567890').error?.issues[0]?.message).toBe(
      'The percent may not be greater than 100%.',
    );
    const worded = percentSchema({ message: 'From 0 to 100.' });
    for (const bad of ['x', '101', '1.234', true])
      expect(worded.safeParse(bad).error?.issues[0]?.message).toBe('From 0 to 100.');
  });

  it('lets the object check its other fields when the percentage is wrong', () => {
    const body = z.object({ rate: percentSchema(), name: z.string().min(1) });
    const result = body.safeParse({ rate: '0x10', name: '' });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['name', 'rate']);
  });

  it('is registered as kind percent, optional or not, so the contract tests find it', () => {
    expect(inputKinds.get(percentSchema())).toEqual({ kind: 'percent' });
    expect(inputKinds.get(optionalPercentSchema())).toEqual({ kind: 'percent' });
  });
});

describe('optionalPercentSchema', () => {
  it('takes missing, null and "" as none, and anything else as percentSchema does', () => {
    const schema = optionalPercentSchema({ label: 'base rate' });
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(' ')).toBeNull();
    expect(schema.parse('1.5')).toBe(1.5);
    for (const bad of ['0x10', true, [5], '1e1', '12.345', '101', -1]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
