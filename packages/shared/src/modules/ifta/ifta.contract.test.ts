import { describe, expect, it } from 'vitest';
import { spreadsheetNumFmt } from '../../formats/formats';
import { IFTA_GALLONS_NUM_FMT, IFTA_RATE_NUM_FMT, iftaGallons, iftaMpg, iftaRate } from './ifta.contract';

describe('the IFTA return’s own precision, one formatter for screen, PDF and XLSX (issue 32)', () => {
  it('writes gallons to 3 decimals and rates in $/gal to 4, never rounded to the list formats’ 2', () => {
    expect(iftaGallons(49.087)).toBe('49.087');
    expect(iftaGallons(1234.5)).toBe('1,234.500');
    expect(iftaGallons(-31.413)).toBe('-31.413');
    expect(iftaRate(0.35)).toBe('$0.3500');
    expect(iftaRate(0.2865)).toBe('$0.2865');
    expect(iftaMpg(6.5)).toBe('6.50');
  });

  it('gives the spreadsheet the same reading: #,##0.000 gallons, "$"#,##0.0000 a gallon', () => {
    expect(IFTA_GALLONS_NUM_FMT).toBe('#,##0.000');
    expect(IFTA_RATE_NUM_FMT).toBe('"$"#,##0.0000');
    // Money stays the list's money format.
    expect(spreadsheetNumFmt('money', 0)).toBe('"$"#,##0.00;[Red]-"$"#,##0.00');
  });
});
