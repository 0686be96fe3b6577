// `npm start` (API + web app) and `npm run worker` (`node scripts/start.mjs worker`): builds what is
// missing or older than its sources (scripts/build-if-stale.mjs), then runs the built server in this
// process. No TypeScript compiler runs in production; `npm run dev` and the tests keep tsx.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, buildWebIfStale, root } from './build-if-stale.mjs';

const role = process.argv[2] === 'worker' ? 'worker' : 'main';
if (role === 'main') buildWebIfStale();
const entry = buildServerIfStale(role);

// Relative settings (DATA_DIR=./data) mean the same folder however this script was called.
process.chdir(root);
await import(pathToFileURL(entry).href);
