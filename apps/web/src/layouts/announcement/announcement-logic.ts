/**
 * When the sign-in announcement shows (spec section 4): `colseTipOn` is '1' and now lies
 * between start and end, unless the user chose "no more reminders" for this very content
 * (stored against a hash of it). An empty end time clears that choice. Pure.
 */

import type { Announcement } from '@apm/contract';

/** `GET /a/api/sysSetting/announcement?getType=1` data, re-exported for the console. */
export type { Announcement };

/** 32-bit FNV-1a hash of a string, as 8 hex digits: enough to tell changed content apart. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Hash of the announcement's titles and contents. */
export function announcementHash(a: Announcement): string {
  return fnv1a(
    [a.announcementTitleCh, a.announcementTitleEn, a.announcementContentCh, a.announcementContentEn]
      .map((s) => s ?? '')
      .join('\u0000'),
  );
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

/** Title and content in the user's language: Chinese for CN/HK, English otherwise (falling back to the other). */
export function localizedAnnouncement(a: Announcement, chinese: boolean): { title: string; content: string } {
  const [title, titleAlt] = chinese
    ? [a.announcementTitleCh, a.announcementTitleEn]
    : [a.announcementTitleEn, a.announcementTitleCh];
  const [content, contentAlt] = chinese
    ? [a.announcementContentCh, a.announcementContentEn]
    : [a.announcementContentEn, a.announcementContentCh];
  return { title: title || titleAlt || '', content: content || contentAlt || '' };
}
