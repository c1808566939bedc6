import { describe, expect, it } from 'vitest';
import { MemorySharedStore } from '../../src/cluster/shared-store.js';

describe('MemorySharedStore', () => {
  const make = (capacity?: number) => {
    const clock = { now: 1_000_000 };
    return { clock, store: new MemorySharedStore(() => clock.now, capacity) };
  };

  it('counts, restarting the time to live on each increment', async () => {
    const { clock, store } = make();
    expect(await store.increment('c', 1000)).toBe(1);
    clock.now += 900;
    expect(await store.increment('c', 1000)).toBe(2);
    clock.now += 900;
    expect(await store.get('c')).toBe('2');
    clock.now += 101;
    expect(await store.get('c')).toBeNull();
    expect(await store.increment('c', 1000)).toBe(1);
  });

  it('sets with a time to live, takes once, deletes', async () => {
    const { clock, store } = make();
    await store.set('a', 'x', 1000);
    await store.set('b', 'y', 1000);
    expect(await store.take('a')).toBe('x');
    expect(await store.take('a')).toBeNull();
    await store.delete('b', 'missing');
    expect(await store.get('b')).toBeNull();
    await store.set('e', 'z', 1000);
    clock.now += 1001;
    expect(await store.take('e')).toBeNull();
  });

  it('keeps a young secret, replaces an older one, counts wrong tries', async () => {
    const { clock, store } = make();
    expect(await store.putSecret('s', '1', 10_000, 1000)).toBe(true);
    clock.now += 999;
    expect(await store.putSecret('s', '2', 10_000, 1000)).toBe(false);
    clock.now += 1;
    expect(await store.putSecret('s', '3', 10_000, 1000)).toBe(true);
    expect(await store.trySecret('s', '1', 2)).toBe(false);
    expect(await store.trySecret('s', '3', 2)).toBe(true);
    expect(await store.trySecret('s', '3', 2)).toBe(false);

    await store.putSecret('t', '4', 10_000, 1000);
    expect(await store.trySecret('t', 'x', 2)).toBe(false);
    expect(await store.trySecret('t', 'x', 2)).toBe(false);
    expect(await store.trySecret('t', '4', 2)).toBe(false);
    expect(await store.trySecret('missing', '4', 2)).toBe(false);
  });

  it('is bounded: when full, the least recently written entry goes first', async () => {
    const { store } = make(3);
    await store.increment('a', 60_000);
    for (const key of ['b', 'c']) await store.set(key, key, 60_000);
    await store.increment('a', 60_000);
    for (let i = 0; i < 2; i++) await store.set(`flood${i}`, 'x', 60_000);
    expect(await store.get('a')).toBe('2');
    expect(await store.get('b')).toBeNull();
    expect(await store.get('c')).toBeNull();
    expect(await store.get('flood1')).toBe('x');
  });
});
