import {
  ANNOUNCEMENT_LIMITS,
  pickLanguage,
  type AnnouncementText,
  type AnnouncementTexts,
  type Language,
} from '@apm/contract';
import { localizedFieldError, parseLocalized, sortLanguages } from '../../lib/localized-text.js';

/** The spec's bilingual fields: which language each pair stands for. */
const ALIASES = [
  { language: 'CN', title: 'announcementTitleCh', content: 'announcementContentCh' },
  { language: 'US', title: 'announcementTitleEn', content: 'announcementContentEn' },
] as const;

/** The spec's Chinese and English fields as a save gives them (each may be left out). */
export interface AnnouncementAliases {
  announcementTitleCh?: string;
  announcementTitleEn?: string;
  announcementContentCh?: string;
  announcementContentEn?: string;
}

/** The announcement's texts as a reader gets them. */
export interface TextsView {
  texts: AnnouncementTexts;
  title: string;
  content: string;
  language: Language | null;
  announcementTitleCh: string;
  announcementTitleEn: string;
  announcementContentCh: string;
  announcementContentEn: string;
}

/** Checks one text: title (trimmed) and content within their limits; 400 naming `field.title`/`field.content`. */
function checkText(raw: unknown, field: string): AnnouncementText {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw localizedFieldError(field, `${field} must be an object with a title and a content`);
  }
  const { title = '', content = '', ...rest } = raw as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) throw localizedFieldError(field, `${field} has unknown fields: ${extra.join(', ')}`);
  const text = (value: unknown, name: 'title' | 'content') => {
    const path = `${field}.${name}`;
    if (typeof value !== 'string') throw localizedFieldError(path, `${path} must be text`);
    if (value.length > ANNOUNCEMENT_LIMITS[name]) {
      throw localizedFieldError(path, `${path} is longer than ${ANNOUNCEMENT_LIMITS[name]} characters`);
    }
    return name === 'title' ? value.trim() : value;
  };
  const checked = { title: text(title, 'title'), content: text(content, 'content') };
  if (!checked.title && !checked.content.trim()) {
    throw localizedFieldError(field, `${field} is empty: leave the language out instead`);
  }
  return checked;
}

/**
 * The texts of a save: `texts` (an object or its JSON, keyed by language code) merged with the spec's Chinese
 * (CN) and English (US) fields, where a pair left empty means "not in that language". An unknown code, a text
 * over its limit, or a spec field that contradicts `texts` answers 400 naming the field. When the popup is on,
 * at least one language is needed and each language needs a title and a content.
 */
export function checkTexts(raw: unknown, aliases: AnnouncementAliases, popupOn: boolean): AnnouncementTexts {
  const texts = parseLocalized(raw, 'texts', checkText);
  /** The field the caller used for a language's title or content: the spec's field, or one in `texts`. */
  const fieldOf = (language: Language, part: 'title' | 'content') => {
    const alias = ALIASES.find((a) => a.language === language);
    const viaAlias = alias && (aliases[alias.title]?.trim() || aliases[alias.content]?.trim());
    return viaAlias ? alias[part] : `texts.${language}.${part}`;
  };
  for (const alias of ALIASES) {
    const title = (aliases[alias.title] ?? '').trim();
    const content = aliases[alias.content] ?? '';
    if (!title && !content.trim()) continue;
    const given = texts[alias.language];
    if (given && given.title !== title) {
      throw localizedFieldError(alias.title, `${alias.title} and texts.${alias.language}.title differ`);
    }
    if (given && given.content !== content) {
      throw localizedFieldError(alias.content, `${alias.content} and texts.${alias.language}.content differ`);
    }
    texts[alias.language] = { title, content };
  }
  if (popupOn) {
    const languages = Object.keys(texts) as Language[];
    if (!languages.length) {
      throw localizedFieldError(
        'texts',
        'Give a title and a content in at least one language to show the popup',
      );
    }
    for (const language of languages) {
      for (const part of ['title', 'content'] as const) {
        if (texts[language]![part].trim()) continue;
        const field = fieldOf(language, part);
        throw localizedFieldError(field, `${field} is required to show the popup in ${language}`);
      }
    }
  }
  return sortLanguages(texts);
}

/** The texts for a reader who prefers `languages` (best first; then US, CN, any), with the spec's fields. */
export function textsView(texts: AnnouncementTexts, languages: readonly Language[]): TextsView {
  const picked = pickLanguage(texts, languages);
  return {
    texts,
    title: picked?.value.title ?? '',
    content: picked?.value.content ?? '',
    language: picked?.language ?? null,
    announcementTitleCh: texts.CN?.title ?? '',
    announcementTitleEn: texts.US?.title ?? '',
    announcementContentCh: texts.CN?.content ?? '',
    announcementContentEn: texts.US?.content ?? '',
  };
}
