/** Pure logic of the terminal debugging page: log lines kept and filtered, ping statistics, ids. */
import type { DebugLogEntry, DebugLogLevel, DebugPingResult } from '@apm/contract';

/** Lines the page keeps (the oldest go first). */
export const MAX_VIEW_LINES = 2000;
/** Pings the statistics cover. */
export const PING_WINDOW = 10;

/** Lines kept after new ones arrive (`reset`: the server's buffer started over, so do we). */
export function mergeLines(
  kept: readonly DebugLogEntry[],
  incoming: readonly DebugLogEntry[],
  reset: boolean,
  max = MAX_VIEW_LINES,
): DebugLogEntry[] {
  const all = reset ? [...incoming] : [...kept, ...incoming];
  return all.length > max ? all.slice(all.length - max) : all;
}

/** What the log view shows: the levels ticked, and text containing the search (any case). */
export interface LineFilter {
  levels: readonly DebugLogLevel[];
  text: string;
}

/** The lines a filter keeps. */
export function filterLines(lines: readonly DebugLogEntry[], filter: LineFilter): DebugLogEntry[] {
  const needle = filter.text.trim().toLowerCase();
  return lines.filter(
    (l) => filter.levels.includes(l.level) && (!needle || l.text.toLowerCase().includes(needle)),
  );
}

/** The lines as a text file: one line each, time, level and text, tab-separated. */
export function linesAsText(lines: readonly DebugLogEntry[]): string {
  return (
    lines.map((l) => `${l.at}\t${l.level.toUpperCase()}\t${l.text.replace(/\r?\n/g, ' ')}`).join('\n') + '\n'
  );
}

/** A file name for a terminal's downloaded log. */
export function logFileName(terminalName: string, now: Date): string {
  const safe = terminalName.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'terminal';
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `${safe}-log-${stamp}.txt`;
}

/** Minimum, average and maximum of the answered pings among the last {@link PING_WINDOW}; null without any. */
export function pingStats(
  results: readonly DebugPingResult[],
): { min: number; avg: number; max: number; count: number } | null {
  const rtts = results
    .slice(-PING_WINDOW)
    .map((r) => r.rttMs)
    .filter((r): r is number => r !== null);
  if (rtts.length === 0) return null;
  const sum = rtts.reduce((a, b) => a + b, 0);
  return { min: Math.min(...rtts), avg: sum / rtts.length, max: Math.max(...rtts), count: rtts.length };
}

/** Milliseconds as the page shows them: one decimal under 10 ms, whole above. */
export function formatMs(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : String(Math.round(ms));
}

/** A random id naming this page among the consoles watching a stream. */
export function newWatcherId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `console-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
