import { and, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type {
  materials,
  messages,
  plans,
  programs,
  ReviewState,
  ReviewSubjectKind,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { recordReviewSteps } from './review-history.js';

/** Longest review note. */
export const REVIEW_NOTE_MAX = 500;

/** What a reviewer decides. */
export type ReviewDecision = 'approved' | 'rejected';

/**
 * Which state a decision may leave from. Approving may overturn a rejection (the author fixed
 * nothing, but the reviewer may reconsider); rejecting applies to waiting items only, since an
 * approved material or program may already be published — taking it back is the publishers' call,
 * not review's.
 */
const FROM: Record<ReviewDecision, ReviewState[]> = {
  approved: ['pending', 'rejected'],
  rejected: ['pending'],
};

/** What is under review: the table, which of its rows the caller may judge, and how messages name them. */
export interface ReviewSubject {
  /** What is judged, as the review history names it. */
  kind: ReviewSubjectKind;
  table: typeof materials | typeof programs | typeof plans | typeof messages;
  /** Rows of the caller's review range. */
  scope: SQL;
  /** Singular name of a row in messages (`material`, `program`, `plan`); the plural adds an `s`. */
  noun: string;
  /** Whether a decision also counts as an update of the row (`updatedAt`). */
  touchesUpdatedAt: boolean;
}

/** The note of a decision: optional (trimmed, empty → null) to approve, required to reject; 400 on `note`. */
function decisionNote(to: ReviewDecision, note: string | null | undefined): string | null {
  const text = note?.trim() || null;
  if (to === 'rejected' && !text) throw fieldError(400, 'note', 'note is required when rejecting');
  if (text && text.length > REVIEW_NOTE_MAX) {
    throw fieldError(400, 'note', `note is longer than ${REVIEW_NOTE_MAX} characters`);
  }
  return text;
}

/**
 * Records a review decision on `ids`, all or nothing, with a step in the review history per item (the
 * revision judged, when the kind has revisions): 404 on `ids` naming those outside the caller's range,
 * 409 (`reviewState`) naming those the decision may not leave from.
 */
export async function decideReview(
  db: Database,
  auth: AuthContext,
  subject: ReviewSubject,
  ids: number[],
  to: ReviewDecision,
  note: string | null | undefined,
): Promise<void> {
  const text = decisionNote(to, note);
  const { table, noun } = subject;
  await db.transaction(async (tx) => {
    const revision = 'revision' in table ? table.revision : null;
    const rows = await tx
      .select({
        id: table.id,
        name: table.name,
        reviewState: table.reviewState,
        ...(revision ? { revision } : {}),
      })
      .from(table)
      .where(and(inArray(table.id, ids), subject.scope))
      .for('update');
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) {
      throw fieldError(404, 'ids', `No ${noun} ${missing.join(', ')} in your scope`, 'notFound');
    }
    const wrong = rows.filter((r) => !FROM[to].includes(r.reviewState));
    if (wrong.length) {
      const names = wrong.map((r) => `${r.name} (${r.reviewState})`).join(', ');
      throw new AppError(
        409,
        `Only ${FROM[to].join(' or ')} ${noun}s can be ${to}: ${names}`,
        'reviewState',
        {
          ids: wrong.map((r) => r.id),
        },
      );
    }
    const now = new Date();
    await tx
      .update(table)
      .set({
        reviewState: to,
        reviewNote: text,
        reviewedBy: auth.userId,
        reviewedAt: now,
        ...(subject.touchesUpdatedAt ? { updatedAt: now } : {}),
      })
      .where(inArray(table.id, ids));
    await recordReviewSteps(
      tx,
      rows.map((r) => ({
        subjectKind: subject.kind,
        subjectId: r.id,
        revision: 'revision' in r ? (r.revision as number) : null,
        action: to,
        note: text,
        actorId: auth.userId,
      })),
    );
  });
}
