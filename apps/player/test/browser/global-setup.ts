import { ensureChromium } from '../../../../e2e/support/chromium.js';

/**
 * Before the browser tests: Debian's Chromium, installed when missing as the end-to-end tests' set-up does. The
 * README's `npm test` runs these before the end-to-end tests, so on a fresh machine they are the first to need it.
 */
export default function setup(): void {
  ensureChromium();
}
