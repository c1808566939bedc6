/** The institution tree with terminal counts, children loaded on expansion, refreshed with the list. */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { getTerminalOfficeTree, type TerminalOfficeNode } from '../../services/terminal';
import { buildOfficeTree, type OfficeTreeItem } from './terminal-logic';

/** Query key head of the terminal page's data (invalidated after every change). */
export const TERMINAL_KEY = ['terminal'] as const;
const treeKey = (parentId: number | null) => [...TERMINAL_KEY, 'officeTree', parentId] as const;

/** What {@link useTerminalOfficeTree} answers. */
export interface TerminalOfficeTree {
  items: OfficeTreeItem<TerminalOfficeNode>[];
  loading: boolean;
  /** Loads the children of an institution (antd Tree `loadData`). */
  loadChildren(id: number): Promise<void>;
  /** The loaded node with this id, if any. */
  nodeOf(id: number): TerminalOfficeNode | undefined;
}

/** The caller's visible institutions with claimed-terminal counts (GET treeDataNew). */
export function useTerminalOfficeTree(): TerminalOfficeTree {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<number[]>([]);
  const roots = useQuery({
    queryKey: treeKey(null),
    queryFn: ({ signal }) => getTerminalOfficeTree(undefined, signal),
  });
  // Children by parent id; `combine` keeps the map stable while no branch changed.
  const combine = useCallback(
    (results: { data?: TerminalOfficeNode[] }[]) => {
      const map = new Map<number, TerminalOfficeNode[]>();
      results.forEach((r, i) => r.data && map.set(opened[i]!, r.data));
      return map;
    },
    [opened],
  );
  const children = useQueries({
    queries: opened.map((id) => ({
      queryKey: treeKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getTerminalOfficeTree(id, signal),
    })),
    combine,
  });

  const loadChildren = useCallback(
    async (id: number) => {
      await queryClient.fetchQuery({
        queryKey: treeKey(id),
        queryFn: ({ signal }) => getTerminalOfficeTree(id, signal),
      });
      setOpened((o) => (o.includes(id) ? o : [...o, id]));
    },
    [queryClient],
  );

  const items = useMemo(() => buildOfficeTree(roots.data ?? [], children), [roots.data, children]);
  const nodeOf = useCallback(
    (id: number) =>
      (roots.data ?? []).find((r) => r.id === id) ?? [...children.values()].flat().find((n) => n.id === id),
    [roots.data, children],
  );
  return { items, loading: roots.isLoading, loadChildren, nodeOf };
}
