import { randomBytes } from 'node:crypto';
import type SvgCaptcha from 'svg-captcha';
import { lazyRequire } from '../../lib/lazy-require.js';
import type { SharedStore } from '../../cluster/shared-store.js';

/** svg-captcha (and the font it reads), loaded with the first captcha. */
const svgCaptcha = lazyRequire<typeof SvgCaptcha>('svg-captcha');

/** Failed sign-ins (per user name or per address) after which a captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const failureKeys = (username: string, ip: string) => [
  `login-failures:u:${username.toLowerCase()}`,
  `login-failures:ip:${ip}`,
];
const captchaKey = (id: string) => `captcha:${id}`;

/**
 * Remembers failed sign-ins and issued captchas in the shared store: in this process when it runs
 * alone, in Redis for every instance of the scale-out mode.
 */
export class LoginGuard {
  constructor(private readonly store: SharedStore) {}

  /** Whether the next sign-in for this user or address must carry a captcha. */
  async needsCaptcha(username: string, ip: string): Promise<boolean> {
    const counts = await Promise.all(failureKeys(username, ip).map((key) => this.store.get(key)));
    return counts.some((count) => Number(count ?? 0) >= CAPTCHA_AFTER_FAILURES);
  }

  /** Counts a failed sign-in; answers whether the next one must carry a captcha. */
  async recordFailure(username: string, ip: string): Promise<boolean> {
    const counts = await Promise.all(
      failureKeys(username, ip).map((key) => this.store.increment(key, FAILURE_WINDOW_MS)),
    );
    return counts.some((count) => count >= CAPTCHA_AFTER_FAILURES);
  }

  /** Forgets the failures of a user and address after a successful sign-in. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.store.delete(...failureKeys(username, ip));
  }

  /** Issues a new captcha: answers its id (kept in a cookie) and the SVG image. */
  async issueCaptcha(): Promise<{ id: string; svg: string }> {
    const captcha = svgCaptcha().create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true });
    const id = randomBytes(18).toString('base64url');
    await this.store.set(captchaKey(id), captcha.text.toLowerCase(), CAPTCHA_TTL_MS);
    return { id, svg: captcha.data };
  }

  /** Checks a captcha answer; a captcha can be tried once. */
  async checkCaptcha(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const text = await this.store.take(captchaKey(id));
    return text !== null && text === answer.trim().toLowerCase();
  }

  /** Test hook: the text of an issued captcha. */
  async peekCaptcha(id: string): Promise<string | undefined> {
    return (await this.store.get(captchaKey(id))) ?? undefined;
  }
}
