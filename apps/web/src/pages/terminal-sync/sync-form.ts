/** The sync group form's values and their conversion to and from the contract. Pure. */
import { SYNC_MIRROR_MIN, type SyncGroupDetail, type SyncGroupSaveBody, type SyncMode } from '@apm/contract';

/** A terminal chosen as a member. */
export interface ChosenTerminal {
  id: number;
  name: string;
}

/** What the sync group form holds; `tiles` maps `column,row` to the terminal shown there (walls). */
export interface SyncFormValues {
  name: string;
  mode: SyncMode;
  programId?: number;
  columns: number;
  rows: number;
  terminals: ChosenTerminal[];
  tiles: Record<string, number | undefined>;
}

/** The key of a tile. */
export const tileKey = (column: number, row: number) => `${column},${row}`;

/** The form's starting values: a group's, or a new wall of 2 × 1. */
export function formValuesOf(group: SyncGroupDetail | null): SyncFormValues {
  if (!group) return { name: '', mode: 'wall', columns: 2, rows: 1, terminals: [], tiles: {} };
  const tiles: Record<string, number> = {};
  if (group.mode === 'wall') for (const m of group.members) tiles[tileKey(m.column, m.row)] = m.terminalId;
  return {
    name: group.name,
    mode: group.mode,
    programId: group.programId ?? undefined,
    columns: group.columns,
    rows: group.rows,
    terminals: group.members.map((m) => ({ id: m.terminalId, name: m.name })),
    tiles,
  };
}

/**
 * The tiles kept after the grid or the chosen terminals changed: those inside the grid showing a
 * terminal still chosen; then chosen terminals without a tile fill the free tiles in reading order.
 */
export function fitTiles(
  tiles: SyncFormValues['tiles'],
  columns: number,
  rows: number,
  terminalIds: readonly number[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const chosen = new Set(terminalIds);
  for (const [key, id] of Object.entries(tiles)) {
    const [c, r] = key.split(',').map(Number);
    if (id !== undefined && chosen.has(id) && c! < columns && r! < rows) out[key] = id;
  }
  const placed = new Set(Object.values(out));
  const waiting = terminalIds.filter((id) => !placed.has(id));
  for (let r = 0; r < rows && waiting.length; r += 1)
    for (let c = 0; c < columns && waiting.length; c += 1)
      if (out[tileKey(c, r)] === undefined) out[tileKey(c, r)] = waiting.shift()!;
  return out;
}

/** What is wrong with the members before sending (the server checks the same), as a translation key, or null. */
export function membersProblem(values: SyncFormValues): {
  field: 'terminals' | 'tiles';
  key: 'mirrorMin' | 'wallMin' | 'unplaced' | 'twice';
  count?: number;
} | null {
  const ids = values.terminals.map((t) => t.id);
  if (values.mode === 'mirror')
    return ids.length < SYNC_MIRROR_MIN
      ? { field: 'terminals', key: 'mirrorMin', count: SYNC_MIRROR_MIN }
      : null;
  if (!ids.length) return { field: 'terminals', key: 'wallMin' };
  const placed = Object.entries(values.tiles).filter(([key, id]) => {
    const [c, r] = key.split(',').map(Number);
    return id !== undefined && c! < values.columns && r! < values.rows;
  });
  const shown = placed.map(([, id]) => id!);
  if (new Set(shown).size !== shown.length) return { field: 'tiles', key: 'twice' };
  const unplaced = ids.filter((id) => !shown.includes(id));
  return unplaced.length ? { field: 'tiles', key: 'unplaced', count: unplaced.length } : null;
}

/** The save body the form describes (a mirror's tiles are left out). */
export function bodyOf(values: SyncFormValues, id?: number): SyncGroupSaveBody {
  const base = { ...(id ? { id } : {}), name: values.name.trim(), programId: values.programId ?? 0 };
  if (values.mode === 'mirror')
    return { ...base, mode: 'mirror', members: values.terminals.map((t) => ({ terminalId: t.id })) };
  const members = Object.entries(values.tiles).flatMap(([key, terminalId]) => {
    const [column, row] = key.split(',').map(Number);
    return terminalId !== undefined && column! < values.columns && row! < values.rows
      ? [{ terminalId, column: column!, row: row! }]
      : [];
  });
  members.sort((a, b) => a.row - b.row || a.column - b.column);
  return { ...base, mode: 'wall', columns: values.columns, rows: values.rows, members };
}

/** The form field a server error's field belongs to (`members.2.column` → tiles), or null. */
export function formFieldOf(field: string): keyof SyncFormValues | null {
  if (field === 'name' || field === 'programId' || field === 'columns' || field === 'rows') return field;
  if (/^members\.\d+\.(column|row)$/.test(field)) return 'tiles';
  if (field === 'members' || /^members\.\d+/.test(field)) return 'terminals';
  return null;
}

/** A clock offset as the details show it: `+12 ms`, `−3.4 s`; `—` when unknown. */
export function formatOffset(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  const sign = ms < 0 ? '−' : '+';
  const abs = Math.abs(ms);
  return abs >= 1000 ? `${sign}${(abs / 1000).toFixed(1)} s` : `${sign}${Math.round(abs)} ms`;
}
