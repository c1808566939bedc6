import { execSync } from 'node:child_process';
import { ensureChromium } from './chromium.js';
import { ROOT } from './server.js';

/** Before the end-to-end run: Chromium present, and the console, player and server built. */
export default function setup(): void {
  ensureChromium();
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}
