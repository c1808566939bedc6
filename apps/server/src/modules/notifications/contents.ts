import {
  NOTIFICATION_CONTENT_MAX,
  pickLanguage,
  type Language,
  type NotificationContents,
} from '@apm/contract';
import { localizedFieldError, parseLocalized, sortLanguages } from '../../lib/localized-text.js';

/** The spec's bilingual fields and the languages they stand for. */
const ALIASES = [
  ['contentCn', 'CN'],
  ['contentEn', 'US'],
] as const;

/** What a notification says, as callers give it: per language, or in the spec's Chinese and English fields. */
export type NotificationContent =
  { contents: NotificationContents } | { contentCn: string; contentEn: string };

/** A notification's text as a reader gets it. */
export interface ContentView {
  /** Every language the notification has. */
  contents: NotificationContents;
  /** The text in the reader's language, else the fallback ('' when there is none). */
  content: string;
  /** Language of `content`; null when the notification has no text. */
  language: Language | null;
  /** `contents.CN` or '' (the spec's field, for older clients). */
  contentCn: string;
  /** `contents.US` or '' (the spec's field, for older clients). */
  contentEn: string;
}

/** Trims one language's content and checks it is there and not too long; 400 naming `field` otherwise. */
function checkText(value: unknown, field: string): string {
  if (typeof value !== 'string') throw localizedFieldError(field, `${field} must be text`);
  const text = value.trim();
  if (!text) throw localizedFieldError(field, `${field} is empty: leave the language out instead`);
  if (text.length > NOTIFICATION_CONTENT_MAX) {
    throw localizedFieldError(field, `${field} is longer than ${NOTIFICATION_CONTENT_MAX} characters`);
  }
  return text;
}

/**
 * The content per language of a sending: `contents` (an object or its JSON, keyed by language code) merged
 * with `contentCn` (CN) and `contentEn` (US), where an empty alias means "not in that language". At least one
 * language is needed; an unknown code, an empty or too long text, or an alias that contradicts `contents`
 * answers 400 naming the field.
 */
export function checkContents(
  raw: unknown,
  aliases: { contentCn?: string; contentEn?: string },
): NotificationContents {
  const contents = parseLocalized(raw, 'contents', checkText);
  for (const [field, language] of ALIASES) {
    if (!aliases[field]?.trim()) continue;
    const text = checkText(aliases[field], field);
    if (contents[language] !== undefined && contents[language] !== text) {
      throw localizedFieldError(field, `${field} and contents.${language} differ: give the text once`);
    }
    contents[language] = text;
  }
  if (!Object.keys(contents).length) {
    throw localizedFieldError('contents', 'Give the content in at least one language');
  }
  return sortLanguages(contents);
}

/** The stored map of what a caller gave (the spec's fields: their non-empty texts as CN and US). */
export function contentsOf(content: NotificationContent): NotificationContents {
  if ('contents' in content) return sortLanguages(content.contents);
  const contents: NotificationContents = {};
  if (content.contentCn) contents.CN = content.contentCn;
  if (content.contentEn) contents.US = content.contentEn;
  return contents;
}

/** The notification's text for a reader who prefers `languages` (best first; then US, CN, any). */
export function contentView(contents: NotificationContents, languages: readonly Language[]): ContentView {
  const picked = pickLanguage(contents, languages);
  return {
    contents,
    content: picked?.value ?? '',
    language: picked?.language ?? null,
    contentCn: contents.CN ?? '',
    contentEn: contents.US ?? '',
  };
}
