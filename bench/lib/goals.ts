// The goals the main run measures, each with its verdict (met / not met) from the run's figures.
// Issue 31 (the page goals) and issue 14 (the goals the list, exports, throughput, start-up and
// memory met when it closed, kept so a regression shows). An extra figure block (run.ts
// `extraFigures`) adds its own verdicts beside these.

export type Verdict = {
  /** Where the goal comes from and what it asks, as the issue words it. */
  goal: string;
  database: string;
  /** The figure the verdict reads, with its unit. */
  value: string;
  /** null: not measured in this run (the reason is in `value`). */
  met: boolean | null;
};

type Fig = { p50: number; p95: number; max: number; n: number };
type Db = {
  kind: 'pglite' | 'postgres';
  label: string;
  start_ms: { app: Fig & { all: number[] } };
  rss_mb: { idle_after_start: { app: number } };
  lists: Array<{ id: string; app: Fig; ratio_p50: number }>;
  exports: Array<{ id: string; app: { seconds: Fig; added_rss_mb: number } }>;
  throughput: Array<{ id: string; ratio: number }>;
  web: {
    gzip: number;
    budget_gzip?: number;
    screens?: Array<{ page: string; gzip: number }>;
    screen_budget_gzip?: number;
  } | null;
};

const ms = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;

export function verdicts(d: Db): Verdict[] {
  const out: Verdict[] = [];
  const add = (goal: string, value: string, met: boolean | null) => out.push({ goal, database: d.label, value, met });
  const list = (id: string) => d.lists.find((l) => l.id === id);
  const pg = d.kind === 'postgres';
  if (pg) {
    const page = list('default');
    if (page) add('#31 default page p50 ≤ 12 ms at 1M', ms(page.app.p50), page.app.p50 <= 12);
    const year = list('year');
    if (year) {
      add('#31 one-year window p50 ≤ 25 ms at 1M', ms(year.app.p50), year.app.p50 <= 25);
      add(
        '#31 one-year window faster than the bare query (app / bare < 1)',
        `${year.ratio_p50.toFixed(2)}×`,
        year.ratio_p50 < 1,
      );
    }
    const all = list('all');
    if (all) add("#14 'All' of the 4-week window p50 ≤ 400 ms at 1M", ms(all.app.p50), all.app.p50 <= 400);
    const xlsx = d.exports.find((e) => e.id === 'export-xlsx');
    if (xlsx) {
      add('#14 XLSX export of 100k rows ≤ 10 s', `${xlsx.app.seconds.p50.toFixed(2)} s`, xlsx.app.seconds.p50 <= 10);
      add(
        '#14 XLSX export adds < 100 MB of RSS',
        `+${Math.round(xlsx.app.added_rss_mb)} MB`,
        xlsx.app.added_rss_mb < 100,
      );
    }
    const csv = d.exports.find((e) => e.id === 'export-csv');
    if (csv) add('#14 CSV export of 100k rows ≤ 4 s', `${csv.app.seconds.p50.toFixed(2)} s`, csv.app.seconds.p50 <= 4);
  }
  for (const t of d.throughput) {
    const what = t.id === 'throughput-plain' ? 'without compression' : 'with compression';
    add(`#14 throughput ≥ 0.8× the bare server, ${what}`, `${t.ratio.toFixed(2)}×`, t.ratio >= 0.8);
  }
  const slowest = Math.max(...d.start_ms.app.all);
  add(
    `#${pg ? 14 : 31} start-up ≤ 3 s on an existing database, every start (\`npm start\`)`,
    `slowest of ${d.start_ms.app.all.length}: ${ms(slowest)}`,
    slowest <= 3000,
  );
  const idleGoal = pg ? 200 : 450;
  const idle = d.rss_mb.idle_after_start.app;
  add(`#14 idle RSS ≤ ${idleGoal} MB`, `${Math.round(idle)} MB`, idle <= idleGoal);
  if (d.web) {
    const budget = d.web.budget_gzip ?? 250 * 1024;
    add(
      `#14 login route JavaScript ≤ ${Math.round(budget / 1024)} KB gzip`,
      `${(d.web.gzip / 1024).toFixed(1)} KB`,
      d.web.gzip <= budget,
    );
    const heaviest = d.web.screens?.[0];
    const screenBudget = d.web.screen_budget_gzip;
    if (heaviest && screenBudget) {
      add(
        `#31 each screen's first-paint JavaScript ≤ ${Math.round(screenBudget / 1024)} KB gzip`,
        `heaviest ${heaviest.page}: ${(heaviest.gzip / 1024).toFixed(1)} KB`,
        heaviest.gzip <= screenBudget,
      );
    }
  }
  return out;
}

/**
 * Issue 31's goals that other scripts measure (bench/growth.ts, bench/trips-page.ts, the screens'
 * and EXPLAIN blocks …). Each shows as "not measured" until a verdict whose goal text contains its
 * `names` (case-insensitive) is in the run, as an `extraFigures` block adds.
 */
const ELSEWHERE: Array<{ names: string; goal: string; where: string }> = [
  { names: 'billing list', goal: '#31 billing list first load p50 ≤ 300 ms at 1M', where: 'the screens block' },
  { names: 'account today', goal: '#31 account today p50 ≤ 100 ms at 1M', where: 'the screens block' },
  { names: 'downtime list', goal: '#31 downtime list p50 ≤ 150 ms at 1M', where: 'the screens block' },
  {
    names: 'sequential scan',
    goal: '#31 no list or report query plans a sequential scan of loads at 1M',
    where: 'the EXPLAIN block',
  },
  {
    names: '5M',
    goal: "#31 default page, 'All' and one-year window: cost growth 1M → 5M ≤ 1.3×",
    where: 'bench/growth.ts',
  },
  {
    names: 'Chromium',
    goal: '#31 trips page in Chromium: 15 rows ≤ 500 ms, 500 rows ≤ 700 ms',
    where: 'bench/trips-page.ts',
  },
  {
    names: 'after seeding',
    goal: '#31 the first start after seeding stays ≤ 450 MB',
    where: 'the run starts on a database seeded before',
  },
];

/** The goals measured elsewhere that no verdict of this run covers, as "not measured" verdicts. */
export function notMeasured(measured: readonly Verdict[]): Verdict[] {
  const texts = measured.map((v) => v.goal.toLowerCase());
  return ELSEWHERE.filter((e) => !texts.some((t) => t.includes(e.names.toLowerCase()))).map((e) => ({
    goal: e.goal,
    database: '–',
    value: `not measured in this run: ${e.where}`,
    met: null,
  }));
}
