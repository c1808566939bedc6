import {
  DEBUG_ERROR_KINDS,
  DEBUG_ERROR_TEXT_MAX,
  DEBUG_ERRORS_MAX,
  type DebugError,
  type DebugErrorKind,
} from '@apm/contract';

/** Where the error store keeps itself (localStorage in the player). */
export interface ErrorStoreBackend {
  read(): string | null;
  write(value: string): void;
}

const isError = (value: unknown): value is DebugError => {
  const e = value as Partial<DebugError> | null;
  return (
    typeof e?.at === 'string' &&
    typeof e.message === 'string' &&
    (DEBUG_ERROR_KINDS as readonly string[]).includes(e.kind as string)
  );
};

/**
 * The player's last errors (window errors, unhandled rejections, media errors, failed commands and
 * downloads, console errors), oldest first, kept across reloads: a terminal that reloaded after a
 * crash still tells what went wrong before.
 */
export class DebugErrorStore {
  private errors: DebugError[];

  constructor(
    private readonly backend: ErrorStoreBackend,
    private readonly capacity = DEBUG_ERRORS_MAX,
    private readonly now: () => Date = () => new Date(),
  ) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(backend.read() ?? '[]');
    } catch {
      parsed = null;
    }
    this.errors = Array.isArray(parsed) ? parsed.filter(isError).slice(-capacity) : [];
  }

  /** Records an error (its message cut to the limit); the oldest are forgotten past the capacity. */
  add(kind: DebugErrorKind, message: string): DebugError {
    const text =
      message.length > DEBUG_ERROR_TEXT_MAX ? `${message.slice(0, DEBUG_ERROR_TEXT_MAX - 1)}…` : message;
    const error: DebugError = { at: this.now().toISOString(), kind, message: text };
    this.errors = [...this.errors, error].slice(-this.capacity);
    try {
      this.backend.write(JSON.stringify(this.errors));
    } catch {
      // A full or unavailable store must not throw from an error handler; the error is still kept in memory.
    }
    return error;
  }

  /** The errors kept, oldest first. */
  list(): DebugError[] {
    return [...this.errors];
  }
}
