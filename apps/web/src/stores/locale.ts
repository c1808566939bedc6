/** The active language and the antd locale that goes with it. */
import type { Locale } from 'antd/es/locale';
import { create } from 'zustand';
import { FALLBACK_LANGUAGE, type Language } from '../locales/languages';

/** Locale state, written only by `changeLanguage` in `locales/i18n`. */
export interface LocaleState {
  language: Language;
  /** antd's messages for the language; `undefined` means antd's built-in English. */
  antdLocale: Locale | undefined;
}

/** The locale store. */
export const useLocaleStore = create<LocaleState>(() => ({
  language: FALLBACK_LANGUAGE,
  antdLocale: undefined,
}));
