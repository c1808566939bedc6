import { defineConfig } from 'vitest/config';

/** Unit tests of the player's pure modules (backoff, schedules, commands, manifest plans), in Node. */
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
