import { describe, expect, it } from 'vitest';
import { prorateMonth } from './salary-month';

describe('prorateMonth', () => {
  it('pays a whole month at one salary as that salary', () => {
    expect(prorateMonth({ month: '2026-02', entries: [{ date: '2025-01-01', cents: 500_000 }] })).toMatchObject({
      cents: 500_000,
      daysInMonth: 28,
      parts: [{ from: '2026-02-01', to: '2026-02-28', days: 28, monthlyCents: 500_000, cents: 500_000 }],
    });
  });

  it('splits a raise by calendar days, rounding each part once, half away from zero', () => {
    // $6,000 to the 10th, $6,600 from the 11th of a 30-day month: 2,000.00 + 4,400.00.
    const raise = prorateMonth({
      month: '2026-04',
      entries: [
        { date: '2025-01-01', cents: 600_000 },
        { date: '2026-04-11', cents: 660_000 },
      ],
    });
    expect(raise.parts.map((p) => [p.days, p.cents])).toEqual([
      [10, 200_000],
      [20, 440_000],
    ]);
    expect(raise.cents).toBe(640_000);
    // $1,000.01 × 15/30 = $500.005 → $500.01.
    expect(
      prorateMonth({ month: '2026-04', entries: [{ date: '2026-01-01', cents: 100_001 }], terminatedOn: '2026-04-15' })
        .cents,
    ).toBe(50_001);
  });

  it('pays from the hire date, to the termination date, and nothing before the first salary', () => {
    // Hired on the 16th of a 31-day month: $4,000 × 16/31 = 2,064.516… → $2,064.52.
    expect(
      prorateMonth({ month: '2026-03', entries: [{ date: '2020-01-01', cents: 400_000 }], hiredOn: '2026-03-16' })
        .cents,
    ).toBe(206_452);
    // A salary recorded from the 21st only: 11 days of 31 at $3,100 = $1,100.00.
    expect(prorateMonth({ month: '2026-03', entries: [{ date: '2026-03-21', cents: 310_000 }] }).cents).toBe(110_000);
    // Left before the month, or hired after it: nothing.
    expect(
      prorateMonth({ month: '2026-03', entries: [{ date: '2020-01-01', cents: 400_000 }], terminatedOn: '2026-02-28' }),
    ).toMatchObject({ cents: 0, parts: [] });
    expect(
      prorateMonth({ month: '2026-03', entries: [{ date: '2020-01-01', cents: 400_000 }], hiredOn: '2026-04-01' })
        .cents,
    ).toBe(0);
    // Two entries from the same day: the later one is the salary.
    expect(
      prorateMonth({
        month: '2026-03',
        entries: [
          { date: '2026-03-01', cents: 100_000 },
          { date: '2026-03-01', cents: 200_000 },
        ],
      }).cents,
    ).toBe(200_000);
  });
});
