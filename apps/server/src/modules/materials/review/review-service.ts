import type { MaterialKind, MaterialReviewState } from '@apm/contract';
import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { materials } from '../../../db/schema/index.js';
import { officesUnder } from '../../../lib/data-scope.js';
import type { AuthContext } from '../../auth/session-service.js';
import { officeInScope } from '../../offices/office-scope.js';
import { decideReview, type ReviewSubject } from '../../review/review-decision.js';
import { materialEditable, pageMaterials } from '../material-queries.js';

export { REVIEW_NOTE_MAX } from '../../review/review-decision.js';

/** Filters of the review list. */
export interface ReviewListQuery {
  pageNo: number;
  pageSize: number;
  /** Default `pending`. */
  reviewState?: MaterialReviewState;
  kind?: MaterialKind;
  keyword?: string;
  /** Materials of this office and below (within the caller's range). */
  officeId?: number;
}

/**
 * Material review: materials of the caller's data range wait (pending) while the audit switch is on;
 * a reviewer approves or rejects them with a note. Shared platform materials of other tenants are
 * not a tenant reviewer's to judge, so review uses the data range only.
 */
export class MaterialReviewService {
  constructor(private readonly db: Database) {}

  /** One page of materials to review, newest first. */
  async list(auth: AuthContext, q: ReviewListQuery) {
    const conds: SQL[] = [materialEditable(auth)];
    if (q.officeId !== undefined) {
      const office = await officeInScope(this.db, auth, q.officeId, 'officeId');
      conds.push(officesUnder(materials.officeId, office.path));
    }
    return pageMaterials(
      this.db,
      and(...conds)!,
      { reviewState: q.reviewState ?? 'pending', kind: q.kind, keyword: q.keyword },
      { pageNo: q.pageNo, pageSize: q.pageSize, sortField: 'createdAt', sortOrder: 'desc' },
    );
  }

  /** Approves materials (from pending or rejected); all or nothing. */
  approve(auth: AuthContext, ids: number[], note?: string | null): Promise<void> {
    return decideReview(this.db, auth, this.subject(auth), ids, 'approved', note);
  }

  /** Rejects pending materials with a required note; all or nothing. */
  reject(auth: AuthContext, ids: number[], note: string): Promise<void> {
    return decideReview(this.db, auth, this.subject(auth), ids, 'rejected', note);
  }

  /** Materials of the caller's data range; a decision counts as an update of the material. */
  private subject(auth: AuthContext): ReviewSubject {
    return {
      kind: 'material',
      table: materials,
      scope: materialEditable(auth),
      noun: 'material',
      touchesUpdatedAt: true,
    };
  }
}
