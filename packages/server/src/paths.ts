import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * packages/server, found upwards from this file: the same answer whether the code runs from
 * src/ (tsx, tests) or bundled into dist/ (`npm start`), so folders read at run time (migrations,
 * the web app) do not depend on where the bundler put the code.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
