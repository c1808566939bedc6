import {
  heartbeatSecondsFor,
  terminalHealth,
  type TerminalLiveStatus,
  type TerminalMessage,
  type TerminalStatus,
} from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { StatusChange } from './command-status.js';
import type { PresenceDirectory, SharedLive } from './presence-directory.js';
import { LeaderPresenceSweep } from './presence-leader-sweep.js';
import { raiseMissedOfflineAlarms, raiseOfflineAlarms } from './offline-alarms.js';
import { closePeriodsNow, closeStalePeriods } from './online-periods.js';
import { endOfflineAlarms, writePresenceRows, type PresenceRow } from './presence-sql.js';
import { queryRows, Serial } from './sql.js';
import { StatusAlarmQueue } from './status-alarm-queue.js';
import { blankStatusAlarms, heartbeatAlarms, progressAlarms } from './status-alarms.js';
import type { StatusAlarmState } from './status-alarms.js';

/**
 * A heartbeat that changes nothing but the time is written at most this often: the console reads
 * live presence from memory; the table's `last_seen_at` is exact when the terminal goes offline.
 */
const SEEN_WRITE_MS = 60_000;

type ProgressItem = Extract<TerminalMessage, { type: 'progress' }>['items'][number];

interface Entry {
  online: boolean;
  /** Channels open to it on this instance (normally one). */
  connected: boolean;
  /** Last heartbeat or connect (ms); the sweep measures silence from `heardAt`. */
  lastSeenAt: number | null;
  heardAt: number;
  onlineSince: number | null;
  status: TerminalStatus | null;
  /**
   * The status without its clock: a heartbeat that changes nothing else is not written. Null when an
   * acknowledged command changed the status since it was written: the next heartbeat writes it.
   */
  statusKey: string | null;
  /** `lastSeenAt` as last written. */
  writtenSeenAt: number;
  downloads: Map<number, ProgressItem>;
  /** The terminal's clock minus ours when its last heartbeat arrived (ms); null before one. */
  clockSkewMs: number | null;
  alarms: StatusAlarmState;
  /** Changed since the last flush (online, status); a newer `lastSeenAt` alone waits for `SEEN_WRITE_MS`. */
  dirty: boolean;
  /** Online seconds to add to the row at the next flush. */
  addSeconds: number;
  /** Changed since its last write to the shared directory (scale-out mode). */
  shared: boolean;
  /** Its channel closed here: dropped after the next flush (scale-out mode; it may connect elsewhere). */
  released: boolean;
}

/** A terminal's live presence as the console reads it, with its clock skew. */
export type LivePresence = TerminalLiveStatus & { clockSkewMs: number | null };

/** Options of the presence service (the configuration gives the offline threshold). */
export interface PresenceOptions {
  offlineSeconds: number;
  /** The zone power schedules are read in for terminals and offices without one (the server's). */
  timeZone?: string;
  /** Milliseconds between flushes to the database. */
  flushMs?: number;
  /**
   * Scale-out mode: the presence the instances share (Redis), this instance's id, and whether it
   * leads (the leader's sweep raises offline alarms for every instance's terminals).
   */
  shared?: { directory: PresenceDirectory; instanceId: string; isLeader: () => boolean };
}

/**
 * What of a status is worth writing to the table when it changes: not the terminal's clock and the
 * figures measured anew at every heartbeat (clock estimate, lockstep error) — live status reads those
 * from memory, and writing them would make every heartbeat of every terminal a row to flush.
 */
function statusKeyOf(status: TerminalStatus): string {
  return JSON.stringify({ ...status, clock: undefined, clockSync: undefined, lockstep: undefined });
}

