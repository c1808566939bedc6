import { describe, expect, it } from 'vitest';
import { normalizeLanguage, resolveLanguage } from '../src/locales/resolve-language';

describe('normalizeLanguage', () => {
  it.each([
    ['CN', 'CN'],
    ['us', 'US'],
    ['KR', 'KR'],
    ['zh-CN', 'CN'],
    ['zh', 'CN'],
    ['zh-Hans-SG', 'CN'],
    ['zh-TW', 'HK'],
    ['zh-HK', 'HK'],
    ['zh_Hant', 'HK'],
    ['en-GB', 'US'],
    ['it-CH', 'IT'],
    ['ru', 'RU'],
    ['fr-CA', 'FR'],
    ['ko-KR', 'KR'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it.each(['', '  ', 'de-DE', 'xx', null, undefined])('%s → undefined', (input) => {
    expect(normalizeLanguage(input)).toBeUndefined();
  });
});

describe('resolveLanguage', () => {
  it('prefers the language cookie', () => {
    expect(resolveLanguage({ cookie: 'FR', brandDefault: 'CN', browser: ['ko-KR'] })).toBe('FR');
  });

  it('falls back to the brand default when there is no usable cookie', () => {
    expect(resolveLanguage({ cookie: undefined, brandDefault: 'CN', browser: ['ko-KR'] })).toBe('CN');
    expect(resolveLanguage({ cookie: 'klingon', brandDefault: 'HK', browser: ['en-US'] })).toBe('HK');
  });

  it('then takes the first browser language it knows', () => {
    expect(resolveLanguage({ brandDefault: '', browser: ['de-DE', 'ru-RU', 'fr'] })).toBe('RU');
  });

  it('uses English when nothing is known', () => {
    expect(resolveLanguage({})).toBe('US');
    expect(resolveLanguage({ cookie: 'xx', brandDefault: 'yy', browser: ['de', 'es-ES'] })).toBe('US');
  });
});
