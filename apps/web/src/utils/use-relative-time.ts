/** "3 minutes ago" in the console's language, kept current as time passes and the language changes. */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useCallback, useEffect, useState } from 'react';
import { languageInfo, type Language } from '../locales/languages';
import { useLocaleStore } from '../stores/locale';

dayjs.extend(relativeTime);

/** How often relative times are worked out again while shown (ms). */
const TICK_MS = 30_000;

/** A date's distance from `now` ("3 minutes ago") in a console language; its dayjs locale must be loaded. */
export function relativeTimeIn(
  value: string | number | Date,
  language: Language,
  now: number = Date.now(),
): string {
  // The language's own locale, not dayjs's global one: i18next announces a new language before
  // `changeLanguage` switches dayjs, so a render at that moment would still read the old one.
  return dayjs(value).locale(languageInfo(language).dayjs).from(now);
}

/**
 * A formatter of relative times in the language of the locale store: the component re-renders
 * (with the new words) when the language changes, and every 30 s so that "just now" ages.
 */
export function useRelativeTime(): (value: string | number | Date) => string {
  const language = useLocaleStore((s) => s.language);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return useCallback((value) => relativeTimeIn(value, language, now), [language, now]);
}
