import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMPORT_MSG } from '@backhaul/shared/import/import.contract';
import { SERVER_ROOT } from '../../paths';
import { AppError } from '../errors';
import { MAX_XML_BYTES, type ParseAnswer, type ParseJob, type Sheet, type SheetLimits } from './sheet-reader';
import type { SheetProblem } from './zip-reader';

/**
 * Uploads are parsed in worker threads, never on the request thread: at most MAX_PARSERS at once
 * (two cores; more uploads wait their turn), each worker's heap capped at HEAP_MB, so three large
 * files cost three bounded parses one after another instead of stalling every other request. A
 * worker stays for IDLE_MS after its last parse (its start costs ~50 ms built, ~0.4 s under tsx).
 */
const MAX_PARSERS = 2;
const HEAP_MB = 256;
const IDLE_MS = 30_000;

type Job = ParseJob & { resolve: (sheet: Sheet) => void; reject: (err: unknown) => void };
type Parser = { worker: Worker; job: Job | null; idle?: NodeJS.Timeout };

const parsers = new Set<Parser>();
const queue: Job[] = [];
const hold = new Int32Array(new SharedArrayBuffer(4));

const problems: Record<SheetProblem, string> = {
  unreadable: IMPORT_MSG.unreadable,
  tooLarge: IMPORT_MSG.tooLarge(MAX_XML_BYTES / 1024 / 1024),
  empty: IMPORT_MSG.empty,
};
const refuse = (problem: SheetProblem) => AppError.invalidField('file', problems[problem]);

/** The worker's entry: built JavaScript under dist/, or the TypeScript source through tsx (tests, `npm run dev`). */
function spawnWorker(): Worker {
  const options = { workerData: { hold: hold.buffer }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(join(SERVER_ROOT, 'dist/spreadsheet-worker.js'), options);
  // tsx's ESM API registers its TypeScript hooks in the thread that calls it (a worker has its own).
  const require = createRequire(import.meta.url);
  const api = require('tsx/package.json').exports['./esm/api'].import.default as string;
  const tsx = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), api)).href;
  const entry = new URL('./spreadsheet.worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

function startParser(): Parser {
  const parser: Parser = { worker: spawnWorker(), job: null };
  parsers.add(parser);
  parser.worker.on('message', (answer: ParseAnswer) => {
    const job = parser.job;
    parser.job = null;
    if (job) 'sheet' in answer ? job.resolve(answer.sheet) : job.reject(refuse(answer.problem));
    next(parser);
  });
  // The worker answers every problem a file causes; a worker that dies either reached its heap cap
  // (the file is too large) or is broken itself (not the file's fault: a 500, logged).
  parser.worker.on('error', (err) => {
    const job = parser.job;
    parser.job = null;
    job?.reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse('tooLarge') : err);
  });
  parser.worker.on('exit', (code) => {
    parsers.delete(parser);
    clearTimeout(parser.idle);
    parser.job?.reject(new Error(`The spreadsheet worker ended (exit code ${code}) during a parse.`));
    parser.job = null;
    const waiting = queue.shift();
    if (waiting) assign(startParser(), waiting);
  });
  return parser;
}

function assign(parser: Parser, job: Job) {
  clearTimeout(parser.idle);
  parser.job = job;
  parser.worker.ref();
  parser.worker.postMessage({ file: job.file, limits: job.limits } satisfies ParseJob);
}

/** The parser takes the next waiting file, or idles (without keeping the process alive) until it ends. */
function next(parser: Parser) {
  const waiting = queue.shift();
  if (waiting) return assign(parser, waiting);
  parser.worker.unref();
  parser.idle = setTimeout(() => void parser.worker.terminate(), IDLE_MS);
  parser.idle.unref();
}

/**
 * The first sheet of an .xlsx, or a .csv: the heading row and at most `maxRows` rows with text under
 * it (`more` when the file has others), read in a worker. 422 on `file` when it cannot be read.
 */
export function readSpreadsheet(file: { kind: 'xlsx' | 'csv'; data: Buffer }, limits: SheetLimits): Promise<Sheet> {
  return new Promise<Sheet>((resolve, reject) => {
    const job: Job = { file, limits, resolve, reject };
    const free = [...parsers].find((p) => !p.job);
    if (free) assign(free, job);
    else if (parsers.size < MAX_PARSERS) assign(startParser(), job);
    else queue.push(job);
  });
}

/** Files being parsed now and files waiting for a worker. */
export const parseQueue = (): { running: number; waiting: number } => ({
  running: [...parsers].filter((p) => p.job).length,
  waiting: queue.length,
});

/**
 * For tests: parses wait in their worker until the returned function is called, to show that the
 * server answers other requests while a file is being read.
 */
export function holdParses(): () => void {
  Atomics.store(hold, 0, 1);
  return () => {
    Atomics.store(hold, 0, 0);
    Atomics.notify(hold, 0);
  };
}
