import { REVIEW_STATE_VALUES, type MaterialReviewState } from '@apm/contract';
import type { FilterBarSelect } from './ListFilterBar';

/** What {@link reviewStateSelect} reads of the page's namespace: the `state` label and each `states.<state>`. */
export type ReviewStateTexts = (key: 'state' | `states.${MaterialReviewState}`) => string;

/** The `reviewState` select of a {@link ListFilterBar} over reviewed content (pending, approved, rejected). */
export function reviewStateSelect<V extends { reviewState?: unknown }>(
  t: ReviewStateTexts,
  placeholder: string,
  testId: string,
): FilterBarSelect<V> {
  return {
    name: 'reviewState',
    label: t('state'),
    width: 160,
    placeholder,
    options: REVIEW_STATE_VALUES.map((value) => ({ value, label: t(`states.${value}`) })),
    testId,
  };
}
