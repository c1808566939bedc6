import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from '../support/chromium.js';
import { ROOT } from '../support/server.js';
import { ensureHaproxy } from './haproxy.js';

/** Before the cluster tier: Chromium and HAProxy present, the product built as `npm start` builds it. */
export default function setup(): void {
  ensureChromium();
  ensureHaproxy();
  // Production builds (vitest sets NODE_ENV=test), only of what is missing or older than its sources.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
