/** Pure logic of the terminal monitor page: live status, groups, command delivery, pairing codes. */
import type {
  CommandDelivery,
  CommandDeliveryState,
  Terminal,
  TerminalGroupNode,
  TerminalHealth,
  TerminalLiveStatus,
  TerminalStatus,
} from '@apm/contract';

/** What the status column shows for a terminal: `late` is online with a heartbeat missed. */
export type TerminalPresence = 'pending' | 'online' | 'late' | 'offline';

/** A terminal row, graded by its live status when one was read. */
export type GradedTerminal = Terminal & { health?: TerminalHealth };

/** Seconds between live-status refreshes of the visible rows. */
export const LIVE_REFRESH_SECONDS = 10;

/** Whether a terminal waits to be claimed, or is online or offline. */
export function presenceOf(terminal: Pick<GradedTerminal, 'state' | 'online' | 'health'>): TerminalPresence {
  if (terminal.state === 'pending') return 'pending';
  if (!terminal.online) return 'offline';
  return terminal.health === 'late' ? 'late' : 'online';
}

/** The rows with the newer live status (online, last seen, status) laid over them. */
export function mergeLiveStatus(
  rows: readonly Terminal[],
  live: readonly TerminalLiveStatus[],
): GradedTerminal[] {
  if (!live.length) return [...rows];
  const byId = new Map(live.map((l) => [l.id, l]));
  return rows.map((row) => {
    const l = byId.get(row.id);
    return l
      ? { ...row, online: l.online, lastSeenAt: l.lastSeenAt, status: l.status, health: l.health }
      : row;
  });
}

/** Ids of the rows whose live status is worth asking for (claimed terminals; pending ones have none). */
export function liveStatusIds(rows: readonly Pick<Terminal, 'id' | 'state'>[]): number[] {
  return rows.filter((r) => r.state === 'claimed').map((r) => r.id);
}

/** What a terminal plays now: `program`/`message` with its name or id, or `idle`; null if unknown. */
export function playingNow(
  status: TerminalStatus | null,
): { kind: TerminalStatus['playing']['kind']; label: string } | null {
  if (!status) return null;
  const { kind, name, id } = status.playing;
  return { kind, label: name ?? (id !== undefined ? `#${id}` : '') };
}

/** Pairing code as typed (spaces, dashes, lower case) made canonical; null unless six letters/digits. */
export function normalizePairingCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{6}$/.test(code) ? code : null;
}

/** Every group of a tree, parents before children. */
export function flattenGroups(nodes: readonly TerminalGroupNode[]): TerminalGroupNode[] {
  return nodes.flatMap((n) => [n, ...flattenGroups(n.children)]);
}

/** The group with this id in a tree, if any. */
export function findGroup(nodes: readonly TerminalGroupNode[], id: number): TerminalGroupNode | undefined {
  return flattenGroups(nodes).find((g) => g.id === id);
}

/** Terminals in a group and all groups below it. */
export function groupTerminalTotal(node: TerminalGroupNode): number {
  return node.terminalCount + node.children.reduce((sum, c) => sum + groupTerminalTotal(c), 0);
}

/** Delivery states after which a command changes no more. */
const FINAL_STATES: ReadonlySet<CommandDeliveryState> = new Set(['acked', 'failed', 'expired']);

/** Whether a command has reached a final state. */
export function isSettled(state: CommandDeliveryState): boolean {
  return FINAL_STATES.has(state);
}

/** Commands per delivery state. */
export function countByState(
  deliveries: readonly Pick<CommandDelivery, 'state'>[],
): Record<CommandDeliveryState, number> {
  const counts: Record<CommandDeliveryState, number> = {
    queued: 0,
    sent: 0,
    acked: 0,
    failed: 0,
    expired: 0,
  };
  for (const d of deliveries) counts[d.state] += 1;
  return counts;
}

/** Whether every command of a batch is settled (nothing more to wait for). */
export function batchSettled(deliveries: readonly Pick<CommandDelivery, 'state'>[]): boolean {
  return deliveries.length > 0 && deliveries.every((d) => isSettled(d.state));
}

/** The screenshot id an acknowledged screenshot command carries in its result, else null. */
export function screenshotIdOf(delivery: Pick<CommandDelivery, 'name' | 'state' | 'result'>): number | null {
  if (delivery.name !== 'screenshot' || delivery.state !== 'acked') return null;
  const id = (delivery.result as Record<string, unknown> | null)?.screenshotId;
  const n = typeof id === 'string' ? Number(id) : id;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** Disk use as a share (0–100) of the total, or null when unknown. */
export function diskUsedPercent(status: TerminalStatus | null): number | null {
  const disk = status?.disk;
  if (!disk || disk.total <= 0) return null;
  return Math.round(((disk.total - disk.free) / disk.total) * 100);
}

/** How much of one material a terminal has downloaded, 0–100 (100 for an empty file). */
export function downloadPercent(item: { received: number; total: number }): number {
  if (item.total <= 0) return 100;
  return Math.min(100, Math.floor((item.received / item.total) * 100));
}

/** A loaded institution of the terminal tree, nested for antd Tree. */
export interface OfficeTreeItem<N extends { id: number; hasChildren: boolean }> {
  key: number;
  node: N;
  isLeaf: boolean;
  children?: OfficeTreeItem<N>[];
}

/** Nests the loaded children under the roots; a branch not loaded yet stays expandable. */
export function buildOfficeTree<N extends { id: number; hasChildren: boolean }>(
  roots: readonly N[],
  children: ReadonlyMap<number, readonly N[]>,
): OfficeTreeItem<N>[] {
  const item = (node: N): OfficeTreeItem<N> => {
    const kids = children.get(node.id);
    return {
      key: node.id,
      node,
      isLeaf: kids ? kids.length === 0 : !node.hasChildren,
      children: kids?.map(item),
    };
  };
  return roots.map(item);
}
