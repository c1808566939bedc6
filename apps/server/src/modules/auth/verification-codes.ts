import { randomInt } from 'node:crypto';

/** How long a code is valid: 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** A new code for the same purpose and subject is refused for a minute (rate limit per target). */
export const RESEND_AFTER_MS = 60 * 1000;
/** Wrong tries after which a code is used up. */
export const MAX_TRIES = 5;

interface Entry {
  code: string;
  until: number;
  sentAt: number;
  tries: number;
}

/**
 * Six-digit one-time codes sent by e-mail or SMS, per purpose and subject (a user, or an address).
 * Codes expire after 10 minutes, are single use and die after five wrong tries. The clock is
 * injectable for tests.
 */
export class VerificationCodes {
  private codes = new Map<string, Entry>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Issues a code; answers null when one was sent less than a minute ago. */
  issue(purpose: string, subject: string): string | null {
    const now = this.now();
    this.purge(now);
    const key = `${purpose}:${subject}`;
    const existing = this.codes.get(key);
    if (existing && now - existing.sentAt < RESEND_AFTER_MS) return null;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.codes.set(key, { code, until: now + CODE_TTL_MS, sentAt: now, tries: 0 });
    return code;
  }

  /** Checks a code; it is used up on success and after five wrong tries. */
  check(purpose: string, subject: string, code: string | undefined): boolean {
    const key = `${purpose}:${subject}`;
    const entry = this.codes.get(key);
    if (!entry || !code) return false;
    if (entry.until < this.now()) {
      this.codes.delete(key);
      return false;
    }
    if (entry.code === code.trim()) {
      this.codes.delete(key);
      return true;
    }
    entry.tries += 1;
    if (entry.tries >= MAX_TRIES) this.codes.delete(key);
    return false;
  }

  /** Forgets expired codes, so the map does not grow without bound. */
  private purge(now: number): void {
    if (this.codes.size < 1000) return;
    for (const [key, entry] of this.codes) if (entry.until < now) this.codes.delete(key);
  }
}
