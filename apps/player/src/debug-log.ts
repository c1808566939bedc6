import { DEBUG_LOG_TEXT_MAX, type DebugLogLevel, type DebugLogLine } from '@apm/contract';

/** Lines the player keeps in memory (the oldest go first). */
export const DEBUG_LOG_CAPACITY = 500;

/** A random id of this start of the player: line numbers count from 0 again after a reload. */
export function newBootId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Text of anything logged: errors with their message, objects as JSON, cut to the line limit. */
export function logText(parts: readonly unknown[]): string {
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part instanceof Error) return `${part.name}: ${part.message}`;
      try {
        return JSON.stringify(part) ?? String(part);
      } catch {
        return String(part);
      }
    })
    .join(' ');
  return text.length > DEBUG_LOG_TEXT_MAX ? `${text.slice(0, DEBUG_LOG_TEXT_MAX - 1)}…` : text;
}

/**
 * The player's recent log: its own events (connection, manifest, downloads, commands, playback) and
 * the console's warnings and errors, in a bounded ring. Each line has a number counting up from 0
 * in this start of the player (`boot`), so that a stream can send on from the last line it sent.
 */
export class DebugLog {
  private readonly lines: DebugLogLine[] = [];
  private next = 0;
  private readonly listeners = new Set<(line: DebugLogLine) => void>();

  constructor(
    readonly boot: string = newBootId(),
    private readonly capacity = DEBUG_LOG_CAPACITY,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Adds a line (its text cut to the limit). */
  add(level: DebugLogLevel, ...parts: unknown[]): DebugLogLine {
    const line: DebugLogLine = {
      seq: this.next++,
      at: this.now().toISOString(),
      level,
      text: logText(parts),
    };
    this.lines.push(line);
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
    for (const listener of this.listeners) listener(line);
    return line;
  }

  info(...parts: unknown[]): void {
    this.add('info', ...parts);
  }

  warn(...parts: unknown[]): void {
    this.add('warn', ...parts);
  }

  error(...parts: unknown[]): void {
    this.add('error', ...parts);
  }

  /** Lines kept whose number is above `seq` (all for -1), oldest first. */
  after(seq: number): DebugLogLine[] {
    const at = this.lines.findIndex((l) => l.seq > seq);
    return at < 0 ? [] : this.lines.slice(at);
  }

  /** The number of the last line added (-1 before any). */
  get lastSeq(): number {
    return this.next - 1;
  }

  /** Calls `listener` with each line added from now on; answers the function that stops it. */
  subscribe(listener: (line: DebugLogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
