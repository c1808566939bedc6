/**
 * i18next set-up and language switching. Each language's messages, antd locale and dayjs
 * locale are separate chunks loaded on demand, so the first page carries only one language.
 */
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useLocaleStore } from '../stores/locale';
import { writeCookie } from '../utils/cookie';
import type { Messages } from './en-US';
import { LANGUAGE_COOKIE, languageInfo, type Language } from './languages';
import { loadUsedPageMessages, setTargetLanguage } from './page-messages';

type Loader<T> = () => Promise<{ default: T }>;

const messageLoaders: Record<Language, Loader<Messages>> = {
  CN: () => import('./zh-CN'),
  HK: () => import('./zh-HK'),
  US: () => import('./en-US'),
  IT: () => import('./it-IT'),
  RU: () => import('./ru-RU'),
  FR: () => import('./fr-FR'),
  KR: () => import('./ko-KR'),
};

const antdLoaders: Record<Language, Loader<Locale>> = {
  CN: () => import('antd/es/locale/zh_CN'),
  HK: () => import('antd/es/locale/zh_HK'),
  US: () => import('antd/es/locale/en_US'),
  IT: () => import('antd/es/locale/it_IT'),
  RU: () => import('antd/es/locale/ru_RU'),
  FR: () => import('antd/es/locale/fr_FR'),
  KR: () => import('antd/es/locale/ko_KR'),
};

// Importing a dayjs locale registers it with dayjs; English is built in.
const dayjsLoaders: Record<Language, () => Promise<unknown>> = {
  CN: () => import('dayjs/locale/zh-cn'),
  HK: () => import('dayjs/locale/zh-hk'),
  US: () => Promise.resolve(),
  IT: () => import('dayjs/locale/it'),
  RU: () => import('dayjs/locale/ru'),
  FR: () => import('dayjs/locale/fr'),
  KR: () => import('dayjs/locale/ko'),
};

// Localised formats (`LLLL`…) follow the language: dates read the way each language writes them.
dayjs.extend(localizedFormat);

let initialised: Promise<unknown> | undefined;

function ensureInit(): Promise<unknown> {
  initialised ??= i18n.use(initReactI18next).init({
    resources: {},
    lng: undefined,
    // Every language carries every key (unit-tested), so there is nothing to fall back to.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return initialised;
}

/**
 * Starts loading a language's messages and locales without switching to it: start-up asks for
 * the likely language while it still waits to know the brand's default (the module loader keeps
 * the chunks, so the switch that follows finds them).
 */
export function preloadLanguage(language: Language): void {
  void Promise.all([messageLoaders[language](), antdLoaders[language](), dayjsLoaders[language]()]).catch(
    () => undefined,
  );
}

/** Number of the latest `changeLanguage` call. */
let latestChange = 0;

/**
 * Switches the whole console (i18next, antd, dayjs, `<html lang>`) to a language.
 * With `persist` the choice is kept in the `language` cookie.
 */
export async function changeLanguage(language: Language, options: { persist?: boolean } = {}): Promise<void> {
  const info = languageInfo(language);
  const call = ++latestChange;
  setTargetLanguage(info.tag);
  let antdLocale: Locale;
  try {
    const [messages, antd] = await Promise.all([
      messageLoaders[language](),
      antdLoaders[language](),
      dayjsLoaders[language](),
      ensureInit(),
    ]);
    antdLocale = antd.default;
    // A later switch (say, the user's choice while the start-up language still loads) wins.
    if (call !== latestChange) return;
    if (!i18n.hasResourceBundle(info.tag, 'translation')) {
      i18n.addResourceBundle(info.tag, 'translation', messages.default, true, true);
    }
    // Pages already visited keep their texts in the new language too.
    await loadUsedPageMessages(info.tag);
  } catch (error) {
    // Pages opened from now on load the language still shown, not the one that failed.
    if (call === latestChange && i18n.language) setTargetLanguage(i18n.language);
    throw error;
  }
  if (call !== latestChange) return;
  await i18n.changeLanguage(info.tag);
  dayjs.locale(info.dayjs);
  document.documentElement.lang = info.tag;
  useLocaleStore.setState({ language, antdLocale });
  if (options.persist) writeCookie(LANGUAGE_COOKIE, language);
}

export default i18n;
