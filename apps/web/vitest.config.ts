import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit tests run in Node: pure modules, the request layer with a stubbed `fetch`, Web Crypto. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Every core (vitest's default leaves one idle): most of the run is importing antd and React per file.
    maxWorkers: availableParallelism(),
  },
});
