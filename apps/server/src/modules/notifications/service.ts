import type { Language } from '@apm/contract';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications, type ReadState } from '../../db/schema/index.js';
import { NotificationAdminService } from './admin-service.js';
import { contentsOf, contentView, type ContentView, type NotificationContent } from './contents.js';

export type { NotificationContent };

/**
 * One notification as the API answers it (spec section 3, "Message notification"): its text in every
 * language, and the one the reader is shown.
 */
export interface NotificationItem extends ContentView {
  id: number;
  /** ISO 8601 time the message was created. */
  createDate: string;
  readState: ReadState;
}

/** One page of a user's notifications, with the number of unread ones among all of them. */
export interface NotificationPage {
  list: NotificationItem[];
  count: number;
  pageNo: number;
  pageSize: number;
  unread: number;
}

/**
 * The notification messages behind the console's bell. Every read and write is scoped to one user:
 * ids of other users' messages are ignored, never read or changed.
 */
export class NotificationService {
  /** Sending, listing and deleting sendings (message notification management). */
  readonly admin: NotificationAdminService;

  constructor(private readonly db: Database) {
    this.admin = new NotificationAdminService(db);
  }

  /**
   * Sends one message to each of the given users (duplicates are sent once); answers how many were stored.
   * The content is per language, or in the spec's Chinese and English fields (stored as CN and US).
   */
  async notify(userIds: readonly number[], content: NotificationContent): Promise<number> {
    const unique = [...new Set(userIds)];
    if (!unique.length) return 0;
    const contents = contentsOf(content);
    const rows = await this.db
      .insert(notifications)
      .values(unique.map((userId) => ({ userId, contents })))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /**
   * One page of the user's messages, newest first, with the total and unread counts; each in the first of
   * `languages` it has (then US, CN, any).
   */
  async list(
    userId: number,
    pageNo: number,
    pageSize: number,
    languages: readonly Language[] = [],
  ): Promise<NotificationPage> {
    const [totals] = await this.db
      .select({
        count: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readState} = '0')`.mapWith(Number),
      })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createDate), desc(notifications.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    return {
      list: rows.map((row) => ({
        id: row.id,
        createDate: row.createDate.toISOString(),
        ...contentView(row.contents, languages),
        readState: row.readState,
      })),
      count: totals?.count ?? 0,
      pageNo,
      pageSize,
      unread: totals?.unread ?? 0,
    };
  }

  /** Sets the read state of the user's own messages among `ids`; answers how many changed state. */
  async setReadState(userId: number, ids: readonly number[], readState: ReadState): Promise<number> {
    if (!ids.length) return 0;
    const rows = await this.db
      .update(notifications)
      .set({ readState })
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.id, [...ids]),
          ne(notifications.readState, readState),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Deletes the user's own messages among `ids`; answers how many were deleted. */
  async delete(userId: number, ids: readonly number[]): Promise<number> {
    if (!ids.length) return 0;
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
