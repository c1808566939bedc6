/** What both language switches do when a language is chosen. */
import { useState } from 'react';
import { changeLanguage } from '../locales/i18n';
import type { Language } from '../locales/languages';
import { useLocaleStore } from '../stores/locale';

/** The current language, whether a switch is under way, and `choose` (switches, keeps the cookie). */
export function useLanguageChoice(onError: (text: string) => void) {
  const language = useLocaleStore((s) => s.language);
  const [switching, setSwitching] = useState(false);
  const choose = (key: Language) => {
    if (key === language) return;
    setSwitching(true);
    changeLanguage(key, { persist: true })
      .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)))
      .finally(() => setSwitching(false));
  };
  return { language, switching, choose };
}
