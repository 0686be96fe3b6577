// The screens people wait on (issue 31), through HTTP as the web asks for them on open: each figure
// is what the screen's first load sends, timed from the request to the last byte, as
// admin@backhaul.demo over one keep-alive connection asking for `gzip, deflate, br`.
//
// - Billing (packages/web/src/modules/billing/billing-page.tsx): the DataTable's first request,
//   POST /api/billings/list with the table's default state and with_options: true (the filters'
//   options come in that same answer; the page makes no other call of its own).
// - Account today (modules/account/today-panel.tsx): GET /api/account/today.
// - Downtime (modules/downtime/downtime-page.tsx): POST /api/downtime/list, the same first request.
//
// Each pass times every screen `iterations` times after 2 warm-up calls, screens interleaved; a
// figure's p50 and p95 are the medians over the passes (at least three), and the verdict compares the p50 with the goal.
import type { Verdict } from './goals';
import { json, keepAlive, ok, request } from './http';
import { type Figure, figure, round } from './stats';

export const ADMIN = { email: 'admin@backhaul.demo', password: 'backhaul' };

/** The DataTable's request on open (web list-state.ts: page 1 of 20, no filters, the options once). */
const TABLE_FIRST_LOAD = {
  filters: {},
  search: '',
  sort: null,
  order: null,
  limit: 20,
  page: 1,
  with_options: true,
  keep: [],
};

export type Screen = {
  id: string;
  title: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Goal for the p50, ms (issue 31, at 1M loads on PostgreSQL). */
  goal_ms: number;
};

export const SCREENS: Screen[] = [
  {
    id: 'billing',
    title: 'Billing list, first load',
    method: 'POST',
    path: '/api/billings/list',
    body: TABLE_FIRST_LOAD,
    goal_ms: 300,
  },
  { id: 'account-today', title: 'Account today', method: 'GET', path: '/api/account/today', goal_ms: 100 },
  {
    id: 'downtime',
    title: 'Downtime list, first load',
    method: 'POST',
    path: '/api/downtime/list',
    body: TABLE_FIRST_LOAD,
    goal_ms: 150,
  },
];

export type ScreenFigure = {
  id: string;
  title: string;
  request: string;
  goal_ms: number;
  /** Medians over the passes. */
  p50: number;
  p95: number;
  passes: Figure[];
  wire_bytes: number;
  verdict: 'met' | 'not met';
};

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return round(s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2);
};

/** The bench's sign-in: admin@backhaul.demo unless told otherwise; answers the bearer token. */
export async function signIn(baseUrl: string, login: { email: string; password: string } = ADMIN): Promise<string> {
  const r = await request(baseUrl, { method: 'POST', path: '/api/login', body: login });
  const token = r.status === 200 ? json<{ access_token?: string }>(r).access_token : undefined;
  if (!token) throw new Error(`login failed (${r.status}): ${r.body.toString().slice(0, 300)}`);
  return token;
}

/** The screens' figures on a running app (its base URL, e.g. http://127.0.0.1:3000). */
export async function screenFigures(o: {
  baseUrl: string;
  login?: { email: string; password: string };
  /** At least 3. */
  passes?: number;
  iterations?: number;
  screens?: Screen[];
  log?: (line: string) => void;
}): Promise<ScreenFigure[]> {
  const passes = Math.max(3, o.passes ?? 3);
  const iterations = Math.max(3, o.iterations ?? 10);
  const screens = o.screens ?? SCREENS;
  const token = await signIn(o.baseUrl, o.login ?? ADMIN);
  const agent = keepAlive();
  const samples = new Map<string, number[][]>(screens.map((s) => [s.id, []]));
  const wire = new Map<string, number>();
  try {
    for (let pass = 0; pass < passes; pass++) {
      for (const s of screens) {
        const times: number[] = [];
        for (let i = 0; i < 2 + iterations; i++) {
          const r = await ok(o.baseUrl, {
            method: s.method,
            path: s.path,
            token,
            agent,
            ...(s.body === undefined ? {} : { body: s.body }),
          });
          if (i >= 2) times.push(r.ms);
          wire.set(s.id, r.wireBytes);
        }
        samples.get(s.id)?.push(times);
        o.log?.(`  ${s.id} pass ${pass + 1}: p50 ${figure(times).p50} ms`);
      }
    }
  } finally {
    agent.destroy();
  }
  return screens.map((s) => {
    const figs = (samples.get(s.id) ?? []).map((t) => figure(t));
    const p50 = median(figs.map((f) => f.p50));
    return {
      id: s.id,
      title: s.title,
      request: `${s.method} ${s.path}`,
      goal_ms: s.goal_ms,
      p50,
      p95: median(figs.map((f) => f.p95)),
      passes: figs,
      wire_bytes: wire.get(s.id) ?? 0,
      verdict: p50 <= s.goal_ms ? 'met' : 'not met',
    };
  });
}

/** The figures as a Markdown table. */
export function screenTable(figures: ScreenFigure[]): string {
  return [
    '| screen | request | p50 | p95 | goal (p50) | verdict |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.title} | \`${f.request}\` | ${f.p50} ms | ${f.p95} ms | ≤ ${f.goal_ms} ms | ${f.verdict === 'met' ? 'met' : '**not met**'} |`,
    ),
  ].join('\n');
}

/**
 * The screens as a block of `npm run bench` (run.ts `extraFigures`): on PostgreSQL only (the goals
 * are at 1M loads there), on the running app, with the run's passes (at least 3; 5 timed calls a
 * pass with BENCH_QUICK). Wire it with `extraFigures.push(screensBlock)`.
 */
export async function screensBlock(ctx: {
  kind: string;
  label: string;
  pair: { app: { server: { url: string } } };
  passes: number;
  quick: boolean;
  log: (line: string) => void;
}): Promise<{ id: string; title: string; figures: ScreenFigure[]; verdicts: Verdict[]; markdown: string } | null> {
  if (ctx.kind !== 'postgres') return null;
  ctx.log('  screens: billing list, account today, downtime list (first loads)');
  const figures = await screenFigures({
    baseUrl: ctx.pair.app.server.url,
    passes: ctx.passes,
    iterations: ctx.quick ? 5 : 10,
    log: ctx.log,
  });
  const goal: Record<string, string> = {
    billing: '#31 billing list first load p50 ≤ 300 ms at 1M',
    'account-today': '#31 account today p50 ≤ 100 ms at 1M',
    downtime: '#31 downtime list p50 ≤ 150 ms at 1M',
  };
  return {
    id: 'screens',
    title: 'Screens: first loads',
    figures,
    verdicts: figures.map((f) => ({
      goal: goal[f.id] ?? `${f.title} p50 ≤ ${f.goal_ms} ms`,
      database: ctx.label,
      value: `${f.p50} ms`,
      met: f.verdict === 'met',
    })),
    markdown: screenTable(figures),
  };
}
