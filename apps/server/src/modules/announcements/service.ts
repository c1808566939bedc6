import type { Announcement, Language } from '@apm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { announcements, PLATFORM_ANNOUNCEMENT_ID } from '../../db/schema/index.js';
import { checkTexts, textsView, type AnnouncementAliases } from './texts.js';
import { fieldError, parseTime } from './time.js';

/** The announcement as the API answers it (the shared contract type). */
export type AnnouncementView = Announcement;

/**
 * What a save sends: `texts` per language (an object or its JSON) and/or the spec's Chinese and English
 * fields, times as ISO 8601, `YYYY-MM-DD HH:mm:ss` or ''.
 */
export interface AnnouncementInput extends AnnouncementAliases {
  texts?: unknown;
  announcemenStartTime: string;
  announcemenEndTime: string;
  colseTipOn: '0' | '1';
}

/** Reads and saves the platform announcement that the console shows as a popup. */
export class AnnouncementService {
  constructor(private readonly db: Database) {}

  /**
   * The platform announcement, or null when none was ever saved; its title and content in the first of
   * `languages` it has (then US, CN, any).
   */
  async get(languages: readonly Language[] = []): Promise<AnnouncementView | null> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, PLATFORM_ANNOUNCEMENT_ID));
    return row ? toView(row, languages) : null;
  }

  /**
   * Validates and saves the platform announcement (insert or replace); answers what was saved, for a reader
   * of `languages`. Times must exist and the end must come after the start when both are given, and a popup
   * that is on needs a title and a content in each of its languages, at least one (400 naming the field).
   */
  async save(
    input: AnnouncementInput,
    userId: number,
    languages: readonly Language[] = [],
  ): Promise<AnnouncementView> {
    const start = parseTime(input.announcemenStartTime, 'announcemenStartTime');
    const end = parseTime(input.announcemenEndTime, 'announcemenEndTime');
    if (start && end && end.getTime() <= start.getTime()) {
      throw fieldError('announcemenEndTime', 'announcemenEndTime must be after announcemenStartTime');
    }
    const texts = checkTexts(input.texts, input, input.colseTipOn === '1');
    const values = {
      texts,
      announcemenStartTime: start,
      announcemenEndTime: end,
      colseTipOn: input.colseTipOn,
      updatedBy: userId,
    };
    const [row] = await this.db
      .insert(announcements)
      .values({ id: PLATFORM_ANNOUNCEMENT_ID, ...values })
      .onConflictDoUpdate({ target: announcements.id, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return toView(row!, languages);
  }
}

function toView(row: typeof announcements.$inferSelect, languages: readonly Language[]): AnnouncementView {
  return {
    ...textsView(row.texts, languages),
    announcemenStartTime: row.announcemenStartTime?.toISOString() ?? '',
    announcemenEndTime: row.announcemenEndTime?.toISOString() ?? '',
    colseTipOn: row.colseTipOn,
  };
}
