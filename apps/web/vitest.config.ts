import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit tests run in Node: pure modules, the request layer with a stubbed `fetch`, Web Crypto. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // One module graph per worker: importing antd and React again for each file was most of the run
    // (47 s → 12 s). The files pass in any order (checked with `--sequence.shuffle` over four seeds).
    isolate: false,
    // Every core (vitest's default leaves one idle).
    maxWorkers: availableParallelism(),
  },
});
