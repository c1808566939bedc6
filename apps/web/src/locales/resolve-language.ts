/** Pure language resolution (spec section 9 "Default language"). */
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * Maps a console code (`CN`, `us`, …) or a BCP 47 tag (`zh-TW`, `en-GB`, `ko`, `zh_Hant_HK`)
 * to a console language; answers `undefined` for anything else.
 */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  const byCode = LANGUAGES.find((l) => l.code === raw.toUpperCase());
  if (byCode) return byCode.code;
  const tag = raw.toLowerCase().replace(/_/g, '-');
  const [primary, ...rest] = tag.split('-');
  switch (primary) {
    case 'zh':
      // Traditional script or a Traditional-using region → HK; everything else Chinese → CN.
      return rest.some((part) => ['hant', 'hk', 'tw', 'mo'].includes(part)) ? 'HK' : 'CN';
    case 'en':
      return 'US';
    case 'it':
      return 'IT';
    case 'ru':
      return 'RU';
    case 'fr':
      return 'FR';
    case 'ko':
      return 'KR';
    default:
      return undefined;
  }
}

/** What language resolution looks at, in order of precedence. */
export interface LanguageSources {
  /** Value of the `language` cookie. */
  cookie?: string | null;
  /** The brand's `defaultLanguage`. */
  brandDefault?: string | null;
  /** The browser's languages, most preferred first (`navigator.languages`). */
  browser?: readonly string[];
}

/** The language cookie wins, then the brand default, then the browser; unknown → English (US). */
export function resolveLanguage(sources: LanguageSources): Language {
  return (
    normalizeLanguage(sources.cookie) ??
    normalizeLanguage(sources.brandDefault) ??
    (sources.browser ?? []).map(normalizeLanguage).find((l) => l !== undefined) ??
    FALLBACK_LANGUAGE
  );
}
