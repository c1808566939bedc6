import { defineConfig } from 'vitest/config';

/** Unit tests run in Node: pure modules, the request layer with a stubbed `fetch`, Web Crypto. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
