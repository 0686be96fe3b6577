// The Markdown table of a run (bench/results/latest.md), from the JSON the run writes.
import type { DatasetMeta } from './dataset';
import type { Verdict } from './goals';
import type { PassFigure } from './passes';
import type { Check, ExportResult, InvoiceResult, LatencyResult, ThroughputResult } from './scenarios';
import type { Figure } from './stats';

export type Markdown = string;

type WebBundle = {
  raw: number;
  gzip: number;
  wire: number | null;
  chunks: Array<{ served?: { encoding: string | null; cache: string | null } }>;
} | null;

type Passes = { passes: PassFigure[] };

type Database = {
  label: string;
  dataset: DatasetMeta;
  passes: number;
  start_ms: { app: Figure & { all: number[] }; bare: Figure & { all: number[] }; ratio_p50: number; orders: string[] };
  rss_mb: {
    idle_after_start: { app: number; bare: number };
    after_load: { app: number; bare: number };
    after_idle: { app: number; bare: number };
    idle_seconds: number;
  };
  connection_resets: { app: number; bare: number };
  lists: Array<LatencyResult & Passes>;
  exports: Array<ExportResult & Passes>;
  invoices: (InvoiceResult & Passes) | null;
  throughput: Array<ThroughputResult & Passes>;
  web: WebBundle;
  extras: Array<{ title: string; markdown?: string }>;
};

type Results = {
  date: string;
  git: { sha: string; branch: string; dirty: boolean };
  machine: {
    cpus: number;
    cpu_model: string;
    memory_gb: number;
    node: string;
    loadavg_start: number[];
    loadavg_end: number[];
    loadavg_1m_during: Figure | null;
  };
  duration_s: number;
  databases: Database[];
  checks_failed: string[];
  verdicts: Verdict[];
};

const n = (v: number, digits = 1) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const x = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '–');
const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${n(bytes / 1024 / 1024)} MB` : `${n(bytes / 1024)} KB`);
const runs = (count: number, what = 'run') => `${count} ${what}${count === 1 ? '' : 's'}`;
const verdict = (c: Check, what: string) => (c.same ? what : `**DIFFERENT**: ${c.detail.slice(0, 160)}`);

/** Each pass's app / bare ratio, "a" or "b" for who went first: 0.98a 1.02b 1.00a. */
const passRatios = (p: PassFigure[]) => p.map((f) => `${f.ratio.toFixed(2)}${f.first === 'app' ? 'a' : 'b'}`).join(' ');

function listRow(s: LatencyResult & Passes): string {
  const wire = s.app.encoding
    ? `, ${kb(s.app.wire_bytes)} ${s.app.encoding} on the wire (bare ${kb(s.bare.wire_bytes)} ${s.bare.encoding ?? 'plain'})`
    : ', uncompressed';
  return `| ${s.title}, ms | ${n(s.app.p50)} | ${n(s.app.p95)} | ${n(s.bare.p50)} | ${n(s.bare.p95)} | ${x(s.ratio_p50)} | ${passRatios(s.passes)} | ${verdict(s.check, `identical JSON, ${kb(s.app.bytes)}${wire}`)} |`;
}

function exportRow(s: ExportResult & Passes): string {
  const same = s.id === 'export-csv' ? 'identical file' : 'same sheet, styles and strings';
  return `| ${s.title}, s (${runs(s.app.seconds.n)}) | ${n(s.app.seconds.p50, 2)} | ${n(s.app.seconds.max, 2)} | ${n(s.bare.seconds.p50, 2)} | ${n(s.bare.seconds.max, 2)} | ${x(s.ratio_p50)} | ${passRatios(s.passes)} | ${verdict(s.check, `${same}, ${kb(s.app.runs[0]?.file_bytes ?? 0)}`)} |`;
}

function invoiceRow(s: InvoiceResult & Passes): string {
  const loads = s.app.runs.map((r) => r.window.loads);
  return `| Invoice generation, ${Math.min(...loads).toLocaleString('en-US')}–${Math.max(...loads).toLocaleString('en-US')} loads a run (job path), s (${runs(s.app.seconds.n)}) | ${n(s.app.seconds.p50, 2)} | ${n(s.app.seconds.max, 2)} | ${n(s.bare.seconds.p50, 2)} | ${n(s.bare.seconds.max, 2)} | ${x(s.ratio_p50)} | ${passRatios(s.passes)} | ${verdict(s.check, 'same invoices, lines and amount')} |`;
}

function throughputRow(t: ThroughputResult & Passes): string {
  const bad = t.app.rounds.concat(t.bare.rounds).some((r) => r.non2xx || r.errors);
  const answered =
    t.answered.app === t.answered.bare
      ? `both ${t.answered.app ?? 'plain'}`
      : `**app ${t.answered.app ?? 'plain'}, bare ${t.answered.bare ?? 'plain'}**`;
  const header = t.accept_encoding ? `Accept-Encoding "${t.accept_encoding}"` : 'no Accept-Encoding';
  return `| ${t.title}, req/s (${t.connections} connections, ${t.duration_s} s × ${runs(t.app.rounds.length / Math.max(1, t.passes.length), 'round')} a pass) | ${n(t.app.requests_per_s)} | | ${n(t.bare.requests_per_s)} | | ${x(t.ratio)} | ${passRatios(t.passes)} | ${header}: ${answered}; ${bad ? '**errors or non-2xx answers**' : 'all 200'} |`;
}

function progress(s: InvoiceResult): string {
  const run = s.app.runs[0];
  if (!run) return '';
  const states = run.progress.map(
    (p) => `${p.status === 'completed' ? 'completed' : `${p.done}/${p.total}`} at ${p.at_ms} ms`,
  );
  return `Invoice run progress as the app's job reported it (GET /api/jobs/:id every 50 ms; first run): ${states.join(' → ')}.`;
}

