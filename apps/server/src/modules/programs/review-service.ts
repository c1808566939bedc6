import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programs, type ReviewState } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { decideReview, type ReviewSubject } from '../review/review-decision.js';
import { pagePrograms, programScope } from './program-queries.js';
import type { ProgramService } from './program-service.js';
import { reviewNotice } from './review-notice.js';

/** Filters of the program review list. */
export interface ProgramReviewQuery {
  pageNo: number;
  pageSize: number;
  /** Default `pending`. */
  reviewState?: ReviewState;
  keyword?: string;
  officeId?: number;
}

/**
 * Program review: while the audit switch is on, saved programs wait (pending) and cannot be
 * published; a reviewer of the same data range approves or rejects them with a note. Approving a
 * program that is already published puts it (back) on its terminals.
 */
export class ProgramReviewService {
  /** @param notify Sends a notification to users (the bell): how makers hear of decisions. */
  constructor(
    private readonly db: Database,
    private readonly programsService: ProgramService,
    private readonly notify: (
      userIds: number[],
      content: ReturnType<typeof reviewNotice>,
    ) => Promise<unknown>,
  ) {}

  /** One page of programs to review, newest first. */
  async list(auth: AuthContext, q: ProgramReviewQuery) {
    const officePath =
      q.officeId === undefined
        ? undefined
        : (await officeInScope(this.db, auth, q.officeId, 'officeId')).path;
    return pagePrograms(this.db, programScope(auth), {
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      keyword: q.keyword,
      reviewState: q.reviewState ?? 'pending',
      officePath,
      sortField: 'updatedAt',
      sortOrder: 'desc',
    });
  }

  /** Approves programs (from pending or rejected); all or nothing. */
  async approve(auth: AuthContext, ids: number[], note?: string | null): Promise<void> {
    await decideReview(this.db, auth, this.subject(auth), ids, 'approved', note);
    await this.programsService.announce(ids);
    await this.tellMakers(auth, ids, 'approved');
  }

  /** Rejects pending programs with a required note; all or nothing. Their makers are told why. */
  async reject(auth: AuthContext, ids: number[], note: string): Promise<void> {
    await decideReview(this.db, auth, this.subject(auth), ids, 'rejected', note);
    await this.tellMakers(auth, ids, 'rejected');
  }

  /** A notification to the maker of each decided program (not to a reviewer deciding on their own). */
  private async tellMakers(
    auth: AuthContext,
    ids: number[],
    decision: 'approved' | 'rejected',
  ): Promise<void> {
    const rows = await this.db
      .select({ name: programs.name, maker: programs.createdBy, note: programs.reviewNote })
      .from(programs)
      .where(inArray(programs.id, ids));
    for (const row of rows) {
      if (row.maker === null || row.maker === auth.userId) continue;
      await this.notify([row.maker], reviewNotice(decision, row.name, row.note));
    }
  }

  /** Programs of the caller's data range; a decision leaves `updatedAt` (the last save) alone. */
  private subject(auth: AuthContext): ReviewSubject {
    return {
      kind: 'program',
      table: programs,
      scope: programScope(auth),
      noun: 'program',
      touchesUpdatedAt: false,
    };
  }
}
