/**
 * When the sign-in announcement shows (spec section 4): `colseTipOn` is '1' and now lies
 * between start and end, unless the user chose "no more reminders" for this very content
 * (stored against a hash of it). An empty end time clears that choice. Pure.
 */

import { pickLanguage, type Announcement, type AnnouncementTexts, type Language } from '@apm/contract';

/** `GET /a/api/sysSetting/announcement?getType=1` data, re-exported for the console. */
export type { Announcement };

/** What an announcement says, in any of its forms: per language, or the spec's Chinese and English fields. */
export type AnnouncementTextSource = Partial<
  Pick<
    Announcement,
    | 'texts'
    | 'announcementTitleCh'
    | 'announcementTitleEn'
    | 'announcementContentCh'
    | 'announcementContentEn'
  >
>;

/** Its title and content per language (from the spec's four fields when the server sent no map). */
export function textsOf(a: AnnouncementTextSource): AnnouncementTexts {
  if (a.texts) return a.texts;
  const texts: AnnouncementTexts = {};
  const pair = (title = '', content = '') => (title || content ? { title, content } : undefined);
  const cn = pair(a.announcementTitleCh, a.announcementContentCh);
  const us = pair(a.announcementTitleEn, a.announcementContentEn);
  if (cn) texts.CN = cn;
  if (us) texts.US = us;
  return texts;
}

/** 32-bit FNV-1a hash of a string, as 8 hex digits: enough to tell changed content apart. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Hash of the announcement's titles and contents in every language. An announcement in Chinese and English
 * only hashes as it did before the other languages existed, so that "no more reminders" choices stay valid.
 */
export function announcementHash(a: AnnouncementTextSource): string {
  const texts = textsOf(a);
  const { CN, US, ...others } = texts;
  const parts = [CN?.title, US?.title, CN?.content, US?.content].map((s) => s ?? '');
  if (Object.keys(others).length) parts.push(JSON.stringify(others));
  return fnv1a(parts.join('\u0000'));
}

/** Storage key of a user's "no more reminders" choice. */
export function dismissKey(owner: string): string {
  return `apm.announcement.dismissed.${owner}`;
}

function time(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether the announcement is switched on and `now` lies within its window (an open end has no limit). */
export function isActive(a: Announcement, now: number): boolean {
  if (a.colseTipOn !== '1') return false;
  const start = time(a.announcemenStartTime);
  const end = time(a.announcemenEndTime);
  if (start !== undefined && now < start) return false;
  if (end !== undefined && now > end) return false;
  return true;
}

/** Decision for one fetched announcement. */
export interface AnnouncementDecision {
  show: boolean;
  /** The stored choice must be removed (empty end time). */
  clearDismissal: boolean;
}

/** Decides whether to show `a` given the stored dismissal hash. */
export function decideAnnouncement(
  a: Announcement | null | undefined,
  now: number,
  dismissedHash: string | null,
): AnnouncementDecision {
  if (!a) return { show: false, clearDismissal: false };
  const clearDismissal = !a.announcemenEndTime && dismissedHash !== null;
  const dismissed = !clearDismissal && dismissedHash === announcementHash(a);
  return { show: isActive(a, now) && !dismissed, clearDismissal };
}

/**
 * Title and content for a reader of `languages` (best first: console language, brand default), else US,
 * CN, any; with the language shown (null when the announcement has no text).
 */
export function localizedAnnouncement(
  a: AnnouncementTextSource,
  languages: readonly Language[],
): { title: string; content: string; language: Language | null } {
  const picked = pickLanguage(textsOf(a), languages);
  return {
    title: picked?.value.title ?? '',
    content: picked?.value.content ?? '',
    language: picked?.language ?? null,
  };
}
