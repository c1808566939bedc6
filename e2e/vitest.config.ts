import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: a real server process and Debian's Chromium, one file at a time. The files run in one
 * module graph (`isolate: false`), so that they share the worker's server and Chromium (`support/shared.ts`).
 */
export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Generous: a busy CI machine runs a flow at half speed; every wait inside has its own limit.
    testTimeout: 150_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    isolate: false,
  },
});
