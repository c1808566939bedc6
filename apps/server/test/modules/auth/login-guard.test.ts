import { describe, expect, it } from 'vitest';
import { MemorySharedStore } from '../../../src/cluster/shared-store.js';
import { CAPTCHA_AFTER_FAILURES, LoginGuard } from '../../../src/modules/auth/login-guard.js';

describe('LoginGuard (memory store)', () => {
  const make = () => {
    const clock = { now: 1_000_000 };
    return { clock, guard: new LoginGuard(new MemorySharedStore(() => clock.now)) };
  };

  it('asks for a captcha after three failures of a user, from any address, in any case', async () => {
    const { guard } = make();
    for (let i = 1; i <= CAPTCHA_AFTER_FAILURES; i++) {
      expect(await guard.needsCaptcha('Eve', `10.0.0.${i}`)).toBe(false);
      expect(await guard.recordFailure(i % 2 ? 'Eve' : 'eve', `10.0.0.${i}`)).toBe(
        i === CAPTCHA_AFTER_FAILURES,
      );
    }
    expect(await guard.needsCaptcha('EVE', '10.9.9.9')).toBe(true);
    expect(await guard.needsCaptcha('other', '10.9.9.9')).toBe(false);
  });

  it('asks for a captcha after three failures from an address, for any user', async () => {
    const { guard } = make();
    for (const name of ['a', 'b', 'c']) await guard.recordFailure(name, '10.0.0.1');
    expect(await guard.needsCaptcha('d', '10.0.0.1')).toBe(true);
    expect(await guard.needsCaptcha('d', '10.0.0.2')).toBe(false);
  });

  it('forgets the failures after a success, or 15 minutes after the last failure', async () => {
    const { clock, guard } = make();
    for (let i = 0; i < 3; i++) await guard.recordFailure('eve', '10.0.0.1');
    await guard.recordSuccess('EVE', '10.0.0.1');
    expect(await guard.needsCaptcha('eve', '10.0.0.1')).toBe(false);

    for (let i = 0; i < 2; i++) await guard.recordFailure('eve', '10.0.0.1');
    clock.now += 14 * 60_000;
    await guard.recordFailure('eve', '10.0.0.1');
    clock.now += 14 * 60_000;
    expect(await guard.needsCaptcha('eve', '10.0.0.1')).toBe(true);
    clock.now += 2 * 60_000;
    expect(await guard.needsCaptcha('eve', '10.0.0.1')).toBe(false);
  });

  it('a captcha is answered once, case-insensitively, within five minutes', async () => {
    const { clock, guard } = make();
    const { id, svg } = await guard.issueCaptcha();
    expect(svg).toMatch(/^<svg/);
    const text = (await guard.peekCaptcha(id))!;
    expect(text).toMatch(/^\w{4}$/);
    expect(await guard.checkCaptcha(id, undefined)).toBe(false);
    expect(await guard.checkCaptcha(undefined, text)).toBe(false);
    expect(await guard.checkCaptcha(id, ` ${text.toUpperCase()} `)).toBe(true);
    expect(await guard.checkCaptcha(id, text)).toBe(false);

    const wrong = await guard.issueCaptcha();
    const answer = (await guard.peekCaptcha(wrong.id))!;
    expect(await guard.checkCaptcha(wrong.id, answer === 'zzzz' ? 'yyyy' : 'zzzz')).toBe(false);
    expect(await guard.checkCaptcha(wrong.id, answer)).toBe(false);

    const late = await guard.issueCaptcha();
    const lateAnswer = (await guard.peekCaptcha(late.id))!;
    clock.now += 5 * 60_000 + 1;
    expect(await guard.checkCaptcha(late.id, lateAnswer)).toBe(false);
  });
});
