import type { FastifyBaseLogger } from 'fastify';
import type { LeaderElection, LeaderTask } from './leader.js';

/**
 * A job the cluster runs once, on its leader: at once when this instance starts leading, then every
 * `everyMs` until it steps down. A run still going when the next is due makes that one skip, and a
 * failed run is logged, never thrown: the next tick tries again.
 */
export abstract class PeriodicLeaderTask<Result> implements LeaderTask {
  private timer: NodeJS.Timeout | null = null;
  private unfollow: (() => void) | null = null;
  private busy = false;
  /** The server's logger, once {@link follow} is called. */
  protected log: FastifyBaseLogger | null = null;

  constructor(private readonly everyMs: number) {}

  /** One run of the job. */
  abstract run(): Promise<Result>;

  /** Logs what a successful run did (when it did something worth a line). */
  protected abstract report(result: Result): void;

  /** The log line of a failed run. */
  protected abstract readonly failure: string;

  /** Runs while this instance leads. */
  follow(leader: LeaderElection, log: FastifyBaseLogger): void {
    this.log = log;
    this.unfollow = leader.whileLeader(this);
  }

  /** Stops following the leadership (and the timer). */
  detach(): void {
    this.unfollow?.();
    this.unfollow = null;
  }

  /** Whether the job is scheduled here (this instance leads). */
  get running(): boolean {
    return this.timer !== null;
  }

  start(): void {
    this.timer = setInterval(() => void this.safeRun(), this.everyMs).unref();
    void this.safeRun();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async safeRun(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      this.report(await this.run());
    } catch (err) {
      this.log?.error({ err }, this.failure);
    } finally {
      this.busy = false;
    }
  }
}
