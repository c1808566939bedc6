import { Type } from 'typebox';
import type { Language } from './auth.js';
import { localizedSchema, type Localized } from './localized.js';

/** Longest announcement title and content, per language. */
export const ANNOUNCEMENT_LIMITS = { title: 200, content: 5000 } as const;

/** The announcement in one language. */
export interface AnnouncementText {
  title: string;
  content: string;
}

/** The announcement per language: any subset of the seven. */
export type AnnouncementTexts = Localized<AnnouncementText>;

/** Schema of {@link AnnouncementTexts}. */
export const AnnouncementTextsSchema = localizedSchema(
  Type.Object({ title: Type.String(), content: Type.String() }, { additionalProperties: false }),
  'Title and content per language code',
);

/**
 * The announcement as GET /a/api/sysSetting/announcement answers it (spec section 3; field names keep the
 * spec's spelling). `texts` holds every language; `title`, `content` and `language` are what the reader is
 * shown (their language, else the brand default, US, CN, any). The spec's Chinese and English fields are
 * `texts.CN` and `texts.US` (empty when absent). Times are ISO 8601 or '' when not set.
 */
export interface Announcement {
  texts: AnnouncementTexts;
  title: string;
  content: string;
  /** Language of `title` and `content`; null when there is no text at all. */
  language: Language | null;
  announcementTitleCh: string;
  announcementTitleEn: string;
  announcementContentCh: string;
  announcementContentEn: string;
  announcemenStartTime: string;
  announcemenEndTime: string;
  colseTipOn: '0' | '1';
}

/**
 * What announcementManagerSave takes: `texts`, and/or the spec's Chinese and English fields (for CN and US);
 * the same language may not be given both ways with different text. Fields left out are saved empty.
 */
export interface AnnouncementSaveInput {
  texts?: AnnouncementTexts;
  announcementTitleCh?: string;
  announcementTitleEn?: string;
  announcementContentCh?: string;
  announcementContentEn?: string;
  announcemenStartTime?: string;
  announcemenEndTime?: string;
  colseTipOn?: '0' | '1';
}
