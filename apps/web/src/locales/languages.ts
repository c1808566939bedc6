/** The seven console languages and what each maps to (i18next tag, antd and dayjs locales, native name). */
import type { Language } from '@apm/contract';

export type { Language };

/** One console language. */
export interface LanguageInfo {
  /** Console code, also the value of the `language` cookie. */
  code: Language;
  /** BCP 47 tag: i18next language, `<html lang>` and the locale folder name. */
  tag: string;
  /** Name of the language in itself, as the switcher lists it. */
  label: string;
  /** dayjs locale name. */
  dayjs: string;
}

/** Languages in switcher order (spec section 1). */
export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'CN', tag: 'zh-CN', label: '简体中文', dayjs: 'zh-cn' },
  { code: 'HK', tag: 'zh-HK', label: '繁體中文', dayjs: 'zh-hk' },
  { code: 'US', tag: 'en-US', label: 'English', dayjs: 'en' },
  { code: 'IT', tag: 'it-IT', label: 'Italiano', dayjs: 'it' },
  { code: 'RU', tag: 'ru-RU', label: 'Русский', dayjs: 'ru' },
  { code: 'FR', tag: 'fr-FR', label: 'Français', dayjs: 'fr' },
  { code: 'KR', tag: 'ko-KR', label: '한국어', dayjs: 'ko' },
];

/** The language used when nothing else decides: English. */
export const FALLBACK_LANGUAGE: Language = 'US';

/** Name of the cookie that keeps the chosen language. */
export const LANGUAGE_COOKIE = 'language';

/** Looks a language up by its console code. */
export function languageInfo(code: Language): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? (LANGUAGES[2] as LanguageInfo);
}
