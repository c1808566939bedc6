import { execSync } from 'node:child_process';
import { ensureChromium } from './chromium.js';
import { ROOT } from './server.js';

/** Before the end-to-end run: Chromium present, and the console, player and server built. */
export default function setup(): void {
  ensureChromium();
  // The product as users get it: vitest sets NODE_ENV=test, which would give a development build
  // (React and antd in dev mode, bigger and slower), so the build gets production explicitly.
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
