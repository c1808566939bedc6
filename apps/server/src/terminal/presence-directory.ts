import type { TerminalLiveStatus, TerminalStatus } from '@apm/contract';
import type { Redis } from 'ioredis';

/** What one instance publishes about a terminal whose channel it holds. */
export interface SharedLive {
  online: boolean;
  /** Last heartbeat or connect, ms since the epoch: newer records win. */
  seenAt: number;
  status: TerminalStatus | null;
  downloads: TerminalLiveStatus['downloads'];
  clockSkewMs: number | null;
  /** The instance that holds (or last held) its channel. */
  instance: string;
}

/** Records per script call: a flush of 100,000 terminals goes in a hundred calls, none blocking Redis long. */
const WRITE_SLICE = 1000;

// A record is stored as 'seenAt|online|json' (online 1 or 0; the JSON holds the rest), so that the
// scripts compare and flip without parsing JSON.
// KEYS: live hash, watch zset. ARGV: id, seenAt, 'online|json', id, seenAt, 'online|json', ...
// A record older than the one stored is dropped (a slow instance cannot undo a newer connect
// elsewhere). Every written terminal is watched (by its seenAt) until the leader's sweep has
// raised its offline alarm.
const WRITE_SCRIPT = `
for i = 1, #ARGV, 3 do
  local id, seen = ARGV[i], tonumber(ARGV[i + 1])
  local current = redis.call('HGET', KEYS[1], id)
  local stored = current and tonumber(string.match(current, '^(%d+)|')) or -1
  if seen >= stored then
    redis.call('HSET', KEYS[1], id, ARGV[i + 1] .. '|' .. ARGV[i + 2])
    redis.call('ZADD', KEYS[2], seen, id)
  end
end
return 0`;

// KEYS: live hash, watch zset. ARGV: limit (ms), max. Terminals silent since before the limit:
// marked offline, no longer watched; answers their ids.
const SWEEP_SCRIPT = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(ids) do
  redis.call('ZREM', KEYS[2], id)
  local current = redis.call('HGET', KEYS[1], id)
  if current then
    local seen, online, rest = string.match(current, '^(%d+)|(%d)|(.*)$')
    if online == '1' then redis.call('HSET', KEYS[1], id, seen .. '|0|' .. rest) end
  end
end
return ids`;

/**
 * Live presence shared by the instances of the scale-out mode, in Redis: each instance writes the
 * terminals whose channels it holds (a hash of records, newest `seenAt` wins) and reads the others'
 * when the console asks. A sorted set watches every terminal by its last `seenAt`; the leader's
 * sweep takes the silent ones from it (offline alarms are raised once, by the leader), including
 * those of an instance that died with their channels.
 */
export class PresenceDirectory {
  private readonly liveKey: string;
  private readonly watchKey: string;

  constructor(
    private readonly redis: Redis,
    key: (name: string) => string,
  ) {
    this.liveKey = key('presence:live');
    this.watchKey = key('presence:watch');
  }

  /** Publishes records (older ones than stored are dropped, by `seenAt`). */
  async write(records: readonly { id: number; live: SharedLive }[]): Promise<void> {
    for (let at = 0; at < records.length; at += WRITE_SLICE) {
      const args: (string | number)[] = [];
      for (const { id, live } of records.slice(at, at + WRITE_SLICE)) {
        const { online, seenAt, ...rest } = live;
        args.push(id, Math.round(seenAt), `${online ? 1 : 0}|${JSON.stringify(rest)}`);
      }
      await this.redis.eval(WRITE_SCRIPT, 2, this.liveKey, this.watchKey, ...args);
    }
  }

  /** The records of these terminals (those no instance wrote are missing). */
  async read(ids: readonly number[]): Promise<Map<number, SharedLive>> {
    const out = new Map<number, SharedLive>();
    if (ids.length === 0) return out;
    const values = await this.redis.hmget(this.liveKey, ...ids.map(String));
    values.forEach((value, i) => {
      const match = value ? /^(\d+)\|([01])\|(.*)$/s.exec(value) : null;
      if (!match) return;
      try {
        const rest = JSON.parse(match[3]!) as Omit<SharedLive, 'online' | 'seenAt'>;
        out.set(ids[i]!, { ...rest, online: match[2] === '1', seenAt: Number(match[1]) });
      } catch {
        // A record that does not parse is as good as none: the database's presence shows instead.
      }
    });
    return out;
  }

  /** Marks terminals silent since before `limitMs` offline and stops watching them; answers their ids. */
  async sweep(limitMs: number, max = 10_000): Promise<number[]> {
    const ids = (await this.redis.eval(
      SWEEP_SCRIPT,
      2,
      this.liveKey,
      this.watchKey,
      Math.floor(limitMs),
      max,
    )) as string[];
    return ids.map(Number);
  }

  /** Watches terminals the database says are online, unless already watched (a new leader's first sweep). */
  async watch(ids: readonly number[], sinceMs: number): Promise<void> {
    for (let at = 0; at < ids.length; at += WRITE_SLICE) {
      const members = ids.slice(at, at + WRITE_SLICE).flatMap((id) => [Math.round(sinceMs), String(id)]);
      if (members.length) await this.redis.zadd(this.watchKey, 'NX', ...members);
    }
  }

  /** Forgets removed terminals. */
  async forget(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.redis
      .multi()
      .hdel(this.liveKey, ...ids.map(String))
      .zrem(this.watchKey, ...ids.map(String))
      .exec();
  }
}
