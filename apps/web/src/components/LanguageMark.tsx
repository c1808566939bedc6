import type { Language } from '@apm/contract';
import { Tag } from 'antd';
import { languageInfo } from '../locales/languages';

/** Props of {@link LanguageMark}. */
export interface LanguageMarkProps {
  /** Language the text is shown in (null: no text). */
  language: Language | null | undefined;
  /** The reader's console language: no mark when the text is in it. */
  current: Language;
  /** Explanation for the tooltip, e.g. "Not in your language: shown in Italiano". */
  hint?: string;
}

/**
 * Marks a text shown in another language than the reader's (a fallback): a small tag with the language's
 * own name, in that language.
 */
export function LanguageMark({ language, current, hint }: LanguageMarkProps) {
  if (!language || language === current) return null;
  const info = languageInfo(language);
  return (
    <Tag
      lang={info.tag}
      title={hint}
      data-testid="language-mark"
      data-language={language}
      style={{ marginInlineStart: 6 }}
    >
      {info.label}
    </Tag>
  );
}
