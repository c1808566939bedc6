import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { getProgramLengths, planKeys } from '../../../services/plans';

/**
 * Names of the programs a timeline plays (`programLengths`), as a lookup that falls back to
 * "Program N" while they load or when they cannot be read; `known` names (a plan's programs) first.
 */
export function useProgramNames(ids: readonly number[], known?: readonly { id: number; name: string }[]) {
  const { t } = useTranslation('planTimeline');
  const missing = ids.filter((id) => !known?.some((p) => p.id === id));
  const query = useQuery({
    queryKey: planKeys.programLengths(missing),
    queryFn: ({ signal }) => getProgramLengths(missing, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  return useCallback(
    (id: number) =>
      known?.find((p) => p.id === id)?.name ??
      query.data?.find((p) => p.id === id)?.name ??
      t('program', { id }),
    [known, query.data, t],
  );
}
