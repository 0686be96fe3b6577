import { describe, expect, it } from 'vitest';
import { rateSchema } from './rate';

describe('rates to the thousandth', () => {
  const schema = rateSchema({ label: 'rate', max: 1000 });
  it('answers thousandths of the rate as written', () => {
    expect(schema.parse(0.575)).toBe(575);
    expect(schema.parse('0.575')).toBe(575);
    expect(schema.parse('8.875')).toBe(8875);
    expect(schema.parse(88)).toBe(88_000);
    expect(schema.parse('0.6')).toBe(600);
  });
  it('refuses what is not a plain decimal with at most 3 decimals, or out of range', () => {
    for (const bad of ['0x10', true, [5], null, '', '1e3', '$5', '0.5755', 0.5755, -1, '1001', 'NaN'])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(schema.safeParse('0.5755').error?.issues[0]?.message).toBe('The rate has at most 3 decimals.');
  });
});
