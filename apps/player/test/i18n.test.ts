import { describe, expect, it } from 'vitest';
import { PLAYER_LANGUAGES, pickLanguage, textsFor } from '../src/i18n.js';

describe('player texts', () => {
  it('has every text in all seven console languages', () => {
    expect(PLAYER_LANGUAGES.sort()).toEqual(['en-US', 'fr-FR', 'it-IT', 'ko-KR', 'ru-RU', 'zh-CN', 'zh-HK']);
    const keys = Object.keys(textsFor(['en-US'])).sort();
    for (const lang of PLAYER_LANGUAGES) {
      const texts = textsFor([lang]);
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const value of Object.values(texts)) expect(value.trim()).not.toBe('');
    }
  });

  it('picks the language from the browser preferences', () => {
    expect(pickLanguage(['zh-CN'])).toBe('zh-CN');
    expect(pickLanguage(['zh'])).toBe('zh-CN');
    expect(pickLanguage(['zh-TW'])).toBe('zh-HK');
    expect(pickLanguage(['zh-Hant-HK'])).toBe('zh-HK');
    expect(pickLanguage(['fr-CA'])).toBe('fr-FR');
    expect(pickLanguage(['ko'])).toBe('ko-KR');
    expect(pickLanguage(['de-DE', 'it-IT'])).toBe('it-IT');
    expect(pickLanguage(['de-DE'])).toBe('en-US');
    expect(pickLanguage([])).toBe('en-US');
  });

  it('shows Chinese to a Chinese browser', () => {
    expect(textsFor(['zh-CN']).pairingTitle).toBe('配对码');
    expect(textsFor(['en-GB']).pairingTitle).toBe('Pairing code');
  });
});
