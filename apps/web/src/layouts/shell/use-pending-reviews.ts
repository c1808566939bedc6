import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/**
 * Menu badges of waiting reviews, asked every minute while the user may review anything. The same map until the
 * counts change, so that the menu is not drawn again for nothing.
 */
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
  const badges = reviewBadges(enabled ? query.data : undefined);
  // Equal badges keep the first map (no counts and counts of zero are the same badges): the map depends on
  // its signature only.
  const signature = [...badges].join(';');
  return useMemo(() => badges, [signature]);
}
