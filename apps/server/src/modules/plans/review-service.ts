import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { plans, type ReviewState } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { decideReview, type ReviewSubject } from '../review/review-decision.js';
import { pagePlans, planScope, todayIn } from './plan-queries.js';
import type { PlanService } from './plan-service.js';
import { planReviewNotice } from './review-notice.js';

/** Filters of the plan review list. */
export interface PlanReviewQuery {
  pageNo: number;
  pageSize: number;
  /** Default `pending`. */
  reviewState?: ReviewState;
  keyword?: string;
  officeId?: number;
}

/**
 * Plan review: while the audit switch is on, saved plans wait (pending), are not published and
 * terminals do not follow them; a reviewer of the same data range approves or rejects them with a
 * note, and the maker is told. Approving a published plan puts it (back) on its terminals.
 */
export class PlanReviewService {
  /** @param notify Sends a notification to users (the bell): how makers hear of decisions. */
  constructor(
    private readonly db: Database,
    private readonly plansService: PlanService,
    private readonly notify: (
      userIds: number[],
      content: ReturnType<typeof planReviewNotice>,
    ) => Promise<unknown>,
    private readonly timeZone: string,
  ) {}

  /** One page of plans to review, newest first. */
  async list(auth: AuthContext, q: PlanReviewQuery) {
    const officePath =
      q.officeId === undefined
        ? undefined
        : (await officeInScope(this.db, auth, q.officeId, 'officeId')).path;
    return pagePlans(
      this.db,
      planScope(auth),
      {
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        keyword: q.keyword,
        reviewState: q.reviewState ?? 'pending',
        officePath,
        sortField: 'updatedAt',
        sortOrder: 'desc',
      },
      todayIn(this.timeZone),
    );
  }

  /** Approves plans (from pending or rejected); all or nothing. Their terminals follow them again. */
  async approve(auth: AuthContext, ids: number[], note?: string | null): Promise<void> {
    await decideReview(this.db, auth, this.subject(auth), ids, 'approved', note);
    await this.plansService.announce(ids);
    await this.tellMakers(auth, ids, 'approved');
  }

  /** Rejects pending plans with a required note; all or nothing. Their makers are told why. */
  async reject(auth: AuthContext, ids: number[], note: string): Promise<void> {
    await decideReview(this.db, auth, this.subject(auth), ids, 'rejected', note);
    await this.tellMakers(auth, ids, 'rejected');
  }

  /** A notification to the maker of each decided plan (not to a reviewer deciding on their own). */
  private async tellMakers(auth: AuthContext, ids: number[], decision: 'approved' | 'rejected') {
    const rows = await this.db
      .select({ name: plans.name, maker: plans.createdBy, note: plans.reviewNote })
      .from(plans)
      .where(inArray(plans.id, ids));
    for (const row of rows) {
      if (row.maker === null || row.maker === auth.userId) continue;
      await this.notify([row.maker], planReviewNotice(decision, row.name, row.note));
    }
  }

  /** Plans of the caller's data range; a decision leaves `updatedAt` (the last save) alone. */
  private subject(auth: AuthContext): ReviewSubject {
    return { kind: 'plan', table: plans, scope: planScope(auth), noun: 'plan', touchesUpdatedAt: false };
  }
}
