// A parse worker (node:worker_threads) of the spreadsheet pool (spreadsheet.ts): reads one upload at
// a time into a Sheet, or answers why it cannot, so a large or hostile file never holds the request
// thread. Built to dist/spreadsheet-worker.js (build.mjs); from src/ it runs under tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { type ParseAnswer, type ParseJob, readSheet } from './sheet-reader';
import { SheetError } from './zip-reader';

const port = parentPort;
if (!port) throw new Error('spreadsheet.worker.ts runs in a worker thread');
/** Tests hold parses here (holdParses) to show other requests are answered meanwhile. */
const hold = new Int32Array(workerData.hold as SharedArrayBuffer);

port.on('message', async (job: ParseJob) => {
  Atomics.wait(hold, 0, 1);
  let answer: ParseAnswer;
  try {
    answer = { sheet: await readSheet(job.file, job.limits) };
  } catch (err) {
    // Anything else a hostile file provokes (a bad offset, a string past V8's limit) is unreadable too.
    answer = { problem: err instanceof SheetError ? err.problem : 'unreadable' };
  }
  port.postMessage(answer);
});
