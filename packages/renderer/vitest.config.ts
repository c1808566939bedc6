import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Pure logic (sequencing, formats, countdown, scale, transitions) runs in Node; the
 * `*.browser.test.ts` files drive real Chromium, each file its own browser. Files run on every
 * core (vitest's default leaves one idle): on 2 cores 51 s → 36 s.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../../e2e/support/chromium-setup.ts'],
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
  },
});
