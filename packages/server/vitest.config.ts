import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker's module graph: the app's ~500 modules are loaded once a
    // worker instead of once a file (6 s a file on 2 cores). Each file still builds its own app on
    // its own database; module state must not carry one file's choices into the next (env, etc.).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
