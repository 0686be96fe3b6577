import { IFTA_JURISDICTIONS, type IFTA_PROVINCES } from '@backhaul/shared/modules/ifta/ifta.contract';

/**
 * IFTA diesel rates per quarter: the Special Diesel column of the IFTA, Inc. tax rate matrix
 * (https://www.iftach.org/taxmatrix4/Taxmatrix.php and its change log, taxchangeq.php), U.S. dollars
 * per U.S. gallon. The seed loads 2025-Q1 … 2026-Q3 (and 2026-Q4, the quarter under way, as 2026-Q3);
 * they are editable under Fuel → IFTA → Rates. Which figures were read on the matrix and which are
 * carried is in the module README ("Rates"): check the carried ones before filing.
 */
export const IFTA_RATE_QUARTERS = [
  '2025-Q1',
  '2025-Q2',
  '2025-Q3',
  '2025-Q4',
  '2026-Q1',
  '2026-Q2',
  '2026-Q3',
  '2026-Q4',
] as const;
type Quarter = (typeof IFTA_RATE_QUARTERS)[number];

export type SeedRate = { rate: number; surcharge: number; checked: boolean };

/** Litres in a U.S. gallon: the matrix's Canadian figures are dollars per litre. */
const LITRES_PER_GALLON = 3.785411784;

/**
 * The states' diesel rates where no matrix page was read for them (the project's earlier seed):
 * carried through every quarter, `checked: false`.
 */
// biome-ignore format: a table reads better than one line per state
const CARRIED: Readonly<Record<string, number>> = {
  AL: 0.3, AR: 0.285, AZ: 0.26, CA: 0.971, CO: 0.325, CT: 0.489, DE: 0.22, FL: 0.393, GA: 0.371, IA: 0.325,
  ID: 0.32, IL: 0.749, IN: 0.61, KS: 0.26, KY: 0.22, LA: 0.2, MA: 0.24, MD: 0.475, ME: 0.312, MI: 0.494,
  MN: 0.33, MO: 0.295, MS: 0.18, MT: 0.2975, NC: 0.405, ND: 0.23, NE: 0.314, NH: 0.222, NJ: 0.544, NM: 0.22,
  NV: 0.27, NY: 0.409, OH: 0.47, OK: 0.2, OR: 0, PA: 0.741, RI: 0.38, SC: 0.28, SD: 0.28, TN: 0.27,
  TX: 0.2, UT: 0.365, VA: 0.316, VT: 0.31, WA: 0.554, WI: 0.329, WV: 0.357, WY: 0.24,
};

/** Kentucky's surcharge line (the matrix prints it apart): carried, `checked: false`. */
const KY_SURCHARGE = 0.067;

/**
 * Figures read on the matrix pages, per quarter (a quarter repeats the one before unless it names a
 * jurisdiction): 3rd Quarter 2025 (Taxmatrix.php: Alabama, Arizona and the provinces; the change log:
 * California, Colorado, Connecticut, Illinois, Indiana — whose surcharge line from 07/01/25 has no
 * diesel rate — and Iowa), 4th Quarter 2025 (change log: Alabama, California, Maryland,
 * Massachusetts) and 3rd Quarter 2026 (change log: Colorado, Mississippi, Wyoming).
 */
const READ: Partial<Record<Quarter, Readonly<Record<string, number>>>> = {
  '2025-Q3': { AL: 0.3, AZ: 0.26, CA: 0.971, CO: 0.325, CT: 0.489, IL: 0.749, IN: 0.61, IA: 0.325 },
  '2025-Q4': { AL: 0.31, CA: 0.971, MD: 0.4675, MA: 0.24 },
  '2026-Q3': { CO: 0.335, MS: 0.24, WY: 0.24 },
};

/** The provinces' diesel tax, Canadian dollars per litre (3rd Quarter 2025 matrix). */
// biome-ignore format: a table reads better than one line per province
const PROVINCE_CAD_PER_LITRE: Readonly<Record<(typeof IFTA_PROVINCES)[number], number>> = {
  AB: 0.13, BC: 0.15, MB: 0.125, NB: 0.1545, NL: 0.095, NS: 0.154, ON: 0.09, PE: 0.1415, QC: 0.202, SK: 0.15,
};

/**
 * U.S. dollars per Canadian dollar, as the matrix prints the quarter's exchange rate ("Canada =");
 * read for 2025-Q3 (0.7377), 2025-Q4 (0.7248) and 2026-Q3 (0.7151), carried to the quarters between.
 */
const USD_PER_CAD: Record<Quarter, { rate: number; checked: boolean }> = {
  '2025-Q1': { rate: 0.7377, checked: false },
  '2025-Q2': { rate: 0.7377, checked: false },
  '2025-Q3': { rate: 0.7377, checked: true },
  '2025-Q4': { rate: 0.7248, checked: true },
  '2026-Q1': { rate: 0.7248, checked: false },
  '2026-Q2': { rate: 0.7248, checked: false },
  '2026-Q3': { rate: 0.7151, checked: true },
  '2026-Q4': { rate: 0.7151, checked: false },
};

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The quarter's diesel rate (and surcharge) of every IFTA jurisdiction: the 48 states and the 10
 * provinces (a province in U.S. dollars per gallon: its rate per litre × 3.785411784 × the
 * quarter's exchange rate, rounded to 4 decimals as the matrix does). Never DC, Alaska or Hawaii.
 */
export function IFTA_RATES(quarter: string): Record<string, SeedRate> {
  const at = IFTA_RATE_QUARTERS.indexOf(quarter as Quarter);
  if (at < 0) return {};
  const states: Record<string, SeedRate> = Object.fromEntries(
    Object.entries(CARRIED).map(([s, rate]) => [s, { rate, surcharge: s === 'KY' ? KY_SURCHARGE : 0, checked: false }]),
  );
  // Quarter by quarter: a figure read holds while the next quarters' change logs (read whole) do
  // not name it; a quarter whose log was not read leaves nothing checked. Before 2025-Q3 the
  // 2025-Q3 figures are carried back, unchecked.
  for (let i = 0; i <= at; i++) {
    const read = READ[IFTA_RATE_QUARTERS[i] as Quarter];
    if (!read) for (const r of Object.values(states)) r.checked = false;
    for (const [s, rate] of Object.entries(read ?? {})) states[s] = { ...(states[s] as SeedRate), rate, checked: true };
  }
  if (at < 2)
    for (const [s, rate] of Object.entries(READ['2025-Q3'] ?? {})) states[s] = { ...(states[s] as SeedRate), rate };
  const fx = USD_PER_CAD[quarter as Quarter];
  const provinces = Object.entries(PROVINCE_CAD_PER_LITRE).map(([p, cad]) => [
    p,
    // Read for 2025-Q3; the 2025-Q4 log (read whole) names no province: unchanged, at that quarter's rate.
    { rate: round4(cad * LITRES_PER_GALLON * fx.rate), surcharge: 0, checked: fx.checked && at <= 3 },
  ]);
  const all = { ...states, ...Object.fromEntries(provinces) } as Record<string, SeedRate>;
  return Object.fromEntries(IFTA_JURISDICTIONS.map((j) => [j, all[j] as SeedRate]));
}
