import { PeriodicLeaderTask } from '../cluster/periodic-task.js';
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
export class PlayRetention extends PeriodicLeaderTask<RetentionRun> {
  protected readonly failure = 'proof-of-play retention failed';

  constructor(
    private readonly partitions: PlayPartitions,
    private readonly retentionMonths: () => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {
    super(DAY_MS);
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

  protected report({ dropped, created }: RetentionRun): void {
    if (dropped.length || created.length)
      this.log?.info({ dropped, created }, 'proof-of-play partitions dropped and created');
  }
}
