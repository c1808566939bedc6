import { describe, expect, it } from 'vitest';
import enUS from '../src/locales/en-US';
import frFR from '../src/locales/fr-FR';
import itIT from '../src/locales/it-IT';
import koKR from '../src/locales/ko-KR';
import { LANGUAGES } from '../src/locales/languages';
import ruRU from '../src/locales/ru-RU';
import zhCN from '../src/locales/zh-CN';
import zhHK from '../src/locales/zh-HK';

const bundles: Record<string, unknown> = {
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'en-US': enUS,
  'it-IT': itIT,
  'ru-RU': ruRU,
  'fr-FR': frFR,
  'ko-KR': koKR,
};

/** Flattens nested messages to `a.b.c → text`. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const flat = Object.fromEntries(Object.entries(bundles).map(([tag, messages]) => [tag, flatten(messages)]));
const allKeys = new Set(Object.values(flat).flatMap((m) => [...m.keys()]));

describe('locales', () => {
  it('has a bundle for each of the seven languages', () => {
    expect(Object.keys(bundles).sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  it.each(Object.keys(bundles))('%s has every key that any other language has', (tag) => {
    const missing = [...allKeys].filter((key) => !flat[tag]!.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(bundles))('%s has only non-empty strings', (tag) => {
    const bad = [...flat[tag]!].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(bad).toEqual([]);
  });

  it.each(Object.keys(bundles))('%s uses the same {{placeholders}} as English', (tag) => {
    const mismatched = [...flat['en-US']!].filter(
      ([key, text]) =>
        JSON.stringify(placeholders(String(text))) !==
        JSON.stringify(placeholders(String(flat[tag]!.get(key)))),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('is actually translated (not English copied) outside proper nouns', () => {
    for (const tag of Object.keys(bundles).filter((t) => t !== 'en-US')) {
      const same = [...flat[tag]!].filter(([key, text]) => text === flat['en-US']!.get(key));
      // Short technical words (OK, SMS, E-mail, Password in Italian…) may coincide; whole sentences must not.
      expect(same.filter(([, text]) => String(text).length > 12).map(([key]) => key)).toEqual([]);
    }
  });
});
