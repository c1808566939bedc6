import type { FastifyBaseLogger } from 'fastify';
import type { LeaderElection, LeaderTask } from '../cluster/leader.js';
import { monthStart, partitionName, type PlayPartitions } from './play-partitions.js';

/** How often the job runs on the leader. */
const DAY_MS = 86_400_000;

/** What one run did: partitions dropped and created, by name. */
export interface RetentionRun {
  dropped: string[];
  created: string[];
}

/**
 * The daily proof-of-play job, run once for the cluster by the leader: drops the month partitions of
 * `play_events` older than the retention (the system setting `playEventsRetentionMonths`: the month
 * that many months before the current one is the oldest kept), and creates next month's partition
 * so that the first events of a month never wait for one. Hourly roll-ups, head counts and online
 * periods are kept.
 */
export class PlayRetention implements LeaderTask {
  private timer: NodeJS.Timeout | null = null;
  private unfollow: (() => void) | null = null;
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly partitions: PlayPartitions,
    private readonly retentionMonths: () => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs while this instance leads (at once, then daily). */
  follow(leader: LeaderElection, log: FastifyBaseLogger): void {
    this.log = log;
    this.unfollow = leader.whileLeader(this);
  }

  /** Stops following the leadership (and the timer). */
  detach(): void {
    this.unfollow?.();
    this.unfollow = null;
  }

  /** Whether the daily run is scheduled here (this instance leads). */
  get running(): boolean {
    return this.timer !== null;
  }

  start(): void {
    this.timer = setInterval(() => void this.safeRun(), DAY_MS).unref();
    void this.safeRun();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One run: drops what is past the retention, creates this month's and next month's partitions. */
  async run(): Promise<RetentionRun> {
    const now = new Date(this.now());
    const months = await this.retentionMonths();
    const oldestKept = monthStart(now, -months).getTime();
    const dropped: string[] = [];
    for (const p of await this.partitions.list()) {
      if (p.month.getTime() >= oldestKept) continue;
      await this.partitions.drop(p.name);
      dropped.push(p.name);
    }
    const existing = new Set((await this.partitions.list()).map((p) => p.name));
    const ahead = [monthStart(now), monthStart(now, 1)];
    await this.partitions.ensure(ahead);
    const created = ahead.map(partitionName).filter((name) => !existing.has(name));
    return { dropped, created };
  }

  private async safeRun(): Promise<void> {
    try {
      const { dropped, created } = await this.run();
      if (dropped.length || created.length)
        this.log?.info({ dropped, created }, 'proof-of-play partitions dropped and created');
    } catch (err) {
      this.log?.error({ err }, 'proof-of-play retention failed');
    }
  }
}
