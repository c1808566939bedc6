import { describe, expect, it } from 'vitest';
import { MemorySharedStore } from '../../../src/cluster/shared-store.js';
import {
  CODE_TTL_MS,
  MAX_TRIES,
  RESEND_AFTER_MS,
  VerificationCodes,
} from '../../../src/modules/auth/verification-codes.js';

describe('VerificationCodes (memory store with an injectable clock)', () => {
  const make = () => {
    const clock = { now: 1_000_000 };
    return { clock, codes: new VerificationCodes(new MemorySharedStore(() => clock.now)) };
  };

  it('issues six digits, single use', async () => {
    const { codes } = make();
    const code = (await codes.issue('bind', 'u1'))!;
    expect(code).toMatch(/^\d{6}$/);
    expect(await codes.check('bind', 'u2', code)).toBe(false);
    expect(await codes.check('other', 'u1', code)).toBe(false);
    expect(await codes.check('bind', 'u1', ` ${code} `)).toBe(true);
    expect(await codes.check('bind', 'u1', code)).toBe(false);
  });

  it('refuses a new code within a minute, allows one after', async () => {
    const { clock, codes } = make();
    expect(await codes.issue('p', 's')).not.toBeNull();
    clock.now += RESEND_AFTER_MS - 1;
    expect(await codes.issue('p', 's')).toBeNull();
    expect(await codes.issue('p', 'other')).not.toBeNull();
    clock.now += 1;
    expect(await codes.issue('p', 's')).not.toBeNull();
  });

  it('a new code replaces the old one', async () => {
    const { clock, codes } = make();
    const first = (await codes.issue('p', 's'))!;
    clock.now += RESEND_AFTER_MS;
    const second = (await codes.issue('p', 's'))!;
    if (first !== second) expect(await codes.check('p', 's', first)).toBe(false);
    expect(await codes.check('p', 's', second)).toBe(true);
  });

  it('allows a new code at once after the last one was used or died', async () => {
    const { codes } = make();
    const code = (await codes.issue('p', 's'))!;
    expect(await codes.check('p', 's', code)).toBe(true);
    const next = (await codes.issue('p', 's'))!;
    expect(next).not.toBeNull();
    const wrong = next === '000000' ? '000001' : '000000';
    for (let i = 0; i < MAX_TRIES; i++) await codes.check('p', 's', wrong);
    expect(await codes.issue('p', 's')).not.toBeNull();
  });

  it('expires after 10 minutes', async () => {
    const { clock, codes } = make();
    const code = (await codes.issue('p', 's'))!;
    clock.now += CODE_TTL_MS + 1;
    expect(await codes.check('p', 's', code)).toBe(false);
  });

  it('dies after five wrong tries; an empty answer is no try', async () => {
    const { codes } = make();
    const code = (await codes.issue('p', 's'))!;
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await codes.check('p', 's', undefined)).toBe(false);
    expect(await codes.check('p', 's', '')).toBe(false);
    for (let i = 0; i < MAX_TRIES - 1; i++) expect(await codes.check('p', 's', wrong)).toBe(false);
    expect(await codes.check('p', 's', code)).toBe(true);

    const again = (await codes.issue('p', 's'))!;
    const wrongAgain = again === '000000' ? '000001' : '000000';
    for (let i = 0; i < MAX_TRIES; i++) expect(await codes.check('p', 's', wrongAgain)).toBe(false);
    expect(await codes.check('p', 's', again)).toBe(false);
  });
});
