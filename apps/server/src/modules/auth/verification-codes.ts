import { randomInt } from 'node:crypto';
import type { SharedStore } from '../../cluster/shared-store.js';

/** How long a code is valid: 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** A new code for the same purpose and subject is refused for a minute (rate limit per target). */
export const RESEND_AFTER_MS = 60 * 1000;
/** Wrong tries after which a code is used up. */
export const MAX_TRIES = 5;

const codeKey = (purpose: string, subject: string) => `code:${purpose}:${subject}`;

/**
 * Six-digit one-time codes sent by e-mail or SMS, per purpose and subject (a user, or an address).
 * Codes expire after 10 minutes, are single use and die after five wrong tries. They live in the
 * shared store (tests give a memory store their own clock).
 */
export class VerificationCodes {
  constructor(private readonly store: SharedStore) {}

  /** Issues a code; answers null when one was sent less than a minute ago. */
  async issue(purpose: string, subject: string): Promise<string | null> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const stored = await this.store.putSecret(codeKey(purpose, subject), code, CODE_TTL_MS, RESEND_AFTER_MS);
    return stored ? code : null;
  }

  /** Checks a code; it is used up on success and after five wrong tries. */
  async check(purpose: string, subject: string, code: string | undefined): Promise<boolean> {
    if (!code) return false;
    return this.store.trySecret(codeKey(purpose, subject), code.trim(), MAX_TRIES);
  }
}
