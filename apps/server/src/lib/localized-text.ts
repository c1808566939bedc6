import { Languages, isLanguage, type Language, type Localized } from '@apm/contract';
import { badRequest } from './errors.js';

/** A 400 naming `field`, in the shape the error handler gives schema errors. */
export function localizedFieldError(field: string, msg: string) {
  return badRequest(msg, 'validation', { fields: { [field]: msg } });
}

/**
 * Reads a value per language: an object keyed by console language codes, or its JSON text (form bodies).
 * Nothing (undefined, null, '') is an empty map. Anything but an object, and any key that is not one of the
 * seven codes, answers 400 naming `field` (`field.XX` for an unknown code). `parseValue` checks one entry
 * (400 naming `field.<code>`) and answers undefined to leave the language out.
 */
export function parseLocalized<T>(
  raw: unknown,
  field: string,
  parseValue: (value: unknown, path: string) => T | undefined,
): Localized<T> {
  if (raw === undefined || raw === null || raw === '') return {};
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw localizedFieldError(field, `${field} must be an object (or its JSON) keyed by language code`);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw localizedFieldError(field, `${field} must be an object keyed by language code`);
  }
  const out: Localized<T> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!isLanguage(key)) {
      throw localizedFieldError(
        `${field}.${key}`,
        `${field} has an unknown language code "${key}"; use ${Languages.join(', ')}`,
      );
    }
    const parsed = parseValue(entry, `${field}.${key}`);
    if (parsed !== undefined) out[key] = parsed;
  }
  return sortLanguages(out);
}

/** The same map with its languages in console order (stable storage and answers). */
export function sortLanguages<T>(texts: Localized<T>): Localized<T> {
  const out: Localized<T> = {};
  for (const lang of Languages) if (texts[lang] !== undefined) out[lang] = texts[lang];
  return out;
}

/** The languages a map holds, in console order. */
export const languagesOf = (texts: Localized<unknown>): Language[] =>
  Languages.filter((lang) => texts[lang] !== undefined);
