import { randomInt } from 'node:crypto';

const CODE_TTL_MS = 10 * 60 * 1000;
const RESEND_AFTER_MS = 60 * 1000;
const MAX_TRIES = 5;

interface Entry {
  code: string;
  until: number;
  sentAt: number;
  tries: number;
}

/** Six-digit one-time codes sent by e-mail or SMS, per purpose and user. */
export class VerificationCodes {
  private codes = new Map<string, Entry>();

  /** Issues a code; answers null when one was sent less than a minute ago. */
  issue(purpose: string, subject: string): string | null {
    const key = `${purpose}:${subject}`;
    const existing = this.codes.get(key);
    if (existing && Date.now() - existing.sentAt < RESEND_AFTER_MS) return null;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.codes.set(key, { code, until: Date.now() + CODE_TTL_MS, sentAt: Date.now(), tries: 0 });
    return code;
  }

  /** Checks a code; it is used up on success and after five wrong tries. */
  check(purpose: string, subject: string, code: string | undefined): boolean {
    const key = `${purpose}:${subject}`;
    const entry = this.codes.get(key);
    if (!entry || entry.until < Date.now() || !code) return false;
    if (entry.code === code.trim()) {
      this.codes.delete(key);
      return true;
    }
    entry.tries += 1;
    if (entry.tries >= MAX_TRIES) this.codes.delete(key);
    return false;
  }
}
