import type { MaterialKind, MaterialReviewState } from '@apm/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { materials } from '../../../db/schema/index.js';
import { officesUnder } from '../../../lib/data-scope.js';
import { AppError } from '../../../lib/errors.js';
import type { AuthContext } from '../../auth/session-service.js';
import { officeInScope } from '../../offices/office-scope.js';
import { fieldError } from '../../users/user-access.js';
import { materialEditable, pageMaterials } from '../material-queries.js';

/** Longest review note. */
export const REVIEW_NOTE_MAX = 500;

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
 * Which state a decision may leave from. Approving may overturn a rejection (the uploader fixed
 * nothing, but the reviewer may reconsider); rejecting applies to waiting materials only, since an
 * approved material may already be published — taking it back is the publishers' call, not review's.
 */
const FROM: Record<'approved' | 'rejected', MaterialReviewState[]> = {
  approved: ['pending', 'rejected'],
  rejected: ['pending'],
};

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
    return this.decide(auth, ids, 'approved', note?.trim() || null);
  }

  /** Rejects pending materials with a required note; all or nothing. */
  reject(auth: AuthContext, ids: number[], note: string): Promise<void> {
    const text = note.trim();
    if (!text) throw fieldError(400, 'note', 'note is required when rejecting');
    return this.decide(auth, ids, 'rejected', text);
  }

  private async decide(
    auth: AuthContext,
    ids: number[],
    to: 'approved' | 'rejected',
    note: string | null,
  ): Promise<void> {
    if (note && note.length > REVIEW_NOTE_MAX) {
      throw fieldError(400, 'note', `note is longer than ${REVIEW_NOTE_MAX} characters`);
    }
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: materials.id, name: materials.name, reviewState: materials.reviewState })
        .from(materials)
        .where(and(inArray(materials.id, ids), materialEditable(auth)))
        .for('update');
      const missing = ids.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) {
        throw fieldError(404, 'ids', `No material ${missing.join(', ')} in your scope`, 'notFound');
      }
      const wrong = rows.filter((r) => !FROM[to].includes(r.reviewState));
      if (wrong.length) {
        const names = wrong.map((r) => `${r.name} (${r.reviewState})`).join(', ');
        throw new AppError(
          409,
          `Only ${FROM[to].join(' or ')} materials can be ${to}: ${names}`,
          'reviewState',
          {
            ids: wrong.map((r) => r.id),
          },
        );
      }
      const now = new Date();
      await tx
        .update(materials)
        .set({ reviewState: to, reviewNote: note, reviewedBy: auth.userId, reviewedAt: now, updatedAt: now })
        .where(inArray(materials.id, ids));
    });
  }
}
