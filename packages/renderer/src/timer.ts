/**
 * A timeout that can be paused and resumed: a scene's or an image's time counts only while the
 * renderer plays. `now` is injectable for tests.
 */
export class PausableTimeout {
  private handle: ReturnType<typeof setTimeout> | null = null;
  private remaining: number;
  private startedAt = 0;
  private finished = false;

  constructor(
    private readonly callback: () => void,
    delayMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.remaining = Math.max(0, delayMs);
  }

  get running(): boolean {
    return this.handle !== null;
  }

  /** Time left before it fires. */
  get left(): number {
    if (this.finished) return 0;
    return this.handle === null
      ? this.remaining
      : Math.max(0, this.remaining - (this.now() - this.startedAt));
  }

  /** Starts or resumes counting down; a no-op while running or after it fired or was cancelled. */
  resume(): void {
    if (this.handle !== null || this.finished) return;
    this.startedAt = this.now();
    this.handle = setTimeout(() => {
      this.handle = null;
      this.finished = true;
      this.callback();
    }, this.remaining);
  }

  /** Stops counting down, keeping the time left. */
  pause(): void {
    if (this.handle === null) return;
    clearTimeout(this.handle);
    this.handle = null;
    this.remaining = Math.max(0, this.remaining - (this.now() - this.startedAt));
  }

  /** Stops for good. */
  cancel(): void {
    if (this.handle !== null) clearTimeout(this.handle);
    this.handle = null;
    this.finished = true;
  }
}

/**
 * Counts time only while running, for proof of play: a stopped renderer (paused preview, a
 * terminal outside its power schedule) is not showing anything to anyone.
 */
export class Stopwatch {
  private total = 0;
  private since: number | null = null;
  /** When it first ran, or null when it never has. */
  startedAt: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  start(): void {
    if (this.since !== null) return;
    this.since = this.now();
    if (this.startedAt === null) this.startedAt = this.since;
  }

  pause(): void {
    if (this.since === null) return;
    this.total += this.now() - this.since;
    this.since = null;
  }

  /** Milliseconds run so far. */
  get elapsed(): number {
    return this.total + (this.since === null ? 0 : this.now() - this.since);
  }
}
