import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { decideReview, type ReviewSubject } from '../review/review-decision.js';
import type { MessageDeliveryService } from './message-delivery.js';
import { messageScope, pageMessages, type MessageListFilters } from './message-queries.js';
import { messageReviewNotice } from './review-notice.js';

/**
 * Message review: while the audit switch is on, saved messages wait (pending) and reach no terminal; a
 * reviewer of the same data range approves or rejects them (with a note), and the maker is told.
 * Approving a message that is on screens sends them its approved revision.
 */
export class MessageReviewService {
  /** @param notify Sends a notification to users (the bell): how makers hear of decisions. */
  constructor(
    private readonly db: Database,
    private readonly delivery: MessageDeliveryService,
    private readonly notify: (
      userIds: number[],
      content: ReturnType<typeof messageReviewNotice>,
    ) => Promise<unknown>,
  ) {}

  /** One page of messages to review (`checklist`; default: pending), newest first unless sorted otherwise. */
  checklist(auth: AuthContext, q: MessageListFilters) {
    return pageMessages(this.db, auth, { ...q, reviewState: q.reviewState ?? 'pending', deleted: false });
  }

  /** Approves or rejects messages (`submitResult`; a note is required to reject); all or nothing. */
  async decide(
    auth: AuthContext,
    ids: number[],
    result: 'approved' | 'rejected',
    note?: string | null,
  ): Promise<void> {
    await decideReview(this.db, auth, this.subject(auth), ids, result, note);
    if (result === 'approved') for (const id of ids) await this.delivery.redeliver(id, auth.userId);
    const rows = await this.db
      .select({ name: messages.name, maker: messages.createdBy, note: messages.reviewNote })
      .from(messages)
      .where(inArray(messages.id, ids));
    for (const row of rows) {
      if (row.maker === null || row.maker === auth.userId) continue;
      await this.notify([row.maker], messageReviewNotice(result, row.name, row.note));
    }
  }

  /** Messages of the caller's data range, not in the recycle bin; a decision leaves `updatedAt` alone. */
  private subject(auth: AuthContext): ReviewSubject {
    return {
      kind: 'message',
      table: messages,
      scope: and(messageScope(auth), isNull(messages.deletedAt))!,
      noun: 'message',
      touchesUpdatedAt: false,
    };
  }
}
