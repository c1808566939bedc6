import { defineConfig } from 'vitest/config';

/**
 * Cluster tests (`npm run test:cluster`): several app instances over one PostgreSQL
 * (`TEST_DATABASE_URL`) and one Redis (`TEST_REDIS_URL`), as the scale-out mode runs them. Files
 * are named `*.cluster.test.ts`; the ordinary run leaves them out (it needs neither service).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.cluster.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each test cluster has a database and a Redis prefix of its own (test/helpers/cluster.ts), so files
    // run two at a time; the app's modules load once per worker. Mostly waiting (take-overs, reconnects):
    // 103 s → 44 s wall, 84 → 42 CPU-s (2026-11-30).
    maxWorkers: 2,
    isolate: false,
    execArgv: ['--throw-deprecation'],
  },
});
