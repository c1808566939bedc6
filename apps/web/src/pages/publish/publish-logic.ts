/** Pure helpers of the publishing pages: trees, the publish window, delivery progress. */
import type { PublishDelivery, PublishMode, PublishOfficeNode, TerminalGroupNode } from '@apm/contract';

/** The publish settings chosen on the first step. */
export interface PublishSettings {
  mode: PublishMode;
  /** ISO 8601 bounds; both null: now, without end. */
  startAt: string | null;
  endAt: string | null;
}

/** A node of an antd tree (key `o<id>` for offices, `g<id>` for groups). */
export interface TreeNode {
  key: string;
  title: string;
  children: TreeNode[];
}

/** The program id of the address (`programId`), or null when it is not a positive integer. */
export function parseProgramId(raw: string | null): number | null {
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** The flat office list (parents first) as a tree; offices whose parent is not listed are roots. */
export function officeTree(nodes: readonly PublishOfficeNode[]): TreeNode[] {
  const byId = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const n of nodes) {
    const node: TreeNode = { key: `o${n.id}`, title: `${n.name} (${n.totalTerminalCount})`, children: [] };
    byId.set(n.id, node);
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The nested group list as a tree, with each group's own terminal count. */
export function groupTree(nodes: readonly TerminalGroupNode[]): TreeNode[] {
  return nodes.map((g) => ({
    key: `g${g.id}`,
    title: `${g.name} (${g.terminalCount})`,
    children: groupTree(g.children),
  }));
}

/** The id of a tree key (`o12` → office 12), or undefined when it is of the other kind. */
export function idOfKey(key: string | undefined, kind: 'o' | 'g'): number | undefined {
  return key?.startsWith(kind) ? Number(key.slice(1)) : undefined;
}

/** What is wrong with a window (message key), or null: the end after the start and in the future. */
export function windowProblem(
  startAt: string | null,
  endAt: string | null,
  now = Date.now(),
): 'endBeforeStart' | 'endPast' | null {
  if (startAt && endAt && Date.parse(endAt) <= Date.parse(startAt)) return 'endBeforeStart';
  if (endAt && Date.parse(endAt) <= now) return 'endPast';
  return null;
}

/** How far a terminal's download is, 0–100: by bytes when it reported sizes, else by files. */
export function deliveryPercent(
  row: Pick<PublishDelivery, 'receivedBytes' | 'totalBytes' | 'doneFiles' | 'totalFiles'>,
): number {
  if (row.totalBytes > 0) return Math.min(100, Math.floor((row.receivedBytes / row.totalBytes) * 100));
  if (row.totalFiles > 0) return Math.min(100, Math.floor((row.doneFiles / row.totalFiles) * 100));
  return 0;
}

/** Adds ids to a selection (no duplicates, order kept). */
export function mergeIds(selected: readonly number[], more: readonly number[]): number[] {
  return [...new Set([...selected, ...more])];
}
