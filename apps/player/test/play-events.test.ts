import type { PlayEvent } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { normalisePlayEvent, PLAY_BATCH_MAX, PlayEventQueue } from '../src/play-events.js';

const event = (n: number): PlayEvent => ({
  kind: 'scene',
  programId: 1,
  sceneId: `s${n}`,
  startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  durationMs: 1000,
});

describe('PlayEventQueue', () => {
  it('hands events out oldest first in batches of at most 200', () => {
    const queue = new PlayEventQueue();
    for (let i = 0; i < 450; i++) queue.push(event(i));
    const first = queue.take();
    expect(first).toHaveLength(PLAY_BATCH_MAX);
    expect(first[0]!.sceneId).toBe('s0');
    expect(queue.take(1000)).toHaveLength(200);
    expect(queue.take()).toHaveLength(50);
    expect(queue.size).toBe(0);
  });

  it('puts an unsent batch back in front, in order', () => {
    const queue = new PlayEventQueue();
    for (let i = 0; i < 5; i++) queue.push(event(i));
    const batch = queue.take(3);
    queue.push(event(5));
    queue.putBack(batch);
    expect(queue.take().map((e) => e.sceneId)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });

  it('drops the oldest beyond its capacity', () => {
    const queue = new PlayEventQueue(3, [event(0), event(1)]);
    queue.push(event(2));
    queue.push(event(3));
    expect(queue.snapshot().map((e) => e.sceneId)).toEqual(['s1', 's2', 's3']);
    const initial = new PlayEventQueue(2, [event(0), event(1), event(2)]);
    expect(initial.snapshot().map((e) => e.sceneId)).toEqual(['s1', 's2']);
  });
});

describe('normalisePlayEvent', () => {
  it('rounds and clamps durations and writes the instant in ISO form', () => {
    expect(normalisePlayEvent({ ...event(1), durationMs: 1234.6 })!.durationMs).toBe(1235);
    expect(normalisePlayEvent({ ...event(1), durationMs: -5 })!.durationMs).toBe(0);
    expect(normalisePlayEvent({ ...event(1), durationMs: 9e9 })!.durationMs).toBe(86_400_000);
    expect(normalisePlayEvent({ ...event(1), startedAt: '2026-01-01T08:00:00+08:00' })!.startedAt).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });

  it('refuses what the channel would refuse', () => {
    expect(normalisePlayEvent({ ...event(1), startedAt: 'yesterday' })).toBeNull();
    expect(normalisePlayEvent({ ...event(1), durationMs: Number.NaN })).toBeNull();
    expect(normalisePlayEvent({ ...event(1), sceneId: 'x'.repeat(65) })).toBeNull();
    expect(normalisePlayEvent({ ...event(1), programId: 0 })).toBeNull();
    const queue = new PlayEventQueue();
    expect(queue.push({ ...event(1), programId: 0 })).toBe(false);
    expect(queue.size).toBe(0);
  });
});