/**
 * Live presence of terminals, in memory: online, last seen, last status, download progress.
 * Written to `terminals` in batches (ONE statement per flush, every few seconds and on close).
 * A sweep turns terminals silent for `offlineSeconds` offline and raises an `offline` abnormal
 * alarm, which ends when the terminal comes back; heartbeats and progress reports raise and end
 * `diskFull` and `downloadFailed` alarms (see `status-alarms.ts`), written with the same batch.
 *
 * Scale-out mode (`options.shared`): an instance keeps the terminals whose channels it holds and
 * publishes them to the shared directory at each flush; the console reads the others' from there.
 * A closed channel is not this instance's business after its flush (the terminal may reconnect
 * anywhere): the leader's sweep of the directory marks silent terminals offline and raises their
 * alarms, also for those of an instance that died. Writes to `terminals` never put an older
 * `last_seen_at` over a newer one, so an instance that lost a terminal cannot undo another's connect.
 */
export class TerminalPresence {
  private readonly entries = new Map<number, Entry>();
  private readonly alarmsToRaise = new Set<number>();
  private readonly alarmsToEnd = new Set<number>();
  private readonly statusAlarms = new StatusAlarmQueue();
  /** Terminals whose open status alarms are read at the next flush (scale-out mode: they came from elsewhere). */
  private readonly alarmsToLoad = new Set<number>();
  /** Removed terminals whose open online period ends at the next flush. */
  private readonly periodsToClose = new Set<number>();
  private readonly serial = new Serial();
  /** Scale-out mode: the leader's sweep of the shared directory (it does nothing on other instances). */
  private readonly leaderSweep: LeaderPresenceSweep | null;
  private timers: NodeJS.Timeout[] = [];
  private log: FastifyBaseLogger | null = null;
  /** Called with the terminals the sweep found silent (the gateway closes their channels). */
  onSilent: (ids: number[]) => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly options: PresenceOptions,
  ) {
    const shared = options.shared;
    this.leaderSweep = shared
      ? new LeaderPresenceSweep(db, shared.directory, options.offlineSeconds, shared.isLeader, this.zone)
      : null;
  }

  private get zone(): string {
    return this.options.timeZone ?? 'UTC';
  }

  /**
   * Raises the offline alarms a power-off muted (or a stopped server missed) for terminals still
   * silent; in the scale-out mode only the leader does. Answers how many it raised.
   */
  async raiseMissedAlarms(now = Date.now()): Promise<number> {
    if (this.options.shared && !this.options.shared.isLeader()) return 0;
    const live = async (ids: number[]) =>
      new Set((await this.live(ids)).filter((l) => l.online).map((l) => l.id));
    // In the flushes' queue: a flush raising the same terminal's alarm never interleaves with it.
    return this.serial.run(() =>
      raiseMissedOfflineAlarms(this.db, this.options.offlineSeconds, live, this.zone, now),
    );
  }

  /** Scale-out mode: one sweep of the shared directory when this instance leads (see `LeaderPresenceSweep`). */
  sweepShared(now = Date.now()): Promise<number[]> {
    return this.leaderSweep?.run(now) ?? Promise.resolve([]);
  }

  /** Loads the presence kept in the database and starts the flush and sweep timers. */
  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    const flushMs = this.options.flushMs ?? 2000;
    await closeStalePeriods(this.db, { everyOpen: !this.options.shared });
    const sweepMs = Math.min(10_000, Math.max(200, (this.options.offlineSeconds * 1000) / 4));
    if (this.options.shared) {
      // What the database kept belongs to the cluster: the leader's sweep watches it (`sweepShared`).
      this.timers = [
        setInterval(() => void this.flush({ exact: false }).catch((err) => this.fail(err)), flushMs).unref(),
        setInterval(() => this.sweep(), sweepMs).unref(),
        setInterval(() => void this.sweepShared().catch((err) => this.fail(err)), sweepMs).unref(),
        this.missedAlarmsTimer(),
      ];
      return;
    }
    const rows = await queryRows<{ id: number; online: boolean; last_seen_at: string | Date | null }>(
      this.db,
      sql`SELECT id, online, last_seen_at FROM terminals WHERE last_seen_at IS NOT NULL`,
    );
    const now = Date.now();
    for (const row of rows) {
      if (this.entries.has(row.id)) continue;
      // Terminals online when the server stopped get a full offline period to reconnect.
      const lastSeenAt = row.last_seen_at ? new Date(row.last_seen_at).getTime() : null;
      this.entries.set(row.id, {
        ...this.blank(now),
        online: row.online,
        onlineSince: row.online ? now : null,
        lastSeenAt,
        writtenSeenAt: lastSeenAt ?? 0,
      });
    }
    for (const [id, state] of await this.statusAlarms.load(this.db)) {
      const entry = this.entries.get(id);
      if (entry) entry.alarms = state;
    }
    this.timers = [
      setInterval(() => void this.flush({ exact: false }).catch((err) => this.fail(err)), flushMs).unref(),
      setInterval(() => this.sweep(), sweepMs).unref(),
      this.missedAlarmsTimer(),
    ];
  }

  /** Checks for missed offline alarms once per offline period, every 10 s to every minute. */
  private missedAlarmsTimer(): NodeJS.Timeout {
    const every = Math.min(60_000, Math.max(10_000, this.options.offlineSeconds * 1000));
    return setInterval(() => void this.raiseMissedAlarms().catch((err) => this.fail(err)), every).unref();
  }

  /** Stops the timers and writes what is left. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.flush();
  }

  /** A channel of the terminal opened. */
  connected(id: number): void {
    const now = Date.now();
    // Scale-out mode: the alarms another instance raised for it are this instance's to end now.
    if (this.options.shared && !this.entries.has(id)) this.alarmsToLoad.add(id);
    const entry = this.entry(id, now);
    this.comeBack(id, entry, now);
    entry.connected = true;
    entry.released = false;
  }

  /** A heartbeat arrived with the terminal's status. */
  heartbeat(id: number, status: TerminalStatus): void {
    const now = Date.now();
    const entry = this.entry(id, now);
    this.comeBack(id, entry, now);
    entry.status = status;
    const clock = Date.parse(status.clock);
    entry.clockSkewMs = Number.isNaN(clock) ? null : clock - now;
    this.statusAlarms.add(id, heartbeatAlarms(entry.alarms, status, entry.clockSkewMs));
    const key = statusKeyOf(status);
    // A null key: a command changed the status since it was last written (`applied`).
    if (key !== entry.statusKey) {
      entry.statusKey = key;
      entry.dirty = true;
    }
  }

  /**
   * An acknowledged command changed part of the status (`command-status.ts`): the last status
   * says so until the next heartbeat; nothing before the first one (there is no status to change).
   */
  applied(id: number, change: StatusChange): void {
    const entry = this.entries.get(id);
    if (!entry?.status) return;
    const status = entry.status;
    if (Object.entries(change).every(([field, value]) => status[field as keyof StatusChange] === value))
      return;
    entry.status = { ...status, ...change };
    // Live status (this instance, and the shared directory for the others) shows it now. The table
    // gets it with the next heartbeat's write, a few seconds on: a volume command to a whole fleet
    // acks in one burst, and a row update per terminal then would compete with the command's own writes.
    entry.shared = true;
    entry.statusKey = null;
  }

  /** Download progress the terminal reported. */
  progress(id: number, items: readonly ProgressItem[]): void {
    const entry = this.entry(id, Date.now());
    for (const item of items) entry.downloads.set(item.materialId, item);
    this.statusAlarms.add(id, progressAlarms(entry.alarms, items));
  }

  /** The terminal's channel closed: offline now; the alarm waits for `offlineSeconds` of silence. */
  disconnected(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.connected = false;
    this.goOffline(entry);
    if (this.options.shared) entry.released = true;
  }

  /**
   * The channel was handed on (this instance drains): forgotten here without going offline; it
   * reconnects to another instance, and the leader's sweep raises its alarm if it never does.
   */
  handedOff(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.connected = false;
    if (this.options.shared) entry.released = true;
    else this.goOffline(entry);
  }

  /** Forgets a removed terminal. */
  forget(id: number): void {
    this.entries.delete(id);
    this.alarmsToRaise.delete(id);
    this.statusAlarms.forget(id);
    this.periodsToClose.add(id);
    void this.options.shared?.directory.forget([id]).catch((err) => this.fail(err));
  }

  /** Whether the terminal is online now. */
  isOnline(id: number): boolean {
    return this.entries.get(id)?.online ?? false;
  }

  /** How many of these terminals are online. */
  onlineCount(ids: Iterable<number>): number {
    let count = 0;
    for (const id of ids) if (this.entries.get(id)?.online) count++;
    return count;
  }

  /** Live state of these terminals (never seen: offline, no status). */
  async liveStatus(ids: readonly number[]): Promise<TerminalLiveStatus[]> {
    return (await this.live(ids)).map(({ clockSkewMs: _skew, ...live }) => live);
  }

  /**
   * Live state of these terminals with their clock skew: from this instance where it holds the
   * channel, otherwise (scale-out mode) from the shared directory, where a record whose writer has
   * been silent past the offline threshold counts as offline.
   */
  async live(ids: readonly number[]): Promise<LivePresence[]> {
    const shared = this.options.shared;
    const elsewhere = shared ? ids.filter((id) => !this.entries.get(id)?.connected) : [];
    const records = elsewhere.length
      ? await shared!.directory.read(elsewhere)
      : new Map<number, SharedLive>();
    const now = Date.now();
    const limit = now - this.options.offlineSeconds * 1000;
    const beat = heartbeatSecondsFor(this.options.offlineSeconds);
    return ids.map((id) => {
      const record = records.get(id);
      if (record) {
        const online = record.online && record.seenAt > limit;
        return {
          id,
          online,
          health: terminalHealth(online, record.seenAt, now, beat),
          lastSeenAt: new Date(record.seenAt).toISOString(),
          status: record.status,
          downloads: record.downloads,
          clockSkewMs: record.clockSkewMs,
        };
      }
      const entry = this.entries.get(id);
      return {
        id,
        online: entry?.online ?? false,
        health: terminalHealth(entry?.online ?? false, entry?.lastSeenAt ?? null, now, beat),
        lastSeenAt: entry?.lastSeenAt ? new Date(entry.lastSeenAt).toISOString() : null,
        status: entry?.status ?? null,
        downloads: entry ? [...entry.downloads.values()] : [],
        clockSkewMs: entry?.clockSkewMs ?? null,
      };
    });
  }

  /** The terminal's clock minus ours at its last heartbeat, in ms (null before one). */
  clockSkewMs(id: number): number | null {
    return this.entries.get(id)?.clockSkewMs ?? null;
  }

  /** Turns terminals silent for `offlineSeconds` offline and queues their alarms; answers their ids. */
  sweep(now = Date.now()): number[] {
    const limit = now - this.options.offlineSeconds * 1000;
    const silent: number[] = [];
    for (const [id, entry] of this.entries) {
      if (entry.heardAt > limit || this.alarmsToRaise.has(id) || entry.heardAt === 0) continue;
      if (entry.online) this.goOffline(entry);
      // Scale-out mode: the leader's sweep of the directory raises the alarm, once for the cluster.
      if (this.options.shared) entry.released = true;
      else this.alarmsToRaise.add(id);
      // Raised once per silence: `heardAt` 0 marks it until the terminal is heard from again.
      entry.heardAt = 0;
      silent.push(id);
    }
    if (silent.length) this.onSilent(silent);
    return silent;
  }

  /**
   * Writes the buffered presence and alarms: one statement each, whatever the number of terminals.
   * `exact` (the default) writes every newer `lastSeenAt`; the timer writes those only every minute.
   */
  flush({ exact = true }: { exact?: boolean } = {}): Promise<void> {
    return this.serial.run(async () => {
      const rows: PresenceRow[] = [];
      const due = exact ? 1 : SEEN_WRITE_MS;
      for (const [id, e] of this.entries) {
        const seen = e.lastSeenAt !== null && e.lastSeenAt - e.writtenSeenAt >= due;
        if (!e.dirty && !seen) continue;
        e.dirty = false;
        e.writtenSeenAt = e.lastSeenAt ?? 0;
        rows.push({
          id,
          online: e.online,
          last_seen_at: e.lastSeenAt ? new Date(e.lastSeenAt).toISOString() : null,
          online_since: e.onlineSince ? new Date(e.onlineSince).toISOString() : null,
          status: e.status,
          app_version: e.status?.appVersion ?? null,
          resolution: e.status?.resolution ?? null,
          add_seconds: e.addSeconds,
        });
        e.addSeconds = 0;
      }
      const ending = [...this.alarmsToEnd];
      this.alarmsToEnd.clear();
      const raising = [...this.alarmsToRaise];
      this.alarmsToRaise.clear();
      await writePresenceRows(this.db, rows);
      const removed = [...this.periodsToClose];
      this.periodsToClose.clear();
      await closePeriodsNow(this.db, removed);
      await endOfflineAlarms(this.db, ending);
      await raiseOfflineAlarms(this.db, raising, this.zone);
      await this.loadStatusAlarms();
      await this.statusAlarms.flush(this.db);
      await this.flushShared();
    });
  }

  /** Merges the open status alarms of terminals that came from another instance into their rules' state. */
  private async loadStatusAlarms(): Promise<void> {
    if (this.alarmsToLoad.size === 0) return;
    const ids = [...this.alarmsToLoad];
    this.alarmsToLoad.clear();
    for (const [id, state] of await this.statusAlarms.load(this.db, ids)) {
      const alarms = this.entries.get(id)?.alarms;
      if (!alarms) continue;
      alarms.diskFull ||= state.diskFull;
      alarms.playError ||= state.playError;
      alarms.clockDrift ||= state.clockDrift;
      for (const materialId of state.failed) alarms.failed.add(materialId);
    }
  }

  /** Scale-out mode: publishes what changed to the directory, then drops the channels that closed here. */
  private async flushShared(): Promise<void> {
    const shared = this.options.shared;
    if (!shared) return;
    const records: { id: number; live: SharedLive }[] = [];
    const released: number[] = [];
    for (const [id, e] of this.entries) {
      if (e.shared && e.lastSeenAt !== null) {
        e.shared = false;
        records.push({
          id,
          live: {
            online: e.online,
            seenAt: e.lastSeenAt,
            status: e.status,
            downloads: [...e.downloads.values()],
            clockSkewMs: e.clockSkewMs,
            instance: shared.instanceId,
          },
        });
      }
      if (e.released) released.push(id);
    }
    await shared.directory.write(records);
    for (const id of released) if (this.entries.get(id)?.released) this.entries.delete(id);
  }

  private blank(now: number): Entry {
    return {
      online: false,
      connected: false,
      lastSeenAt: null,
      heardAt: now,
      onlineSince: null,
      status: null,
      statusKey: '',
      writtenSeenAt: 0,
      downloads: new Map(),
      clockSkewMs: null,
      alarms: blankStatusAlarms(),
      dirty: false,
      addSeconds: 0,
      shared: false,
      released: false,
    };
  }

  private entry(id: number, now: number): Entry {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = this.blank(now);
      this.entries.set(id, entry);
    }
    entry.lastSeenAt = now;
    entry.shared = true;
    return entry;
  }

  /** Heard from: online again (ending its offline alarm) when it was not. */
  private comeBack(id: number, entry: Entry, now: number): void {
    if (entry.heardAt === 0 || !entry.online) {
      this.alarmsToRaise.delete(id);
      this.alarmsToEnd.add(id);
    }
    entry.heardAt = now;
    if (!entry.online) {
      entry.online = true;
      entry.onlineSince = now;
      entry.dirty = true;
    }
  }

  private goOffline(entry: Entry): void {
    if (!entry.online) return;
    const until = entry.lastSeenAt ?? Date.now();
    if (entry.onlineSince) entry.addSeconds += Math.max(0, Math.round((until - entry.onlineSince) / 1000));
    entry.online = false;
    entry.onlineSince = null;
    entry.dirty = true;
    entry.shared = true;
  }

  private fail(err: unknown): void {
    this.log?.error({ err }, 'terminal presence flush failed');
  }
}