function database(d: Database): string {
  const w = d.dataset.windows;
  const xlsx = d.exports.find((e) => e.id === 'export-xlsx');
  const csv = d.exports.find((e) => e.id === 'export-csv');
  const lines = [
    `## ${d.label}: ${d.dataset.loads.toLocaleString('en-US')} loads`,
    '',
    `${d.dataset.trips.toLocaleString('en-US')} trips, ${d.dataset.stops.toLocaleString('en-US')} stops, windows ending ${d.dataset.anchor_date} (the seed day); default window ${w.default.from}…${w.default.to}, one year ${w.year.from}…${w.year.to} (${w.year.loads.toLocaleString('en-US')} loads), export ${w.export.from}…${w.export.to}. Generator ${d.dataset.version}, seeded ${d.dataset.seeded_at.slice(0, 10)}.`,
    '',
    `Each figure is the median of ${d.passes} ${d.passes === 1 ? 'pass' : 'passes'}; app first in odd passes, the bare server first in even ones (the "passes" column: each pass's app / bare ratio, a = app first, b = bare first).`,
    '',
    '| figure | app p50 | app p95 | bare p50 | bare p95 | app / bare | passes | answers |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...d.lists.map(listRow),
    ...d.exports.map(exportRow),
    ...(d.invoices ? [invoiceRow(d.invoices)] : []),
    ...d.throughput.map(throughputRow),
    `| Start-up on the existing database (\`npm start\`), ms (${runs(d.start_ms.app.n, 'start')}) | ${n(d.start_ms.app.p50, 0)} | ${n(d.start_ms.app.max, 0)} | ${n(d.start_ms.bare.p50, 0)} | ${n(d.start_ms.bare.max, 0)} | ${x(d.start_ms.ratio_p50)} | ${d.start_ms.app.all.map((v, i) => `${n(v / Math.max(1, d.start_ms.bare.all[i] ?? 1), 2)}${d.start_ms.orders[i] === 'app' ? 'a' : 'b'}`).join(' ')} | spawn to the first 200; app ${d.start_ms.app.all.map((v) => n(v, 0)).join(', ')} ms |`,
    '',
    "Lists: p50 and p95 are the medians of the passes' p50 and p95. Exports and invoice runs: one run a pass; the p95 columns hold the slowest run.",
    '',
    '| memory (RSS of the serving process), MB | app | bare |',
    '|---|---:|---:|',
    `| Idle, after start and sign-in | ${n(d.rss_mb.idle_after_start.app, 0)} | ${n(d.rss_mb.idle_after_start.bare, 0)} |`,
    ...(xlsx
      ? [
          `| Peak during the XLSX export (+ over the RSS before it; the exports run first, after the idle figure) | ${n(xlsx.app.peak_rss_mb, 0)} (+${n(xlsx.app.added_rss_mb, 0)}) | ${n(xlsx.bare.peak_rss_mb, 0)} (+${n(xlsx.bare.added_rss_mb, 0)}) |`,
        ]
      : []),
    ...(csv
      ? [
          `| Peak during the CSV export (added) | ${n(csv.app.peak_rss_mb, 0)} (+${n(csv.app.added_rss_mb, 0)}) | ${n(csv.bare.peak_rss_mb, 0)} (+${n(csv.bare.added_rss_mb, 0)}) |`,
        ]
      : []),
    `| After the load (the last pass's last request) | ${n(d.rss_mb.after_load.app, 0)} | ${n(d.rss_mb.after_load.bare, 0)} |`,
    `| After ${d.rss_mb.idle_seconds} s idle | ${n(d.rss_mb.after_idle.app, 0)} | ${n(d.rss_mb.after_idle.bare, 0)} |`,
    '',
    d.invoices ? progress(d.invoices) : '',
  ];
  for (const e of d.extras) if (e.markdown) lines.push('', `### ${e.title}`, '', e.markdown);
  const { app: resetApp, bare: resetBare } = d.connection_resets;
  if (resetApp || resetBare) {
    lines.push(
      '',
      `Keep-alive connections the server reset under a request, retried on a new connection as a browser does: app ${resetApp}, bare ${resetBare}.`,
    );
  }
  if (d.web) {
    const served = d.web.chunks[0]?.served;
    lines.push(
      '',
      `Login route JavaScript (bench/web-bundle.mjs): ${kb(d.web.raw)} raw, ${kb(d.web.gzip)} gzipped; the app served ${d.web.wire === null ? '–' : kb(d.web.wire)} to a browser asking for gzip/br (encoding ${served?.encoding ?? 'none'}, cache-control "${served?.cache ?? '–'}").`,
    );
  }
  return lines.join('\n');
}

