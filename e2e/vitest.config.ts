import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real server processes and Debian's Chromium. Two workers run files side by side, each
 * with its own server and Chromium shared by the files it runs: its files run in one module graph
 * (`isolate: false`, `support/shared.ts`). Most of a flow is waiting (players pairing, the offline
 * threshold, a page settling), so two at once on two cores halved the run: 1,320 s → 607 s (2026-11-29).
 */
export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Generous: a busy CI machine runs a flow at half speed; every wait inside has its own limit.
    testTimeout: 150_000,
    hookTimeout: 180_000,
    // A poll asks again and again: the limit is how long a loaded machine may take, not the test's pace.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    maxWorkers: 2,
    isolate: false,
  },
});
