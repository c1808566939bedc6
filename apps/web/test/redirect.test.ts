import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../src/utils/redirect';
import { formatDocumentTitle } from '../src/utils/title';

describe('safeRedirect', () => {
  it.each([
    ['/personalCenter', '/personalCenter'],
    ['/home?tab=1', '/home?tab=1'],
    ['/sys/user/', '/sys/user/'],
  ])('keeps in-app path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'home',
    '//evil.example',
    'https://evil.example/x',
    '/\\evil',
    '/',
    '/login',
    '/login?x=1',
    '/logout',
    '/sysInit',
  ])('sends %s to /home', (input) => {
    expect(safeRedirect(input)).toBe('/home');
  });
});

describe('formatDocumentTitle', () => {
  it('joins prefix and page name', () => {
    expect(formatDocumentTitle('Admin', 'Sign in')).toBe('Admin | Sign in');
    expect(formatDocumentTitle('Admin')).toBe('Admin');
  });
});
