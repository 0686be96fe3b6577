import { ref, type Seeder } from '../../platform/seed/seed';
import { IFTA_RATE_QUARTERS, IFTA_RATES } from './ifta.rates';
import { iftaRates } from './ifta.table';

/** The IFTA matrix's diesel rates of 2025-Q1 … 2026-Q4 (ifta.rates.ts), editable under Fuel → IFTA. */
export const iftaSeeder: Seeder = {
  name: 'ifta rates',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    await ctx.db.insert(iftaRates).values(
      IFTA_RATE_QUARTERS.flatMap((quarter) =>
        Object.entries(IFTA_RATES(quarter)).map(([state, r]) => ({
          companyId,
          quarter,
          state,
          rateE4: Math.round(r.rate * 10_000),
          surchargeE4: Math.round(r.surcharge * 10_000),
        })),
      ),
    );
  },
};
