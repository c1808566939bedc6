import { describe, expect, it } from 'vitest';
import { signInNoticeOf } from '../src/pages/auth/sign-in-notice';

describe('sign-in notice', () => {
  it('reads a notice handed over in the navigation state, and nothing else', () => {
    expect(signInNoticeOf({ notice: 'Registered. Please sign in.' })).toBe('Registered. Please sign in.');
    expect(signInNoticeOf({ notice: '  ' })).toBeNull();
    expect(signInNoticeOf({ notice: 42 })).toBeNull();
    expect(signInNoticeOf(null)).toBeNull();
    expect(signInNoticeOf(undefined)).toBeNull();
    expect(signInNoticeOf('notice')).toBeNull();
  });
});
