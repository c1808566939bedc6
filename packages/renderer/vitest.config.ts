import { defineConfig } from 'vitest/config';

/**
 * Pure logic (sequencing, formats, countdown, scale, transitions) runs in Node; the
 * `*.browser.test.ts` files drive real Chromium, one file at a time (each holds a browser).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
  },
});
