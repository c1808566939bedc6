import { defineConfig } from 'vitest/config';

/**
 * The cluster tier (`npm run test:cluster`, run by `.ci/run` after PostgreSQL and Redis are up; not part of
 * `npm test`): real server processes over one PostgreSQL and one Redis behind HAProxy, and Chromium.
 */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    globalSetup: ['cluster/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
