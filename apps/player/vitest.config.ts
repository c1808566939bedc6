import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the player's pure modules (backoff, schedules, commands, manifest plans) in Node;
 * the `*.browser.test.ts` files drive real Chromium (messages over a playing program), hence the
 * longer timeout.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['../../e2e/support/chromium-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