export function markdown(r: Results): Markdown {
  const m = r.machine;
  const during = m.loadavg_1m_during;
  return [
    `# Bench: ${r.date.slice(0, 10)} at ${r.git.sha}${r.git.dirty ? ' (with uncommitted changes)' : ''}`,
    '',
    `${m.cpus} × ${m.cpu_model}, ${m.memory_gb} GB, Node ${m.node}; the run took ${Math.round(r.duration_s / 60)} min. Load average (1, 5, 15 min) at the start ${m.loadavg_start.join(', ')}, at the end ${m.loadavg_end.join(', ')}${during ? `; the 1-minute figure during the run: median ${n(during.p50, 2)}, ${n(during.min, 2)}–${n(during.max, 2)}` : ''}. Other work shared these CPUs: the ratios (app and bare measured in turn in the same run) are the figures to compare between runs; absolute times follow the machine's load.`,
    '',
    r.databases.map(database).join('\n\n'),
    '',
    '## Goals',
    '',
    '| goal | database | figure | verdict |',
    '|---|---|---|---|',
    ...r.verdicts.map(
      (v) =>
        `| ${v.goal} | ${v.database} | ${v.value} | ${v.met === null ? 'not measured' : v.met ? 'met' : '**not met**'} |`,
    ),
    '',
    r.checks_failed.length
      ? `**Checks failed:**\n${r.checks_failed.map((f) => `- ${f}`).join('\n')}`
      : "Every answer of the bare server matched the app's.",
    '',
  ].join('\n');
}
