import { useQuery } from '@tanstack/react-query';
import { usePainted } from '../../utils/use-painted';
import { hasPermission } from '../../access/authority';
import { getPendingReviewCounts, type PendingReviewCounts, type ReviewKind } from '../../services/review';
import { useAccountStore } from '../../stores/account';

/** Query key of the pending review counts: review pages invalidate it after a decision. */
export const PENDING_REVIEWS_KEY = ['review', 'pendingCounts'] as const;

/** Menu keys of the review pages, by the kind each reviews. */
export const REVIEW_MENU_KEYS: Record<ReviewKind, string> = {
  material: 'materialReview',
  program: 'programReview',
  plan: 'planReview',
  message: 'messageReview',
};

/** The badge count of each menu key: a review page's waiting items, and their sum on the review group. */
export function reviewBadges(counts: PendingReviewCounts | undefined): Map<string, number> {
  const badges = new Map<string, number>();
  let total = 0;
  for (const [kind, key] of Object.entries(REVIEW_MENU_KEYS) as [ReviewKind, string][]) {
    const n = counts?.[kind] ?? 0;
    if (n > 0) badges.set(key, n);
    total += n;
  }
  if (total > 0) badges.set('review', total);
  return badges;
}

/** Menu badges of waiting reviews, asked every minute while the user may review anything. */
export function usePendingReviewBadges(): Map<string, number> {
  const user = useAccountStore((s) => s.user);
  const painted = usePainted();
  const enabled = !!user && hasPermission(user, 'review:view');
  const query = useQuery({
    queryKey: PENDING_REVIEWS_KEY,
    queryFn: ({ signal }) => getPendingReviewCounts(signal),
    enabled: enabled && painted,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return reviewBadges(enabled ? query.data : undefined);
}
