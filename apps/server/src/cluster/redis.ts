import type * as IORedis from 'ioredis';
import { lazyRequire } from '../lib/lazy-require.js';

/** ioredis, loaded with the first connection: only the scale-out mode (`REDIS_URL`) needs it. */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

/** How long a Redis command may wait for a (re)connection before it fails instead of queueing forever. */
const COMMAND_TIMEOUT_MS = 5000;

/**
 * A Redis connection of the scale-out mode. It reconnects by itself (backing off up to 2 s); a
 * command issued while Redis is away fails after a few retries rather than hanging a request.
 * `name` shows in `CLIENT LIST` (which instance, which role: commands or the bus subscriber).
 */
export function connectRedis(url: string, name: string): IORedis.Redis {
  const redis = new (ioredis().Redis)(url, {
    connectionName: name.replace(/[^A-Za-z0-9._:-]/g, '_'),
    maxRetriesPerRequest: 3,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(100 * times, 2000),
    // A subscriber connection must not be given ordinary commands; ioredis checks that itself.
    enableOfflineQueue: true,
  });
  // Without a listener an unreachable Redis would crash the process; the health endpoint reports it.
  redis.on('error', () => undefined);
  return redis;
}

/** Closes a connection: QUIT when it is up, otherwise drops it. */
export async function closeRedis(redis: IORedis.Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}

// What ioredis throws when Redis cannot be reached: retries used up, a command timed out, or a
// connection closed with commands in flight (plain Errors, so recognised by name and message).
const OUTAGE =
  /^(Command timed out|Connection is closed\.?|Stream isn't writeable|Reached the max retries per request limit)/;

/** Whether an error is Redis being unreachable (the request gets a 503, not a 500). */
export function isRedisOutage(error: Error): boolean {
  return error.name === 'MaxRetriesPerRequestError' || OUTAGE.test(error.message);
}
