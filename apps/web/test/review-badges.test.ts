import { describe, expect, it } from 'vitest';
import { reviewBadges } from '../src/layouts/shell/use-pending-reviews';

describe('reviewBadges', () => {
  it('puts each kind’s waiting count on its review page and their sum on the review group', () => {
    const badges = reviewBadges({ material: 2, program: 0, plan: 3, message: 1 });
    expect(Object.fromEntries(badges)).toEqual({
      materialReview: 2,
      planReview: 3,
      messageReview: 1,
      review: 6,
    });
  });

  it('shows nothing when nothing waits, when counts are unknown, or for kinds the user may not review', () => {
    expect(reviewBadges({ program: 0 }).size).toBe(0);
    expect(reviewBadges(undefined).size).toBe(0);
    expect(Object.fromEntries(reviewBadges({ plan: 120 }))).toEqual({ planReview: 120, review: 120 });
  });
});
