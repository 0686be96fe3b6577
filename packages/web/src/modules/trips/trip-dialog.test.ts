import { describe, expect, it } from 'vitest';
import { zeroGrossLoads } from './trip-form';

describe('a trip saved with a $0 gross', () => {
  it('names the loads whose gross is zero or empty, numbered from 1', () => {
    expect(zeroGrossLoads([{ gross: 1250.5 }, { gross: 0 }, { gross: '' }, { gross: '0.00' }, { gross: '3' }])).toEqual(
      [2, 3, 4],
    );
    expect(zeroGrossLoads([{ gross: 0.01 }])).toEqual([]);
  });
});
