import type { Segment } from '@apm/schedule';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlan, planKeys } from '../../services/plans';
import { isOwnSegment } from './state/terminal-week';

/** The ids of the other plans a terminal's segments name (what plays and what it hides), sorted. */
export function otherPlanIds(segments: readonly Segment[] | null, planId: number | null): number[] {
  const ids = new Set<number>();
  for (const seg of segments ?? []) {
    if (seg.planId !== null && !isOwnSegment(seg, planId)) ids.add(seg.planId);
    for (const h of seg.hides) if (h.planId !== null && h.planId !== planId) ids.add(h.planId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Names other plans and their entries: `(planId, entryId)` → "Plan “Lobby” · Morning" or "Plan #12". */
export type OtherLabel = (planId: number | null, entryId: string | null) => string;

/**
 * Labels of the other plans of a terminal, by their details when the user may read them (else by id);
 * a program published without a plan reads as such.
 */
export function useOtherPlanLabels(segments: readonly Segment[] | null, planId: number | null): OtherLabel {
  const { t } = useTranslation('planMake');
  const ids = useMemo(() => otherPlanIds(segments, planId), [segments, planId]);
  const details = useQueries({
    queries: ids.map((id) => ({
      queryKey: planKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPlan(id, signal),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const known = details.map((d) => d.data);
  const key = known.map((d) => d?.revision ?? 0).join(',');
  return useCallback<OtherLabel>(
    (other, entryId) => {
      if (other === null) return t('publishedWithoutPlan');
      const detail = known.find((d) => d?.id === other);
      const plan = detail ? t('otherPlanNamed', { name: detail.name }) : t('otherPlan', { id: other });
      const entry = detail?.document.entries.find((e) => e.id === entryId)?.name;
      return entry ? t('otherPlanEntry', { plan, entry }) : plan;
    },
    // `known` is a new array each render; its revisions say when it changed.
    [key, ids, t],
  );
}
