/** The visible rows with their live status, asked for every {@link LIVE_REFRESH_SECONDS} seconds. */
import type { Terminal } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { findTerminalStatusArray } from '../../services/terminal';
import { LIVE_REFRESH_SECONDS, liveStatusIds, mergeLiveStatus } from './terminal-logic';
import { TERMINAL_KEY } from './use-terminal-office-tree';

/** Lays the live status (findTerminalStatusArray) of the claimed rows over them, refreshed in the background. */
export function useLiveRows(rows: readonly Terminal[]): Terminal[] {
  const ids = useMemo(() => liveStatusIds(rows), [rows]);
  const live = useQuery({
    queryKey: [...TERMINAL_KEY, 'live', ids],
    queryFn: ({ signal }) => findTerminalStatusArray(ids, signal),
    enabled: ids.length > 0,
    refetchInterval: LIVE_REFRESH_SECONDS * 1000,
  });
  return useMemo(() => mergeLiveStatus(rows, live.data ?? []), [rows, live.data]);
}
