/** Pure helpers of the menu management page: sibling order, moves, parent choices. */
import type { MenuTreeNode } from '../../services/menu';

/** The entries below `parentKey` ('' or undefined: the top level), in order. */
export function siblingsOf(tree: readonly MenuTreeNode[], parentKey: string | undefined): MenuTreeNode[] {
  if (!parentKey) return [...tree];
  const parent = findNode(tree, parentKey);
  return parent ? [...parent.children] : [];
}

/** The node with `key`, anywhere in the tree. */
export function findNode(tree: readonly MenuTreeNode[], key: string): MenuTreeNode | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const below = findNode(node.children, key);
    if (below) return below;
  }
  return undefined;
}

/** Sibling keys after moving `key` one place up (-1) or down (+1); null when it cannot move. */
export function movedOrder(siblings: readonly { key: string }[], key: string, step: -1 | 1): string[] | null {
  const keys = siblings.map((s) => s.key);
  const at = keys.indexOf(key);
  const to = at + step;
  if (at < 0 || to < 0 || to >= keys.length) return null;
  [keys[at], keys[to]] = [keys[to]!, keys[at]!];
  return keys;
}

/** Keys of a node and everything below it. */
export function subtreeKeys(node: MenuTreeNode): Set<string> {
  const keys = new Set<string>([node.key]);
  const walk = (n: MenuTreeNode) => n.children.forEach((c) => (keys.add(c.key), walk(c)));
  walk(node);
  return keys;
}

/** A TreeSelect option. */
export interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** Parent choices: every entry, those in `excluded` (the edited entry and below it) disabled. */
export function parentOptions(
  tree: readonly MenuTreeNode[],
  label: (node: MenuTreeNode) => string,
  excluded: ReadonlySet<string>,
): ParentOption[] {
  return tree.map((node) => ({
    value: node.key,
    title: label(node),
    disabled: excluded.has(node.key),
    children: parentOptions(node.children, label, excluded),
  }));
}

/** Number of nodes in the tree. */
export function countNodes(tree: readonly MenuTreeNode[]): number {
  return tree.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}
