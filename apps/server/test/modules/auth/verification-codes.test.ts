import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_MS,
  MAX_TRIES,
  RESEND_AFTER_MS,
  VerificationCodes,
} from '../../../src/modules/auth/verification-codes.js';

describe('VerificationCodes (injectable clock)', () => {
  const make = () => {
    const clock = { now: 1_000_000 };
    return { clock, codes: new VerificationCodes(() => clock.now) };
  };

  it('issues six digits, single use', () => {
    const { codes } = make();
    const code = codes.issue('bind', 'u1')!;
    expect(code).toMatch(/^\d{6}$/);
    expect(codes.check('bind', 'u2', code)).toBe(false);
    expect(codes.check('other', 'u1', code)).toBe(false);
    expect(codes.check('bind', 'u1', ` ${code} `)).toBe(true);
    expect(codes.check('bind', 'u1', code)).toBe(false);
  });

  it('refuses a new code within a minute, allows one after', () => {
    const { clock, codes } = make();
    expect(codes.issue('p', 's')).not.toBeNull();
    clock.now += RESEND_AFTER_MS - 1;
    expect(codes.issue('p', 's')).toBeNull();
    expect(codes.issue('p', 'other')).not.toBeNull();
    clock.now += 1;
    expect(codes.issue('p', 's')).not.toBeNull();
  });

  it('expires after 10 minutes', () => {
    const { clock, codes } = make();
    const code = codes.issue('p', 's')!;
    clock.now += CODE_TTL_MS + 1;
    expect(codes.check('p', 's', code)).toBe(false);
  });

  it('dies after five wrong tries', () => {
    const { codes } = make();
    const code = codes.issue('p', 's')!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < MAX_TRIES; i++) expect(codes.check('p', 's', wrong)).toBe(false);
    expect(codes.check('p', 's', code)).toBe(false);
    expect(codes.check('p', 's', undefined)).toBe(false);
  });
});
