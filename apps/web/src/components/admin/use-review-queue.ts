import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDebounced } from '../../utils/use-debounced';
import { PENDING_REVIEWS_KEY } from '../../layouts/shell/use-pending-reviews';

/** Review states every reviewed kind of content has. */
export type ReviewState = 'pending' | 'approved' | 'rejected';

/** A decision about to be taken: approve or reject these ids (the note dialog is open). */
export interface ReviewDecision {
  decision: 'approve' | 'reject';
  ids: number[];
}

/** Options of {@link useReviewQueue}. */
export interface ReviewQueueOptions<T, F extends object> {
  /** Head of the query keys of this kind of content (`material`, `program`): a decision refreshes them all. */
  domain: string;
  /** The page's own filters besides state, keyword and page (kind, office…). */
  filters: F;
  fetch(
    params: F & { pageNo: number; pageSize: number; reviewState: ReviewState; keyword?: string },
    signal: AbortSignal,
  ): Promise<{ list: T[]; count: number }>;
  approve(ids: number[], note: string): Promise<void>;
  reject(ids: number[], note: string): Promise<void>;
  /** Tells the reviewer the decision was taken (a translated message). */
  onDecided(decision: ReviewDecision['decision'], count: number): void;
}

/**
 * The state of a review page: review state, keyword (debounced as typed, at once on Enter), page,
 * selection, the list query and the decision being taken. Changing a filter goes back to the first
 * page and clears the selection; a decision drops the decided ids from the selection.
 */
export function useReviewQueue<T, F extends object>(options: ReviewQueueOptions<T, F>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReviewState>('pending');
  const [keywordInput, setKeywordInput] = useState('');
  const debounced = useDebounced(keywordInput.trim(), 400);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<ReviewDecision | null>(null);
  const filterKey = JSON.stringify(options.filters);

  useEffect(() => setKeyword(debounced), [debounced]);
  useEffect(() => {
    setPage((p) => ({ ...p, pageNo: 1 }));
    setSelected([]);
  }, [state, keyword, filterKey]);

  const params = { ...options.filters, ...page, reviewState: state, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: [options.domain, 'review', params],
    queryFn: ({ signal }) => options.fetch(params, signal),
    placeholderData: keepPreviousData,
  });

  const decide = async ({ decision, ids }: ReviewDecision, note: string) => {
    if (decision === 'approve') await options.approve(ids, note);
    else await options.reject(ids, note);
    options.onDecided(decision, ids.length);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [options.domain] }),
      // The menu's counts of waiting items change with every decision.
      queryClient.invalidateQueries({ queryKey: PENDING_REVIEWS_KEY }),
    ]);
  };

  return {
    state,
    setState,
    keywordInput,
    setKeywordInput,
    /** Searches for what is typed now (Enter), without waiting for the debounce. */
    searchNow: () => setKeyword(keywordInput.trim()),
    page,
    setPage,
    selected,
    setSelected,
    list,
    deciding,
    setDeciding,
    decide,
  };
}
