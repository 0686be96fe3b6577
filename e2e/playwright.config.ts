import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// E2E_PORT and E2E_SMTP_PORT let several checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT) || 3199;
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT) || 3198;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// E2E_BASE_URL runs the journeys against an app that is already up (no build, no server start).
const external = process.env.E2E_BASE_URL;

// Journeys run against the built app served by the real server on a fresh embedded database.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI on a loaded 2-core machine; a test that needs it is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: external ?? `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 860 },
    actionTimeout: 10_000,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: external
    ? undefined
    : [
        // Mail goes through a real SMTP server; journeys read what arrived (e2e/mail.ts).
        {
          command: 'node e2e/smtp-sink.mjs',
          cwd: root,
          env: { SMTP_SINK_PORT: String(SMTP_PORT) },
          port: SMTP_PORT,
          reuseExistingServer: false,
          timeout: 30_000,
        },
        {
          command: `node -e "require('fs').rmSync('e2e/.data',{recursive:true,force:true})" && npm run build && node scripts/start.mjs`,
          cwd: root,
          env: {
            PORT: String(PORT),
            DATA_DIR: 'e2e/.data',
            SEED: 'demo',
            LOG_LEVEL: 'warn',
            SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
          },
          url: `http://127.0.0.1:${PORT}/api/health`,
          reuseExistingServer: false,
          timeout: 180_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
      ],
});
