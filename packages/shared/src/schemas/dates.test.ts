import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_MAX_YEAR,
  DATE_MIN_YEAR,
  DATE_MSG,
  dateSchema,
  dateTimeSchema,
  isCalendarDate,
  monthSchema,
} from './dates';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const inRange = fc.date({
  min: new Date(Date.UTC(DATE_MIN_YEAR, 0, 1)),
  max: new Date(Date.UTC(DATE_MAX_YEAR, 11, 31)),
  noInvalidDate: true,
});
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('dateSchema', () => {
  it('takes every calendar day in range, as written', () => {
    fc.assert(
      fc.property(inRange, (d) => {
        const text = ymd(d);
        expect(dateSchema().parse(text)).toBe(text);
      }),
    );
  });

  it('refuses the days after the end of each month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: DATE_MIN_YEAR, max: DATE_MAX_YEAR }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 70 }),
        (year, month, extra) => {
          const day = daysIn(year, month) + extra;
          const text = `${year}-${pad(month)}-${pad(day)}`;
          expect(isCalendarDate(text)).toBe(false);
          expect(dateSchema().safeParse(text).success).toBe(false);
        },
      ),
    );
  });

  it('knows leap years and says what is wrong', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    const issue = (v: unknown) => dateSchema().safeParse(v).error?.issues[0]?.message;
    expect(issue('2026-02-30')).toBe(DATE_MSG.noSuchDate);
    expect(issue('2026-13-01')).toBe(DATE_MSG.noSuchDate);
    expect(issue('2026-00-10')).toBe(DATE_MSG.noSuchDate);
    expect(issue('0000-01-01')).toBe(DATE_MSG.years);
    expect(issue('9999-12-31')).toBe(DATE_MSG.years);
    for (const bad of [
      '2026-2-3',
      '20260203',
      '2026-02-03T00:00:00Z',
      '2026/02/03',
      '',
      20260203,
      true,
      ['2026-02-03'],
    ]) {
      expect(issue(bad)).toBe(DATE_MSG.format);
    }
    expect(
      dateSchema({ message: 'The hire date is not a date.' }).safeParse('2026-02-30').error?.issues[0]?.message,
    ).toBe('The hire date is not a date.');
  });

  it("keeps '' only where a field allows it empty", () => {
    expect(dateSchema({ allowEmpty: true }).parse('')).toBe('');
    expect(dateSchema({ allowEmpty: true }).safeParse('2026-02-30').success).toBe(false);
    expect(dateSchema().safeParse('').success).toBe(false);
  });
});

describe('monthSchema and dateTimeSchema', () => {
  it('takes months 01 to 12 only', () => {
    expect(monthSchema().parse('2026-12')).toBe('2026-12');
    for (const bad of ['2026-13', '2026-00', '2026-1', '0000-01', '2026-01-01', 202601]) {
      expect(monthSchema().safeParse(bad).success).toBe(false);
    }
  });

  it('takes a calendar day with an optional time of day', () => {
    fc.assert(
      fc.property(inRange, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (d, h, m) => {
        expect(dateTimeSchema().parse(`${ymd(d)} ${pad(h)}:${pad(m)}`)).toBe(`${ymd(d)} ${pad(h)}:${pad(m)}`);
        expect(dateTimeSchema().parse(ymd(d))).toBe(ymd(d));
      }),
    );
    for (const bad of [
      '2026-02-30 10:00',
      '2026-01-01 24:00',
      '2026-01-01 12:60',
      '2026-01-01T10:00',
      '2026-01-01 9:00',
    ]) {
      expect(dateTimeSchema().safeParse(bad).success).toBe(false);
    }
  });
});
