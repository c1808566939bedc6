import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis } from '../../src/cluster/redis.js';
import { RedisSharedStore } from '../../src/cluster/shared-store.js';
import { AppError } from '../../src/lib/errors.js';
import { clusterUrls } from '../helpers/cluster.js';

describe('cluster: RedisSharedStore', () => {
  const prefix = `apmtest:store-${randomBytes(6).toString('hex')}:`;
  const key = (name: string) => `${prefix}${name}`;
  // Two connections stand for two instances: what one writes, the other sees.
  let one: Redis;
  let two: Redis;
  let a: RedisSharedStore;
  let b: RedisSharedStore;

  beforeAll(() => {
    const { redisUrl } = clusterUrls();
    one = connectRedis(redisUrl, 'test-store-a');
    two = connectRedis(redisUrl, 'test-store-b');
    a = new RedisSharedStore(one, key);
    b = new RedisSharedStore(two, key);
  });
  afterAll(async () => {
    const keys = await one.keys(`${prefix}*`);
    if (keys.length) await one.del(...keys);
    await Promise.all([closeRedis(one), closeRedis(two)]);
  });

  it('counts across connections, under the prefix, with a time to live', async () => {
    expect(await a.increment('c', 60_000)).toBe(1);
    expect(await b.increment('c', 60_000)).toBe(2);
    expect(await a.get('c')).toBe('2');
    expect(await one.get(key('c'))).toBe('2');
    expect(await one.pttl(key('c'))).toBeGreaterThan(59_000);
    await b.delete('c');
    expect(await a.get('c')).toBeNull();
  });

  it('expires values', async () => {
    await a.set('short', 'x', 50);
    expect(await b.get('short')).toBe('x');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await b.get('short')).toBeNull();
  });

  it('gives a value to one of many concurrent takers', async () => {
    await a.set('once', 'x', 60_000);
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take('once')));
    expect(taken.filter((value) => value === 'x')).toHaveLength(1);
  });

  it('stores one of many concurrent secrets for a key, and keeps it from replacement while young', async () => {
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).putSecret('s', String(i), 60_000, 1000)),
    );
    expect(stored.filter(Boolean)).toHaveLength(1);
    const winner = String(stored.indexOf(true));
    expect(await b.trySecret('s', winner, 5)).toBe(true);
    expect(await a.trySecret('s', winner, 5)).toBe(false);
    // Used up: a new one may be stored at once.
    expect(await a.putSecret('s', 'next', 60_000, 1000)).toBe(true);
  });

  it('replaces a secret once it is older than the interval', async () => {
    expect(await a.putSecret('old', '1', 60_000, 50)).toBe(true);
    expect(await b.putSecret('old', '2', 60_000, 50)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await b.putSecret('old', '3', 60_000, 50)).toBe(true);
    expect(await a.trySecret('old', '1', 5)).toBe(false);
    expect(await a.trySecret('old', '3', 5)).toBe(true);
  });

  it('counts concurrent wrong tries exactly: the fifth uses the secret up', async () => {
    await a.putSecret('t', 'right', 60_000, 1000);
    const tries = await Promise.all(
      Array.from({ length: 5 }, (_, i) => (i % 2 ? a : b).trySecret('t', 'no', 5)),
    );
    expect(tries.every((ok) => !ok)).toBe(true);
    expect(await one.exists(key('t'))).toBe(0);
    expect(await b.trySecret('t', 'right', 5)).toBe(false);
  });

  it('fails a command with a 503 when Redis is unreachable, instead of waiting forever', async () => {
    const dead = connectRedis('redis://127.0.0.1:1', 'test-store-dead');
    try {
      const started = Date.now();
      const error = await new RedisSharedStore(dead, key).get('c').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 503, reason: 'storeUnavailable' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await closeRedis(dead);
    }
  });
});
