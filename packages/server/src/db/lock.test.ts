import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED: 'none', DATABASE_URL: '', WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Backhaul is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(out));
    });
  });
  return { child, ready, exited, output: () => out };
}

describe('data folder lock', () => {
  it('a second process on the same folder refuses with a clear message', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backhaul-lock-'));
    const first = startServer(dir);
    await first.ready;
    const second = startServer(dir);
    second.ready.catch(() => {});
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data folder ${dir} is in use by another Backhaul process`);
    first.child.kill('SIGTERM');
    await first.exited;
    expect(existsSync(join(dir, 'backhaul.lock'))).toBe(false);
  });

  it('takes over a lock whose process is gone, and refuses one that is alive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'backhaul-lock-'));
    writeFileSync(join(dir, 'backhaul.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(join(dir, 'backhaul.lock'))).toBe(false);
  });
});
