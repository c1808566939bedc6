/**
 * Screenshots the terminal uploads by itself, every so many minutes: the console's screen wall and
 * the screen-mismatch alarm (a blank or frozen screen) read them.
 */

/** The interval that applies: a strategy's when it sets one (above 0), else the terminal's own setting; 0: none. */
export function screenshotInterval(
  strategyMinutes: number | null | undefined,
  ownMinutes: number | null | undefined,
): number {
  if (strategyMinutes && strategyMinutes > 0) return strategyMinutes;
  return ownMinutes && ownMinutes > 0 ? ownMinutes : 0;
}

/**
 * Calls `shoot` every `minutes` (0: never). A new interval takes effect from the last shot (or from
 * when it was set, before the first), so changing it does not shoot at once; a failed shot is
 * `shoot`'s to report, and the next comes on time.
 */
export class ScreenshotTimer {
  private minutes = 0;
  private lastAt: number;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly shoot: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {
    this.lastAt = now();
  }

  /** The interval now in force, minutes. */
  get interval(): number {
    return this.minutes;
  }

  /** Sets the interval (the same one again changes nothing). */
  set(minutes: number): void {
    if (minutes === this.minutes) return;
    this.minutes = minutes;
    this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.minutes = 0;
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.minutes <= 0) return;
    const due = this.lastAt + this.minutes * 60_000;
    this.timer = setTimeout(() => void this.fire(), Math.max(0, due - this.now()));
  }

  private async fire(): Promise<void> {
    this.lastAt = this.now();
    this.arm();
    await this.shoot().catch(() => undefined);
  }
}
