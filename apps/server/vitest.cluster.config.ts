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
    maxWorkers: 1,
    execArgv: ['--throw-deprecation'],
  },
});
