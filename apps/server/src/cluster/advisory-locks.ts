import type { AppConfig } from '../config.js';
import { PgSession } from './pg-session.js';

/** Releases a held lock (again: nothing). */
export type Release = () => Promise<void>;

/** How a lock is waited for and held. */
export interface AcquireOptions {
  /** Stops waiting (the lock is not taken; the signal's reason is thrown). */
  signal?: AbortSignal;
  /** Longest wait, default 30 s; then {@link LockTimeout}. */
  timeoutMs?: number;
  /**
   * Called while the lock is held when someone else (here or on another instance) waits for it,
   * or when it was lost with the connection: the holder should finish soon and release it.
   */
  onRequestRelease?: () => void;
}

/** The lock was not free within the time-out. */
export class LockTimeout extends Error {
  constructor(key: string) {
    super(`lock ${key} not free in time`);
  }
}

/** Channel on which a waiter asks other instances' holders to release (payload: instance and key). */
const RELEASE_CHANNEL = 'apm_lock_release';

interface Holder {
  /** Taken in the database too (a holder waiting for it is not asked to release). */
  taken: boolean;
  requestRelease?: () => void;
  released: Promise<void>;
  resolve: () => void;
}

/**
 * Named mutual exclusion across the cluster. Within the process a map decides; on PostgreSQL the
 * holder then also takes a session advisory lock (key: hash of the name) on a dedicated connection,
 * trying again with a growing pause while another instance holds it. The server releases the locks
 * of a connection that ends, so the locks of an instance that dies are free again (at once when its
 * process is killed). A waiter asks the holder to release, here directly, elsewhere by NOTIFY.
 * Without `DATABASE_URL` (PGlite: one process) the map alone decides.
 */
export class AdvisoryLocks {
  private readonly held = new Map<string, Holder>();
  private readonly session: PgSession | null;

  constructor(private readonly config: Pick<AppConfig, 'databaseUrl' | 'instanceId'>) {
    this.session = config.databaseUrl
      ? new PgSession(config.databaseUrl, `apm:${config.instanceId}:locks`, [RELEASE_CHANNEL])
      : null;
    // Every lock taken on the connection went with it: the holders must stop relying on them.
    this.session?.onLost(() => this.askHolders(() => true));
    this.session?.onNotification((_channel, payload) => {
      const [from, key] = splitOnce(payload);
      if (from !== this.config.instanceId) this.askHolders((k) => k === key);
    });
  }

  /** Whether the locks hold across instances (PostgreSQL) rather than in this process only. */
  get shared(): boolean {
    return this.session !== null;
  }

  /** Waits for the lock `key` and takes it; answers its release. */
  async acquire(key: string, options: AcquireOptions = {}): Promise<Release> {
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    // Session locks are re-entrant: one holder per key in this process, whoever asks.
    for (let other = this.held.get(key); other; other = this.held.get(key)) {
      if (other.taken) other.requestRelease?.();
      await pause(other.released, deadline, key, options.signal);
    }
    let resolve!: () => void;
    const released = new Promise<void>((r) => (resolve = r));
    const holder: Holder = { taken: false, requestRelease: options.onRequestRelease, released, resolve };
    this.held.set(key, holder);
    const releaseHere = () => {
      if (this.held.get(key) === holder) this.held.delete(key);
      resolve();
    };
    try {
      if (this.session) await this.takeInDatabase(this.session, key, deadline, options.signal);
    } catch (err) {
      releaseHere();
      throw err;
    }
    holder.taken = true;
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await this.session
        ?.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName(key)])
        .catch(() => undefined);
      releaseHere();
    };
  }

  /** Closes the connection (releasing whatever it still holds). */
  close(): Promise<void> {
    return this.session?.close() ?? Promise.resolve();
  }

  private async takeInDatabase(session: PgSession, key: string, deadline: number, signal?: AbortSignal) {
    let wait = 10;
    for (let asked = false; ; asked = true) {
      const [row] = await session.query<{ taken: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken',
        [lockName(key)],
      );
      if (row?.taken) return;
      if (!asked) {
        await session.query('SELECT pg_notify($1, $2)', [
          RELEASE_CHANNEL,
          `${this.config.instanceId} ${key}`,
        ]);
      }
      wait = Math.min(wait * 2, 250);
      await pause(new Promise((r) => setTimeout(r, wait)), deadline, key, signal);
    }
  }

  private askHolders(match: (key: string) => boolean): void {
    for (const [key, holder] of this.held) if (holder.taken && match(key)) holder.requestRelease?.();
  }
}

/** The name hashed into an advisory lock key (apart from other users of advisory locks). */
const lockName = (key: string) => `apm:lock:${key}`;

function splitOnce(text: string): [string, string] {
  const at = text.indexOf(' ');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** Waits for `until`, failing at the deadline or when `signal` aborts. */
async function pause(until: Promise<unknown>, deadline: number, key: string, signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    await Promise.race([
      until,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new LockTimeout(key)), Math.max(0, deadline - Date.now()));
        onAbort = () => reject(signal!.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
