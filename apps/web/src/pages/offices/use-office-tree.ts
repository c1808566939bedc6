/** State of the lazily loaded institution tree: loaded nodes by parent, loading, refreshing. */
import type { OfficeNode } from '@apm/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getOfficeChildren, getOfficeTree } from '../../services/office';

/** A tree node as antd Tree takes it. */
export interface OfficeTreeItem {
  key: number;
  title: string;
  isLeaf: boolean;
  node: OfficeNode;
  children?: OfficeTreeItem[];
}

/** What {@link useOfficeTree} answers. */
export interface OfficeTreeState {
  treeData: OfficeTreeItem[];
  loading: boolean;
  /** Loads (or reloads) the children of an office. */
  loadChildren(id: number): Promise<void>;
  /** Reloads the roots and every branch loaded so far. */
  reload(): Promise<void>;
  /** The loaded node with this id, if any. */
  nodeOf(id: number): OfficeNode | undefined;
}

/** Builds nested antd tree data from the loaded roots and child lists. */
export function buildTree(
  roots: OfficeNode[],
  children: ReadonlyMap<number, OfficeNode[]>,
): OfficeTreeItem[] {
  const item = (node: OfficeNode): OfficeTreeItem => {
    const kids = children.get(node.id);
    return {
      key: node.id,
      title: node.name,
      node,
      isLeaf: kids ? kids.length === 0 : !node.hasChildren,
      children: kids?.map(item),
    };
  };
  return roots.map(item);
}

/** The institution tree, with children loaded on demand. */
export function useOfficeTree(): OfficeTreeState {
  const [roots, setRoots] = useState<OfficeNode[]>([]);
  const [children, setChildren] = useState<Map<number, OfficeNode[]>>(new Map());
  const [loading, setLoading] = useState(true);

  const loadChildren = useCallback(async (id: number) => {
    const list = await getOfficeChildren(id);
    setChildren((prev) => new Map(prev).set(id, list));
  }, []);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const fresh = await getOfficeTree();
      // Reload the branches that were open and still exist, top-down (no calls for removed ones).
      const next = new Map<number, OfficeNode[]>();
      let level = fresh;
      while (level.length) {
        const open = level.filter((n) => children.has(n.id));
        const lists = await Promise.all(open.map((n) => getOfficeChildren(n.id)));
        open.forEach((n, i) => next.set(n.id, lists[i]!));
        level = lists.flat();
      }
      setRoots(fresh);
      setChildren(next);
    } finally {
      setLoading(false);
    }
  }, [children]);

  useEffect(() => {
    let live = true;
    getOfficeTree()
      .then((fresh) => live && setRoots(fresh))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const treeData = useMemo(() => buildTree(roots, children), [roots, children]);
  const nodeOf = useCallback(
    (id: number) => roots.find((r) => r.id === id) ?? [...children.values()].flat().find((n) => n.id === id),
    [roots, children],
  );
  return { treeData, loading, loadChildren, reload, nodeOf };
}
