import { defineConfig } from 'vitest/config';

/** Server tests: unit and API tests through `app.inject` on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker process runs many files: the app's modules are imported once per worker, not once per file
    // (that import was most of the run). Each test builds its own app over its own database, so nothing leaks.
    isolate: false,
  },
});
