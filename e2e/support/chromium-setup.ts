import { ensureChromium } from './chromium.js';

/**
 * The renderer's and the player's browser tests' global set-up: Debian's Chromium, installed when missing as the
 * end-to-end set-up does. The README's `npm test` runs those before the end-to-end tests, so on a fresh machine
 * they are the first to need it.
 */
export default function setup(): void {
  ensureChromium();
}
