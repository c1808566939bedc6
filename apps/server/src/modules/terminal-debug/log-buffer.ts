import type { DebugLogEntry, DebugLogLine } from '@apm/contract';

/** Streamed lines the server keeps per terminal (the oldest go first). */
export const LOG_BUFFER_CAPACITY = 500;
/** Most lines one read answers. */
export const LOG_PAGE_MAX = 500;

/**
 * A terminal's streamed log on the server. `id` names this buffer (a cursor of another one starts
 * over), `next` numbers the next line; `boot`/`seq` is the last line taken, so that lines a terminal
 * sends again (its backlog when a stream restarts, or after a reconnect) are not kept twice.
 */
export interface LogBuffer {
  id: string;
  next: number;
  boot: string | null;
  seq: number;
  lines: DebugLogEntry[];
}

/** What a read answers. */
export interface LogSlice {
  lines: DebugLogEntry[];
  cursor: string;
  reset: boolean;
}

/** A buffer with nothing in it yet. */
export const emptyBuffer = (id: string): LogBuffer => ({ id, next: 1, boot: null, seq: -1, lines: [] });

/** Adds lines of a player start (`boot`), skipping those already taken, and keeps the newest. */
export function appendLines(buffer: LogBuffer, boot: string, lines: readonly DebugLogLine[]): number {
  let added = 0;
  for (const line of [...lines].sort((a, b) => a.seq - b.seq)) {
    if (buffer.boot === boot && line.seq <= buffer.seq) continue;
    buffer.boot = boot;
    buffer.seq = line.seq;
    buffer.lines.push({ ...line, boot, n: buffer.next++ });
    added++;
  }
  if (buffer.lines.length > LOG_BUFFER_CAPACITY)
    buffer.lines.splice(0, buffer.lines.length - LOG_BUFFER_CAPACITY);
  return added;
}

/** `<buffer id>.<line number>`: what the console passes back to read on. */
export const CURSOR_PATTERN = '^[0-9a-f]{1,32}\\.[0-9]{1,15}$';

/**
 * The lines after `cursor` (all when it is absent or names another buffer: `reset`), at most
 * {@link LOG_PAGE_MAX}, and the cursor after them.
 */
export function linesAfter(buffer: LogBuffer | null, cursor: string | undefined): LogSlice {
  if (!buffer) return { lines: [], cursor: cursor ?? '', reset: false };
  const [id, n] = cursor ? cursor.split('.') : [undefined, undefined];
  const same = id === buffer.id;
  const after = same ? Number(n) : 0;
  const lines = buffer.lines.filter((l) => l.n > after).slice(0, LOG_PAGE_MAX);
  const last = lines.at(-1)?.n ?? (same ? after : 0);
  return { lines, cursor: `${buffer.id}.${last}`, reset: cursor !== undefined && cursor !== '' && !same };
}
