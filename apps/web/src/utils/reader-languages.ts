/** The languages a console user reads texts in, best first (texts stored in several languages). */
import { isLanguage, pickLanguage, type Language, type Localized, type PickedText } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { brandQuery } from '../services/queries';
import { useLocaleStore } from '../stores/locale';

/**
 * The console language, then the brand's default language: what `pickForReader` tries before US, CN and
 * any other (the same order the server follows).
 */
export function useReaderLanguages(): Language[] {
  const language = useLocaleStore((s) => s.language);
  const { data: brand } = useQuery(brandQuery());
  const brandDefault = brand?.defaultLanguage;
  return useMemo(() => [language, brandDefault].filter(isLanguage), [language, brandDefault]);
}

/** The text to show a reader of `languages` (best first), and its language; null when there is none. */
export function pickForReader<T>(
  texts: Localized<T> | undefined,
  languages: readonly Language[],
): PickedText<T> | null {
  return pickLanguage(texts ?? {}, languages);
}
