import type { Database } from '../../db/client.js';
import type { ReviewAction, ReviewState, ReviewSubjectKind } from '../../db/schema/index.js';
import type { SettingsService } from '../settings/service.js';
import { recordReviewSteps } from './review-history.js';
import { notifyReviewers, userMayReview } from './reviewers.js';

/** Who saves: a signed-in caller (its permissions known), or a user id (an upload finishing later). */
export type Saver = { userId: number; permissions?: ReadonlySet<string> };

/** How a saved item enters review: the state it is stored with, and the step the history records. */
export interface ReviewIntake {
  reviewState: ReviewState;
  /** Null while the audit switch is off: nothing to review, nothing recorded. */
  step: Extract<ReviewAction, 'submitted' | 'autoApproved'> | null;
}

/**
 * The review state of content being saved: approved while the audit switch (`auditOpen`) is off;
 * while it is on, approved at once when the saver may review this kind in their own tenant and
 * `reviewAutoApprove` is on (an `autoApproved` step), else pending (a `submitted` step).
 */
export async function reviewIntake(
  db: Database,
  settings: Pick<SettingsService, 'get'>,
  saver: Saver,
  kind: ReviewSubjectKind,
): Promise<ReviewIntake> {
  if (!(await settings.get('auditOpen'))) return { reviewState: 'approved', step: null };
  if (await settings.get('reviewAutoApprove')) {
    const mayReview = saver.permissions
      ? saver.permissions.has(`review:${kind}:review`)
      : await userMayReview(db, saver.userId, kind);
    if (mayReview) return { reviewState: 'approved', step: 'autoApproved' };
  }
  return { reviewState: 'pending', step: 'submitted' };
}

/** The review columns of content saved with `intake`: its new state, the last decision cleared. */
export const intakeReviewColumns = (intake: ReviewIntake) => ({
  reviewState: intake.reviewState,
  reviewNote: null,
  reviewedBy: null,
  reviewedAt: null,
});

/** What was saved, for {@link recordIntake}. */
export interface SavedForReview {
  id: number;
  name: string;
  officeId: number;
  /** Null for materials, which have no revisions. */
  revision: number | null;
}

/**
 * Records the intake step of saved items in the review history and, for those that now wait, tells
 * the reviewers who may judge them (the bell). Nothing while the audit switch is off.
 */
export async function recordIntake(
  db: Database,
  saver: Saver,
  kind: ReviewSubjectKind,
  intake: ReviewIntake,
  saved: readonly SavedForReview[],
): Promise<void> {
  if (!intake.step || !saved.length) return;
  const step = intake.step;
  await recordReviewSteps(
    db,
    saved.map((s) => ({
      subjectKind: kind,
      subjectId: s.id,
      revision: s.revision,
      action: step,
      actorId: saver.userId,
    })),
  );
  if (intake.reviewState === 'pending') await notifyReviewers(db, saver.userId, kind, saved);
}
