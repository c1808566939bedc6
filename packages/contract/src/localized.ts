import { Type, type TSchema } from 'typebox';
import { Languages, type Language } from './auth.js';

/** A value per console language, for any subset of the seven (e.g. `{ IT: 'Ciao' }`). */
export type Localized<T> = Partial<Record<Language, T>>;

/** Languages tried after the reader's own and the brand default, before any other: English, then Chinese. */
export const FALLBACK_LANGUAGES: readonly Language[] = ['US', 'CN'];

/** Whether a value is one of the seven console language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value);
}

/**
 * The order in which to look for a text: the preferred languages given (the reader's, then the brand
 * default; unknown or missing ones skipped), then US, then CN, then the others in console order.
 */
export function languageOrder(preferred: readonly unknown[]): Language[] {
  const order: Language[] = [];
  for (const lang of [...preferred, ...FALLBACK_LANGUAGES, ...Languages]) {
    if (isLanguage(lang) && !order.includes(lang)) order.push(lang);
  }
  return order;
}

/** A text picked for a reader and the language it is in. */
export interface PickedText<T> {
  language: Language;
  value: T;
}

/**
 * The value to show a reader: the first language of {@link languageOrder} that `texts` holds,
 * or null when it holds none.
 */
export function pickLanguage<T>(texts: Localized<T>, preferred: readonly unknown[]): PickedText<T> | null {
  for (const language of languageOrder(preferred)) {
    const value = texts[language];
    if (value !== undefined) return { language, value };
  }
  return null;
}

/** Schema of a console language code. */
export const LanguageSchema = Type.Enum([...Languages], { description: 'Console language code' });

/** Schema of a value per language, any subset of the seven; other keys are refused. */
export function localizedSchema<T extends TSchema>(value: T, description?: string) {
  const v = () => Type.Optional(value);
  return Type.Object(
    { CN: v(), HK: v(), US: v(), IT: v(), RU: v(), FR: v(), KR: v() },
    { additionalProperties: false, description },
  );
}
