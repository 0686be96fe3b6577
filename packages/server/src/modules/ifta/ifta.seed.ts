import { ref, type Seeder } from '../../platform/seed/seed';
import { iftaRates } from './ifta.table';

/**
 * Diesel rates ($/gal, surcharges included) of the 48 contiguous states and DC as last published
 * for 2026-Q3 to the best of our knowledge; Q4 starts from the same values. They are seed values to
 * check against iftach.org before filing (docs/spec-deviations.md), editable under Fuel → IFTA.
 */
// biome-ignore format: a table reads better than one line per state
export const IFTA_SEED_RATES: Readonly<Record<string, number>> = {
  AL: 0.31, AR: 0.285, AZ: 0.26, CA: 1.022, CO: 0.325, CT: 0.492, DC: 0.35, DE: 0.22, FL: 0.393, GA: 0.371,
  IA: 0.325, ID: 0.32, IL: 0.76, IN: 0.61, KS: 0.26, KY: 0.287, LA: 0.2, MA: 0.24, MD: 0.475, ME: 0.312,
  MI: 0.494, MN: 0.33, MO: 0.295, MS: 0.18, MT: 0.2975, NC: 0.405, ND: 0.23, NE: 0.314, NH: 0.222, NJ: 0.544,
  NM: 0.22, NV: 0.27, NY: 0.409, OH: 0.47, OK: 0.2, OR: 0, PA: 0.741, RI: 0.38, SC: 0.28, SD: 0.28,
  TN: 0.27, TX: 0.2, UT: 0.365, VA: 0.316, VT: 0.31, WA: 0.554, WI: 0.329, WV: 0.357, WY: 0.24,
};

export const IFTA_SEED_QUARTERS = ['2026-Q3', '2026-Q4'] as const;

export const iftaSeeder: Seeder = {
  name: 'ifta rates',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    await ctx.db.insert(iftaRates).values(
      IFTA_SEED_QUARTERS.flatMap((quarter) =>
        Object.entries(IFTA_SEED_RATES).map(([state, rate]) => ({
          companyId,
          quarter,
          state,
          rateE4: Math.round(rate * 10_000),
        })),
      ),
    );
  },
};
