import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { closeRedis, connectRedis } from './redis.js';

/**
 * Where this instance stands among others. Alone (no `REDIS_URL`): nothing is shared beyond the
 * database and `redis` is null. In the scale-out mode: the Redis connection every shared
 * mechanism uses (login guard, captchas, codes, rate limits, presence, the terminal bus), and
 * this instance's id.
 */
export interface ClusterContext {
  /** This instance's id (`APM_INSTANCE_ID`). */
  instanceId: string;
  /** A Redis key or channel name under this deployment's prefix (`APM_REDIS_PREFIX`). */
  key(name: string): string;
  /** Redis for commands (not the bus subscriber); null when the product runs as one process. */
  redis: Redis | null;
  /** Opens another connection (a subscriber needs its own); null when alone. */
  connect(role: string): Redis | null;
  /** Closes every connection opened here. */
  close(): Promise<void>;
}

/** The cluster context of an app: Redis connections when `REDIS_URL` is set. */
export function createClusterContext(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix' | 'instanceId'>,
): ClusterContext {
  const { redisUrl, redisPrefix, instanceId } = config;
  const opened: Redis[] = [];
  const connect = (role: string): Redis | null => {
    if (!redisUrl) return null;
    const redis = connectRedis(redisUrl, `apm:${instanceId}:${role}`);
    opened.push(redis);
    return redis;
  };
  return {
    instanceId,
    key: (name) => `${redisPrefix}${name}`,
    redis: connect('commands'),
    connect,
    async close() {
      await Promise.all(opened.splice(0).map((redis) => closeRedis(redis)));
    },
  };
}
