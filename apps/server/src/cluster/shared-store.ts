import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';
import type { ClusterContext } from './cluster.js';

/**
 * Short-lived values every instance must see alike: sign-in failure counters, captcha answers,
 * verification codes. Each operation is atomic, also between instances. Keys are names without
 * the deployment prefix; values expire after their time to live.
 */
export interface SharedStore {
  /** Adds one to a counter and (re)starts its time to live; answers the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** The value of a key, or null. */
  get(key: string): Promise<string | null>;
  /** Sets a value with a time to live. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Answers a value and deletes it: of concurrent takers, one gets it. */
  take(key: string): Promise<string | null>;
  /** Deletes keys. */
  delete(...keys: string[]): Promise<void>;
  /**
   * Stores a secret to be answered with `trySecret`, unless the key holds one stored less than
   * `minIntervalMs` ago (answers false then).
   */
  putSecret(key: string, secret: string, ttlMs: number, minIntervalMs: number): Promise<boolean>;
  /**
   * Whether `answer` is the stored secret. A right answer uses the secret up; a wrong one counts a
   * try, and the `maxTries`-th wrong answer uses it up too.
   */
  trySecret(key: string, answer: string, maxTries: number): Promise<boolean>;
}

/** Entries a memory store holds at most: the oldest go first, so an attacker cannot grow it. */
export const MEMORY_STORE_CAPACITY = 100_000;

interface Entry {
  value: string;
  tries: number;
  until: number;
}

/** The store of a single process: a bounded map with expiry. The clock is injectable for tests. */
export class MemorySharedStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly capacity = MEMORY_STORE_CAPACITY,
  ) {}

  async increment(key: string, ttlMs: number): Promise<number> {
    const count = Number(this.live(key)?.value ?? 0) + 1;
    this.put(key, String(count), ttlMs);
    return count;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, value, ttlMs);
  }

  async take(key: string): Promise<string | null> {
    const entry = this.live(key);
    this.entries.delete(key);
    return entry?.value ?? null;
  }

  async delete(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async putSecret(key: string, secret: string, ttlMs: number, minIntervalMs: number): Promise<boolean> {
    const entry = this.live(key);
    if (entry && entry.until - this.now() > ttlMs - minIntervalMs) return false;
    this.put(key, secret, ttlMs);
    return true;
  }

  async trySecret(key: string, answer: string, maxTries: number): Promise<boolean> {
    const entry = this.live(key);
    if (!entry) return false;
    if (entry.value === answer) {
      this.entries.delete(key);
      return true;
    }
    entry.tries += 1;
    if (entry.tries >= maxTries) this.entries.delete(key);
    return false;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.until < this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, value: string, ttlMs: number): void {
    // Re-inserted keys move to the end: the first key of the map is the least recently written.
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, tries: 0, until: this.now() + ttlMs });
  }
}

// Lua scripts run atomically in Redis: no other instance's command comes between their steps.
const SCRIPTS = {
  apmIncrement: `
    local count = redis.call('INCR', KEYS[1])
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    return count`,
  apmTake: `
    local value = redis.call('GET', KEYS[1])
    redis.call('DEL', KEYS[1])
    return value`,
  // ARGV: secret, ttl, the most time to live a secret may have left and still be replaced.
  apmPutSecret: `
    if redis.call('PTTL', KEYS[1]) > tonumber(ARGV[3]) then return 0 end
    redis.call('DEL', KEYS[1])
    redis.call('HSET', KEYS[1], 'secret', ARGV[1], 'tries', 0)
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1`,
  apmTrySecret: `
    local secret = redis.call('HGET', KEYS[1], 'secret')
    if not secret then return 0 end
    if secret == ARGV[1] then
      redis.call('DEL', KEYS[1])
      return 1
    end
    if redis.call('HINCRBY', KEYS[1], 'tries', 1) >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
    return 0`,
};

type Scripts = {
  apmIncrement(key: string, ttlMs: number): Promise<number>;
  apmTake(key: string): Promise<string | null>;
  apmPutSecret(key: string, secret: string, ttlMs: number, maxLeftMs: number): Promise<number>;
  apmTrySecret(key: string, answer: string, maxTries: number): Promise<number>;
};

/** The store of the scale-out mode: Redis, keys under the deployment's prefix. */
export class RedisSharedStore implements SharedStore {
  private readonly redis: Redis & Scripts;

  constructor(
    redis: Redis,
    private readonly key: (name: string) => string,
  ) {
    for (const [name, lua] of Object.entries(SCRIPTS)) redis.defineCommand(name, { numberOfKeys: 1, lua });
    this.redis = redis as Redis & Scripts;
  }

  increment(key: string, ttlMs: number): Promise<number> {
    return orUnavailable(this.redis.apmIncrement(this.key(key), ttlMs));
  }

  get(key: string): Promise<string | null> {
    return orUnavailable(this.redis.get(this.key(key)));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await orUnavailable(this.redis.set(this.key(key), value, 'PX', ttlMs));
  }

  take(key: string): Promise<string | null> {
    return orUnavailable(this.redis.apmTake(this.key(key)));
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length) await orUnavailable(this.redis.del(...keys.map(this.key)));
  }

  async putSecret(key: string, secret: string, ttlMs: number, minIntervalMs: number): Promise<boolean> {
    const stored = await orUnavailable(
      this.redis.apmPutSecret(this.key(key), secret, ttlMs, ttlMs - minIntervalMs),
    );
    return stored === 1;
  }

  async trySecret(key: string, answer: string, maxTries: number): Promise<boolean> {
    return (await orUnavailable(this.redis.apmTrySecret(this.key(key), answer, maxTries))) === 1;
  }
}

/** The command's answer, or a 503 when Redis failed it (unreachable or too slow, after ioredis' retries). */
function orUnavailable<T>(command: Promise<T>): Promise<T> {
  return command.catch((cause: unknown) => {
    throw Object.assign(
      new AppError(503, 'Shared state (Redis) is unavailable; try again later', 'storeUnavailable'),
      { cause },
    );
  });
}

/** Redis when the cluster context has it, otherwise a memory store of this process. */
export function createSharedStore(cluster: Pick<ClusterContext, 'redis' | 'key'>): SharedStore {
  return cluster.redis ? new RedisSharedStore(cluster.redis, cluster.key) : new MemorySharedStore();
}
