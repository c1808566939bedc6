import { describe, expect, it } from 'vitest';
import { missingFields, type LoginFields } from '../src/pages/auth/login/login-form';

const filled: LoginFields = { username: 'ann', password: ' ', validateCode: 'x7', verificationCode: '123' };
const none = { captcha: false, verification: false };

describe('sign-in form: missing fields', () => {
  it('needs a user name with more than blanks and any password', () => {
    expect(missingFields(filled, none)).toEqual([]);
    expect(missingFields({ ...filled, username: '  ', password: '' }, none)).toEqual([
      'username',
      'password',
    ]);
  });

  it('asks for the captcha and the second factor only when the server wants them', () => {
    const empty = { ...filled, validateCode: ' ', verificationCode: '' };
    expect(missingFields(empty, none)).toEqual([]);
    expect(missingFields(empty, { captcha: true, verification: true })).toEqual([
      'validateCode',
      'verificationCode',
    ]);
  });
});
