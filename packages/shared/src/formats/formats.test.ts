import { describe, expect, it } from 'vitest';
import {
  addDays,
  cellText,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  decimalsOf,
  exactNumber,
  fixedNumFmt,
  formatCellExact,
  formatCellValue,
  formatCompact,
  formatCompactMoney,
  formatDate,
  formatDateTime,
  formatDateTimeDisplay,
  formatExact,
  formatFixed,
  formatMiles,
  formatMilliDollars,
  formatMilliPercent,
  formatMoney,
  formatMoneyExact,
  formatNumber,
  formatPercent,
  formatPhone,
  maskTimeInput,
  normalizePhoneInput,
  normalizeTime,
  nowInCompanyTimeZone,
  plainExact,
  pluralize,
  QUARTER_HOUR_LABELS,
  quarterHourLabel,
  spreadsheetNumFmt,
  startOfWeek,
  totalText,
  weekDates,
} from './formats';

describe('US phone (000 §5, §9)', () => {
  it('shows 10 digits as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhone('3125550187')).toBe('+1 (312) 555-0187');
    expect(formatPhone('312-555-0187')).toBe('+1 (312) 555-0187');
  });
  it('shows 11 digits with a leading 1 the same way', () => {
    expect(formatPhone('13125550187')).toBe('+1 (312) 555-0187');
    expect(formatPhone('+1 312 555 0187')).toBe('+1 (312) 555-0187');
  });
  it('returns anything else raw', () => {
    expect(formatPhone('555-0187')).toBe('555-0187');
    expect(formatPhone('23125550187')).toBe('23125550187');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
  it('input keeps digits only, drops a leading 0 or 1, and stops at 10 digits', () => {
    expect(normalizePhoneInput('(312) 555-0187')).toBe('3125550187');
    expect(normalizePhoneInput('13125550187')).toBe('3125550187');
    expect(normalizePhoneInput('03125550187')).toBe('3125550187');
    expect(normalizePhoneInput('1')).toBe('');
    expect(normalizePhoneInput('312555018799')).toBe('3125550187');
  });
});

describe('time field (000 §5)', () => {
  it('keeps digits only, at most 4, and writes HH:MM', () => {
    expect(maskTimeInput('0930')).toBe('09:30');
    expect(maskTimeInput('09a3b0')).toBe('09:30');
    expect(maskTimeInput('093015')).toBe('09:30');
  });
  it('caps hours at 23 and minutes at 59', () => {
    expect(maskTimeInput('2930')).toBe('23:30');
    expect(maskTimeInput('1275')).toBe('12:59');
    expect(maskTimeInput('9999')).toBe('23:59');
  });
  it('turns 24:00 into 00:00 (but 24:30 is capped to 23:30)', () => {
    expect(maskTimeInput('2400')).toBe('00:00');
    expect(maskTimeInput('24:00')).toBe('00:00');
    expect(maskTimeInput('2430')).toBe('23:30');
  });
  it('leaves partial input partial while typing', () => {
    expect(maskTimeInput('')).toBe('');
    expect(maskTimeInput('1')).toBe('1');
    expect(maskTimeInput('12')).toBe('12');
    expect(maskTimeInput('123')).toBe('12:3');
    expect(maskTimeInput('30')).toBe('23');
  });
  it('completes a value on blur', () => {
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('2400')).toBe('00:00');
    expect(normalizeTime('xx')).toBe('');
  });
});

describe('numbers (000 §9)', () => {
  it('money with $ and 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('99.999')).toBe('$100.00');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('');
  });
  it('miles with mi, and hh for reefer trailer hours', () => {
    expect(formatMiles(1234)).toBe('1,234 mi');
    expect(formatMiles(12.345)).toBe('12.35 mi');
    expect(formatMiles(350, { reefer: true })).toBe('350 hh');
  });
  it('compact numbers with up to 2 decimals', () => {
    expect(formatCompact(1234)).toBe('1.23K');
    expect(formatCompact(2500000)).toBe('2.5M');
    expect(formatCompact(12.345)).toBe('12.35');
    expect(formatCompact(7)).toBe('7');
    expect(formatNumber(1234.567)).toBe('1,234.57');
  });
  it('percentages capped at 100', () => {
    expect(formatPercent(42.126)).toBe('42.13%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(130)).toBe('100%');
    expect(formatPercent('abc')).toBe('');
  });
  it('rates as the business writes them, to the thousandth', () => {
    expect(formatMilliDollars(575)).toBe('$0.575');
    expect(formatMilliDollars(600)).toBe('$0.60');
    expect(formatMilliDollars(250_000)).toBe('$250.00');
    expect(formatMilliDollars(-1_234_567)).toBe('-$1,234.567');
    expect(formatMilliPercent(8_875)).toBe('8.875%');
    expect(formatMilliPercent(80_000)).toBe('80%');
  });
});

