import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** Failed sign-ins (per user name or per address) after which a captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 100_000;

interface Counter {
  count: number;
  until: number;
}

/** A bounded map with expiry: old entries go first when it is full, so an attacker cannot grow it. */
class ExpiringMap<V extends { until: number }> {
  private map = new Map<string, V>();
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v && v.until < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    if (this.map.size >= MAX_ENTRIES) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

/**
 * Remembers failed sign-ins and issued captchas. In-process by default; the scale-out
 * issue moves it to Redis behind the same methods.
 */
export class LoginGuard {
  private failures = new ExpiringMap<Counter>();
  private captchas = new ExpiringMap<{ text: string; until: number }>();

  /** Whether the next sign-in for this user or address must carry a captcha. */
  needsCaptcha(username: string, ip: string): boolean {
    return (
      (this.failures.get(`u:${username.toLowerCase()}`)?.count ?? 0) >= CAPTCHA_AFTER_FAILURES ||
      (this.failures.get(`ip:${ip}`)?.count ?? 0) >= CAPTCHA_AFTER_FAILURES
    );
  }

  /** Counts a failed sign-in. */
  recordFailure(username: string, ip: string): void {
    for (const key of [`u:${username.toLowerCase()}`, `ip:${ip}`]) {
      const c = this.failures.get(key);
      this.failures.set(key, { count: (c?.count ?? 0) + 1, until: Date.now() + FAILURE_WINDOW_MS });
    }
  }

  /** Forgets the failures of a user and address after a successful sign-in. */
  recordSuccess(username: string, ip: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
    this.failures.delete(`ip:${ip}`);
  }

  /** Issues a new captcha: answers its id (kept in a cookie) and the SVG image. */
  issueCaptcha(): { id: string; svg: string } {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true });
    const id = randomBytes(18).toString('base64url');
    this.captchas.set(id, { text: captcha.text.toLowerCase(), until: Date.now() + CAPTCHA_TTL_MS });
    return { id, svg: captcha.data };
  }

  /** Checks a captcha answer; a captcha can be tried once. */
  checkCaptcha(id: string | undefined, answer: string | undefined): boolean {
    if (!id || !answer) return false;
    const entry = this.captchas.get(id);
    this.captchas.delete(id);
    return entry !== undefined && entry.text === answer.trim().toLowerCase();
  }

  /** Test hook: the text of an issued captcha. */
  peekCaptcha(id: string): string | undefined {
    return this.captchas.get(id)?.text;
  }
}
