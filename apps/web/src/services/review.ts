/** Review centre calls across kinds (`/a/api/review/pendingCounts`, `/a/api/review/history`). */
import { request } from './request';

/** What review judges. */
export type ReviewKind = 'material' | 'program' | 'plan' | 'message';

/** Items waiting for review per kind; kinds the user may not review are absent. */
export type PendingReviewCounts = Partial<Record<ReviewKind, number>>;

/** One step of an item's review. */
export interface ReviewStep {
  id: number;
  revision: number | null;
  action: 'submitted' | 'resubmitted' | 'approved' | 'rejected' | 'autoApproved';
  note: string | null;
  actorId: number | null;
  actorName: string | null;
  createdAt: string;
}

/** GET /apm-web/a/api/review/pendingCounts — items waiting for the caller's review, per kind. */
export async function getPendingReviewCounts(signal?: AbortSignal): Promise<PendingReviewCounts> {
  return (await request<PendingReviewCounts>('/a/api/review/pendingCounts', { signal })).data;
}

/** GET /apm-web/a/api/review/history — the review steps of one item, oldest first. */
export async function getReviewHistory(
  kind: ReviewKind,
  id: number,
  signal?: AbortSignal,
): Promise<ReviewStep[]> {
  return (await request<ReviewStep[]>('/a/api/review/history', { params: { kind, id }, signal })).data;
}
