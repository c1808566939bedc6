import { defineConfig } from 'vitest/config';

/** Server tests: unit and API tests through `app.inject` on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
