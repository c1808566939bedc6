import type { AppConfig } from '../config.js';
import { PgSession } from './pg-session.js';

/** How often a follower tries to become leader, and the leader checks its connection. */
export const LEADER_POLL_MS = 5000;

/** Name of the advisory lock the leader holds (hashed into the bigint key space). */
export const LEADER_LOCK = 'apm:leader';

/** The log calls of the election. */
type LeaderLog = Record<'info' | 'warn', (obj: object, msg?: string) => void>;

/** Work that runs only on the leader: started when this instance becomes leader, stopped when it stops being. */
export interface LeaderTask {
  start(): void;
  stop(): void;
}

/**
 * Which instance runs the cluster's singletons (sweeps, periodic checks). On PostgreSQL the leader
 * is whoever holds a session advisory lock on a dedicated connection: followers try to take it
 * every {@link LEADER_POLL_MS}; the leader pings its connection as often and steps down when it
 * breaks. The server releases the lock of a dead leader's connection (at once when the process is
 * killed, within about 20 s when its host vanishes), so another instance takes over well within
 * 30 s. Without `DATABASE_URL` (PGlite: one process) this instance is always the leader.
 */
export class LeaderElection {
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private log: LeaderLog = { info: () => {}, warn: () => {} };
  private readonly session: PgSession | null;
  private readonly listeners = new Set<(leader: boolean) => void>();

  constructor(
    config: Pick<AppConfig, 'databaseUrl' | 'instanceId'>,
    private readonly pollMs = LEADER_POLL_MS,
  ) {
    this.session = config.databaseUrl
      ? new PgSession(config.databaseUrl, `apm:${config.instanceId}:leader`)
      : null;
    this.session?.onLost(() => this.set(false));
  }

  /** Whether this instance is the leader now. */
  isLeader(): boolean {
    return this.leader;
  }

  /** Calls `listener` on every change of leadership (not for the current state); answers an unsubscribe. */
  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `task` while this instance leads (started now if it does); answers a function that stops it for good. */
  whileLeader(task: LeaderTask): () => void {
    let running = false;
    const apply = (leader: boolean) => {
      if (leader === running) return;
      running = leader;
      if (leader) task.start();
      else task.stop();
    };
    apply(this.leader);
    const off = this.onChange(apply);
    return () => {
      off();
      apply(false);
    };
  }

  /** Takes part in the election (the first attempt is awaited). */
  async start(log?: LeaderLog): Promise<void> {
    if (log) this.log = log;
    if (!this.session) return this.set(true);
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs).unref();
    await this.tick();
  }

  /** Leaves the election: leadership (and its lock, with the connection) is released. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    this.set(false);
    await this.session?.close();
  }

  private tick(): Promise<void> {
    this.ticking ??= this.attempt().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async attempt(): Promise<void> {
    const session = this.session!;
    try {
      if (this.leader) {
        await session.query('SELECT 1');
        return;
      }
      const [row] = await session.query<{ taken: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken',
        [LEADER_LOCK],
      );
      // The connection may have broken while the answer was on its way: its lock went with it.
      if (row?.taken && session.connected && this.timer) this.set(true);
    } catch (err) {
      this.log.warn({ err }, 'leader election: database connection failed');
      session.reset();
    }
  }

  private set(leader: boolean): void {
    if (leader === this.leader) return;
    this.leader = leader;
    this.log.info({ leader }, leader ? 'this instance leads the cluster' : 'this instance stopped leading');
    for (const listener of this.listeners) {
      try {
        listener(leader);
      } catch (err) {
        this.log.warn({ err }, 'leader election: a listener failed');
      }
    }
  }
}
