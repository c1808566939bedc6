import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Server tests: unit and API tests through `app.inject` on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Several instances over PostgreSQL and Redis: `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: ['test/**/*.cluster.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker process runs many files: the app's modules are imported once per worker, not once per file
    // (that import was most of the run). Each test builds its own app over its own database, so nothing leaks.
    isolate: false,
    // Every core: vitest's default leaves one for itself, but its main process is idle here (the files' apps,
    // databases and PGlite run in the workers); two workers on this 2-core machine: 248 s → 154 s (PostgreSQL 161 → 124 s).
    maxWorkers: availableParallelism(),
    // A deprecated Node or driver API fails the run (e.g. pg's "client.query() while a query runs", gone in
    // pg 9): the server must run unchanged on the next Node and driver releases.
    execArgv: ['--throw-deprecation'],
  },
});
