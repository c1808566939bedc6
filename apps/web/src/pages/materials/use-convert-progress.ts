/** Polls the processing progress of the materials on screen that are still queued or running. */
import type { ConvertProgress, Material } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { getConvertProgress } from '../../services/material';
import { processingIds } from './material-query';

/** Polling interval while something is processing. */
export const PROGRESS_POLL_MS = 2000;

/**
 * The latest progress of the given materials by id, asked every 2 s while any of them is queued
 * or running; `onSettled` runs once some of them have finished (done or failed), so that the
 * list can reload their thumbnails and details.
 */
export function useConvertProgress(
  materials: readonly Material[],
  onSettled: () => void,
): Map<number, ConvertProgress> {
  const ids = useMemo(() => processingIds(materials), [materials]);
  const progress = useQuery({
    queryKey: ['material', 'convertProgress', ids],
    queryFn: ({ signal }) => getConvertProgress(ids, signal),
    enabled: ids.length > 0,
    refetchInterval: PROGRESS_POLL_MS,
  });
  const byId = useMemo(
    () => new Map((ids.length ? (progress.data ?? []) : []).map((p) => [p.id, p])),
    [ids.length, progress.data],
  );
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const finished = [...byId.values()].some((p) => p.processState === 'done' || p.processState === 'failed');
  useEffect(() => {
    if (finished) settledRef.current();
  }, [finished, progress.dataUpdatedAt]);
  return byId;
}
