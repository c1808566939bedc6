/**
 * Reconnection delays: exponential backoff with full jitter (a random delay between zero and
 * `min(cap, base * 2^attempt)`), so that thousands of terminals losing the same server do not
 * come back in lockstep. The attempt count resets once a connection has stayed up long enough.
 */
export interface BackoffOptions {
  /** Ceiling of the first attempt's delay, ms. */
  baseMs: number;
  /** Largest delay ever waited, ms. */
  capMs: number;
  /** A connection that stayed open this long counts as stable and resets the attempts, ms. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000, stableMs: 20_000 };

/** The delay before retry number `attempt` (0-based), given a random number in [0, 1). */
export function backoffDelay(attempt: number, options: BackoffOptions, random: number): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** exponent);
  return Math.floor(Math.min(Math.max(random, 0), 1 - Number.EPSILON) * ceiling);
}

/** Keeps the attempt count of one connection and hands out the delays to wait. */
export class Backoff {
  private attempt = 0;
  private openedAt: number | null = null;

  constructor(
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
    private readonly random: () => number = Math.random,
    private readonly now: () => number = Date.now,
  ) {}

  /** The connection opened. */
  opened(): void {
    this.openedAt = this.now();
  }

  /** The connection closed (or failed to open): answers how long to wait before the next try. */
  closed(): number {
    this.ended();
    const delay = backoffDelay(this.attempt, this.options, this.random());
    this.attempt += 1;
    return delay;
  }

  /**
   * The server closed the connection on purpose (it is draining) and named when to come back:
   * not a failure, so no attempt is counted (a connection that stayed up long enough still resets).
   */
  drained(): void {
    this.ended();
  }

  private ended(): void {
    if (this.openedAt !== null && this.now() - this.openedAt >= this.options.stableMs) this.attempt = 0;
    this.openedAt = null;
  }

  /** Attempts made since the last stable connection. */
  get attempts(): number {
    return this.attempt;
  }
}
