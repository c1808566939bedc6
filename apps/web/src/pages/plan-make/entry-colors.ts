import type { PlanEntry } from '@apm/contract';

/** Colours entries take on the list and the week grid, by position (they repeat after ten). */
export const ENTRY_COLORS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#722ed1',
  '#eb2f96',
  '#13c2c2',
  '#a0d911',
  '#fa541c',
  '#2f54eb',
  '#faad14',
] as const;

/** Colour of each entry id. */
export function entryColors(entries: readonly PlanEntry[]): Map<string, string> {
  return new Map(entries.map((e, i) => [e.id, ENTRY_COLORS[i % ENTRY_COLORS.length]!]));
}