describe('dates (000 §9)', () => {
  // 2026-07-04 15:05 UTC is 10:05 in Chicago (CDT, UTC-5).
  const summer = new Date('2026-07-04T15:05:00Z');
  // 2026-01-10 03:30 UTC is 21:30 on January 9 in Chicago (CST, UTC-6).
  const winter = new Date('2026-01-10T03:30:00Z');

  it('YYYY-MM-DD in the company time zone', () => {
    expect(formatDate(summer)).toBe('2026-07-04');
    expect(formatDate(winter)).toBe('2026-01-09');
    expect(formatDate('2026-03-01')).toBe('2026-03-01');
    expect(formatDate('not a date')).toBe('');
  });
  it('YYYY-MM-DD HH:mm by default and YYYY-MM-DD hh:mm for display', () => {
    expect(formatDateTime(winter)).toBe('2026-01-09 21:30');
    expect(formatDateTimeDisplay(winter)).toBe('2026-01-09 09:30');
    expect(formatDateTimeDisplay(new Date('2026-07-04T05:00:00Z'))).toBe('2026-07-04 12:00');
  });
  it('"now" is read in America/Chicago', () => {
    const now = nowInCompanyTimeZone(winter);
    expect(now.date).toBe('2026-01-09');
    expect(now.dateTime).toBe('2026-01-09 21:30');
    expect(now.weekday).toBe(5);
    expect(nowInCompanyTimeZone(summer).hour).toBe(10);
  });
  it('weeks start on Sunday', () => {
    expect(startOfWeek('2026-11-21')).toBe('2026-11-15');
    expect(startOfWeek('2026-11-15')).toBe('2026-11-15');
    expect(startOfWeek('2026-03-01')).toBe('2026-03-01');
    expect(weekDates('2026-01-01')).toEqual([
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
  it('quarter-hour minute labels', () => {
    expect(QUARTER_HOUR_LABELS).toEqual([':00', ':15', ':30', ':45']);
    expect([0, 14, 15, 29, 30, 44, 45, 59].map(quarterHourLabel)).toEqual([
      ':00',
      ':00',
      ':15',
      ':15',
      ':30',
      ':30',
      ':45',
      ':45',
    ]);
  });
});

describe('table cells by column format', () => {
  it('dates YYYY-MM-DD and date-times YYYY-MM-DD HH:mm in Chicago, whatever the server answered', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm');
    expect(formatCellValue('date', '2026-03-01')).toBe('2026-03-01');
    // 2026-03-01T05:30Z is 2026-02-28 23:30 in Chicago (CST, UTC-6).
    expect(formatCellValue('date', '2026-03-01T05:30:00.000Z')).toBe('2026-02-28');
    expect(formatCellValue('datetime', '2026-03-01T05:30:00.000Z')).toBe('2026-02-28 23:30');
    // Zone-less text (to_char in company time) is kept as written, not shifted.
    expect(formatCellValue('datetime', '2026-07-04 14:05')).toBe('2026-07-04 14:05');
    expect(formatCellValue('date', '2026-07-04 14:05')).toBe('2026-07-04');
  });
  it('money, miles, numbers, ids and phones', () => {
    expect(formatCellValue('money', 1234.5)).toBe('$1,234.50');
    expect(formatCellValue('miles', 1200)).toBe('1,200 mi');
    expect(formatCellValue('number', 12345.678)).toBe('12,345.68');
    expect(formatCellValue('id', 12345)).toBe('12345');
    expect(formatCellValue('phone', '3125550187')).toBe('+1 (312) 555-0187');
    expect(formatCellValue('text', null)).toBe('');
    expect(formatCellValue('text', true)).toBe('Yes');
  });
  it('pluralised counts', () => {
    expect(pluralize(1, 'row')).toBe('1 row');
    expect(pluralize(2, 'row')).toBe('2 rows');
    expect(pluralize(0, 'invoice')).toBe('0 invoices');
    expect(pluralize(1200, 'row')).toBe('1,200 rows');
    expect(pluralize(1, 'invoice generated', 'invoices generated')).toBe('1 invoice generated');
  });
});

describe('exact figures: one formatter for the screen, the PDF and the spreadsheet (issue 32)', () => {
  it('reads how many decimals a figure has, without float noise', () => {
    expect(decimalsOf(3.899)).toBe(3);
    expect(decimalsOf(1234.5)).toBe(1);
    expect(decimalsOf(12)).toBe(0);
    expect(decimalsOf(0.1 + 0.2)).toBe(1);
    expect(decimalsOf(-0.575)).toBe(3);
  });

  it('writes a figure exactly: every decimal it has, grouped, money with at least its cents', () => {
    expect(formatExact(3.899)).toBe('3.899');
    expect(formatExact(12345.678)).toBe('12,345.678');
    expect(formatExact(12)).toBe('12');
    expect(formatExact(0.1 + 0.2)).toBe('0.3');
    expect(formatExact(null)).toBe('');
    expect(formatMoneyExact(0.575)).toBe('$0.575');
    expect(formatMoneyExact(-0.575)).toBe('-$0.575');
    expect(formatMoneyExact(3)).toBe('$3.00');
    expect(formatMoneyExact('1234.5')).toBe('$1,234.50');
    expect(plainExact(0.575, 2)).toBe('0.575');
    expect(plainExact(12.5, 2)).toBe('12.50');
    expect(exactNumber(0.1 + 0.2)).toBe(0.3);
  });

  it('writes a tax return’s fixed decimals: gallons to 3, a rate to 4 in $/gal', () => {
    expect(formatFixed(1234.5, 3)).toBe('1,234.500');
    expect(formatFixed(-31.4126, 3)).toBe('-31.413');
    expect(formatFixed(0.285, 4, '$')).toBe('$0.2850');
    expect(formatFixed(-0.0001, 2)).toBe('0.00');
    expect(fixedNumFmt(3)).toBe('#,##0.000');
    expect(fixedNumFmt(4, '$')).toBe('"$"#,##0.0000');
    expect(fixedNumFmt(0)).toBe('#,##0');
  });

  it('gives a cell its exact figure when the display rounds it, and none when it does not', () => {
    // A fuel price of $3.899/gal reads "3.9" in a number column; a rate of $0.575/mi "$0.58".
    expect(cellText('number', 3.899)).toEqual({ text: '3.9', exact: '3.899' });
    expect(cellText('money', 0.575)).toEqual({ text: '$0.58', exact: '$0.575' });
    expect(cellText('number', 1234.5)).toEqual({ text: '1,234.5', exact: null });
    expect(cellText('money', 12.5)).toEqual({ text: '$12.50', exact: null });
    expect(cellText('miles', 12.125)).toEqual({ text: '12.13 mi', exact: '12.125 mi' });
    expect(cellText('percent', 8.875)).toEqual({ text: '8.88%', exact: '8.875%' });
    expect(cellText('text', 'abc')).toEqual({ text: 'abc', exact: null });
    expect(formatCellExact('number', 'n/a')).toBe('n/a');
  });

  it('shows totals compact, the exact figure in a tooltip from 1,000 or when compact rounds it', () => {
    expect(totalText(1234.5, { dollar: true })).toEqual({ text: '$1.23K', full: '$1,234.50' });
    expect(totalText(-1234.5, { dollar: true })).toEqual({ text: '-$1.23K', full: '-$1,234.50' });
    expect(totalText(1582, { miles: true })).toEqual({ text: '1.58K mi', full: '1,582 mi' });
    expect(totalText(12345.678)).toEqual({ text: '12.35K', full: '12,345.678' });
    expect(totalText(12.345)).toEqual({ text: '12.35', full: '12.345' });
    expect(totalText(999.5, { dollar: true })).toEqual({ text: '$999.5', full: null });
    expect(formatCompactMoney(-2_500_000)).toBe('-$2.5M');
    expect(formatCompactMoney(25_000)).toBe('$25K');
    expect(formatCompactMoney(-0.001)).toBe('$0');
  });

  it('gives a spreadsheet cell the format that reads its figure as exactly as the tooltip', () => {
    expect(spreadsheetNumFmt('number', 3.899)).toBe('#,##0.000');
    expect(spreadsheetNumFmt('number', 12)).toBe('#,##0');
    expect(spreadsheetNumFmt('money', 12.5)).toBe('"$"#,##0.00;[Red]-"$"#,##0.00');
    expect(spreadsheetNumFmt('money', 0.575)).toBe('"$"#,##0.000;[Red]-"$"#,##0.000');
    expect(spreadsheetNumFmt('miles', 967)).toBe('#,##0 "mi"');
    expect(spreadsheetNumFmt('percent', 8.875)).toBe('0.000"%"');
    expect(spreadsheetNumFmt('id', 101)).toBe('0');
    expect(spreadsheetNumFmt('date')).toBe('yyyy-mm-dd');
    expect(spreadsheetNumFmt('text', 1)).toBeUndefined();
  });
});
