import { isValidTarget, meetsPasswordRule } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { strengthOf } from '../src/pages/registration/password-rule';
import { fieldMessages, generalMessage } from '../src/pages/registration/register-errors';
import { RequestError } from '../src/services/request';

const failure = (status: number, jsonObject: unknown) =>
  new RequestError('x', {
    code: status,
    status,
    kind: 'http',
    envelope: { code: status, msg: 'x', data: null, jsonObject },
  });

describe('password rule and strength', () => {
  it('follows passwordMinLength and passwordStrength', () => {
    expect(meetsPasswordRule('abcdefg1', { minLength: 8, strength: 1 })).toBe(true);
    expect(meetsPasswordRule('abcdefgh', { minLength: 8, strength: 1 })).toBe(false);
    expect(meetsPasswordRule('abcdef1', { minLength: 8, strength: 1 })).toBe(false);
    expect(meetsPasswordRule('abcdefg1', { minLength: 8, strength: 2 })).toBe(false);
    expect(meetsPasswordRule('Abcdefg1', { minLength: 8, strength: 2 })).toBe(true);
    expect(meetsPasswordRule('Abcdefg1', { minLength: 8, strength: 3 })).toBe(false);
    expect(meetsPasswordRule('Abcdef#1', { minLength: 8, strength: 3 })).toBe(true);
    expect(meetsPasswordRule(`Ab#1${'x'.repeat(61)}`, { minLength: 8, strength: 3 })).toBe(false);
  });

  it('rates strength by length and character classes', () => {
    expect(strengthOf('abc')).toBe('weak');
    expect(strengthOf('abcdefgh')).toBe('weak');
    expect(strengthOf('abcdefg1')).toBe('medium');
    expect(strengthOf('Newco#2026pass')).toBe('strong');
  });

  it('checks e-mail addresses and phone numbers', () => {
    expect(isValidTarget('email', 'a@b.test')).toBe(true);
    expect(isValidTarget('email', 'nope')).toBe(false);
    expect(isValidTarget('sms', '+15550100')).toBe(true);
    expect(isValidTarget('sms', '12')).toBe(false);
  });
});

describe('sign-up error mapping', () => {
  it('puts field codes on the form fields', () => {
    expect(fieldMessages(failure(409, { fields: { email: 'taken' } }), false)).toEqual([
      ['target', 'emailTaken'],
    ]);
    expect(fieldMessages(failure(400, { fields: { target: 'invalid' } }), true)).toEqual([
      ['target', 'phoneInvalid'],
    ]);
    expect(fieldMessages(failure(400, { fields: { verificationCode: 'wrong' } }), false)).toEqual([
      ['verificationCode', 'codeWrong'],
    ]);
    expect(fieldMessages(failure(409, { fields: { loginName: 'taken' } }), false)).toEqual([
      ['loginName', 'loginNameTaken'],
    ]);
  });

  it('names rate limits and closed registration', () => {
    expect(generalMessage(failure(429, null))).toBe('tooSoon');
    expect(generalMessage(failure(403, { reason: 'registrationClosed' }))).toBe('closed');
    expect(generalMessage(new Error('x'))).toBeNull();
  });
});
