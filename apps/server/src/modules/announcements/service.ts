import type { Announcement } from '@apm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { announcements, PLATFORM_ANNOUNCEMENT_ID } from '../../db/schema/index.js';
import { fieldError, parseTime } from './time.js';

/** The announcement as the API answers it (the shared contract type). */
export type AnnouncementView = Announcement;

/** What a save sends: the same fields, times as ISO 8601, `YYYY-MM-DD HH:mm:ss` or ''. */
export type AnnouncementInput = AnnouncementView;

/** Reads and saves the platform announcement that the console shows as a popup. */
export class AnnouncementService {
  constructor(private readonly db: Database) {}

  /** The platform announcement, or null when none was ever saved. */
  async get(): Promise<AnnouncementView | null> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, PLATFORM_ANNOUNCEMENT_ID));
    return row ? toView(row) : null;
  }

  /**
   * Validates and saves the platform announcement (insert or replace); answers what was saved.
   * Times must exist and the end must come after the start when both are given, and a popup that
   * is on needs a title and a content in at least one language (400 naming the field).
   */
  async save(input: AnnouncementInput, userId: number): Promise<AnnouncementView> {
    const start = parseTime(input.announcemenStartTime, 'announcemenStartTime');
    const end = parseTime(input.announcemenEndTime, 'announcemenEndTime');
    if (start && end && end.getTime() <= start.getTime()) {
      throw fieldError('announcemenEndTime', 'announcemenEndTime must be after announcemenStartTime');
    }
    // A popup that is switched on must have something to show.
    if (input.colseTipOn === '1') {
      if (!input.announcementTitleCh.trim() && !input.announcementTitleEn.trim()) {
        throw fieldError(
          'announcementTitleEn',
          'announcementTitleEn or announcementTitleCh is required to show the popup',
        );
      }
      if (!input.announcementContentCh.trim() && !input.announcementContentEn.trim()) {
        throw fieldError(
          'announcementContentEn',
          'announcementContentEn or announcementContentCh is required to show the popup',
        );
      }
    }
    const values = {
      announcementTitleCh: input.announcementTitleCh.trim(),
      announcementTitleEn: input.announcementTitleEn.trim(),
      announcementContentCh: input.announcementContentCh,
      announcementContentEn: input.announcementContentEn,
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
    return toView(row!);
  }
}

function toView(row: typeof announcements.$inferSelect): AnnouncementView {
  return {
    announcementTitleCh: row.announcementTitleCh,
    announcementTitleEn: row.announcementTitleEn,
    announcementContentCh: row.announcementContentCh,
    announcementContentEn: row.announcementContentEn,
    announcemenStartTime: row.announcemenStartTime?.toISOString() ?? '',
    announcemenEndTime: row.announcemenEndTime?.toISOString() ?? '',
    colseTipOn: row.colseTipOn,
  };
}
