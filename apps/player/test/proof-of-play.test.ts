import type { PlayEvent, TerminalMessage } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { MemoryPlayStore, PLAY_BATCH_MAX, type PlayStore, type StoredPlayEvent } from '../src/play-events.js';
import { ACK_TIMEOUT_MS, ProofOfPlay } from '../src/proof-of-play.js';

type Play = Extract<TerminalMessage, { type: 'play' }>;

const event = (n: number): PlayEvent => ({
  kind: 'material',
  programId: 1,
  materialId: 1 + (n % 5),
  startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  durationMs: 1000,
});

/** A player's proof of play over a memory store and a channel the test opens and closes. */
function setup(options: { capacity?: number; store?: PlayStore } = {}) {
  const sent: Play[] = [];
  const state = { open: true, now: Date.parse('2026-01-02T00:00:00Z') };
  const plays = new ProofOfPlay({
    send: (message) => {
      if (!state.open) return false;
      sent.push(message as Play);
      return true;
    },
    store: options.store ?? new MemoryPlayStore(),
    capacity: options.capacity,
    now: () => state.now,
  });
  const ids = () => sent.flatMap((m) => m.events.map((e) => e.id!));
  return { plays, sent, state, ids };
}

describe('ProofOfPlay', () => {
  it('gives each event an id and keeps it, sent, until a playAck names it', async () => {
    const { plays, sent, ids } = setup();
    for (let i = 0; i < 3; i++) plays.add(event(i));
    await plays.flush();
    expect(sent).toHaveLength(1);
    expect(new Set(ids()).size).toBe(3);
    // Sent and not acknowledged: kept, and not sent again while the channel stays up.
    await plays.flush();
    expect(sent).toHaveLength(1);
    expect(await plays.size()).toBe(3);
    await plays.acknowledged(ids().slice(0, 2));
    expect(await plays.size()).toBe(1);
  });

  it('sends again what was not acknowledged once the channel reconnects', async () => {
    const { plays, sent, ids, state } = setup();
    for (let i = 0; i < 4; i++) plays.add(event(i));
    await plays.flush();
    const first = ids();
    await plays.acknowledged(first.slice(0, 1));
    state.open = false;
    plays.add(event(9));
    await plays.flush();
    expect(sent).toHaveLength(1);
    state.open = true;
    await plays.reconnected();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.events.map((e) => e.id)).toEqual([...first.slice(1), sent[1]!.events[3]!.id]);
    await plays.acknowledged(sent[1]!.events.map((e) => e.id!));
    expect(await plays.size()).toBe(0);
    await plays.reconnected();
    expect(sent).toHaveLength(2);
  });

  it('sends again what stays unacknowledged past the timeout', async () => {
    const { plays, sent, state } = setup();
    plays.add(event(1));
    await plays.flush();
    state.now += ACK_TIMEOUT_MS - 1;
    await plays.flush();
    expect(sent).toHaveLength(1);
    state.now += 1;
    await plays.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.events[0]!.id).toBe(sent[0]!.events[0]!.id);
  });

  it('sends a backlog in batches of at most 200, oldest first', async () => {
    const { plays, sent } = setup();
    for (let i = 0; i < 450; i++) plays.add(event(i));
    await plays.flush();
    expect(sent.map((m) => m.events.length)).toEqual([PLAY_BATCH_MAX, PLAY_BATCH_MAX, 50]);
    expect(sent[0]!.events[0]!.startedAt).toBe(event(0).startedAt);
  });

  it('sends a long backlog in steps, the next as soon as the last is acknowledged', async () => {
    const { plays, sent } = setup();
    for (let i = 0; i < 2500; i++) plays.add(event(i));
    await plays.flush();
    expect(sent.reduce((n, m) => n + m.events.length, 0)).toBe(2000);
    await plays.acknowledged(sent.flatMap((m) => m.events.map((e) => e.id!)));
    expect(sent.reduce((n, m) => n + m.events.length, 0)).toBe(2500);
    await plays.acknowledged(sent.slice(10).flatMap((m) => m.events.map((e) => e.id!)));
    expect(await plays.size()).toBe(0);
    expect(sent).toHaveLength(13);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const { plays, state, sent } = setup({ capacity: 5 });
    state.open = false;
    for (let i = 0; i < 8; i++) plays.add(event(i));
    await plays.flush();
    expect(await plays.size()).toBe(5);
    expect(plays.dropped).toBe(3);
    state.open = true;
    await plays.reconnected();
    expect(sent[0]!.events.map((e) => e.startedAt)).toEqual([3, 4, 5, 6, 7].map((i) => event(i).startedAt));
  });

  it('keeps events in memory while the store fails, and saves them once it works again', async () => {
    const store = new MemoryPlayStore();
    let broken = true;
    const flaky: PlayStore = {
      append: (events: readonly StoredPlayEvent[]) =>
        broken ? Promise.reject(new Error('quota')) : store.append(events),
      oldest: (limit, skip) => store.oldest(limit, skip),
      remove: (ids) => store.remove(ids),
      count: () => store.count(),
      trim: (capacity) => store.trim(capacity),
    };
    const { plays, sent } = setup({ store: flaky });
    plays.add(event(1));
    await plays.flush();
    expect(sent).toHaveLength(0);
    expect(await plays.size()).toBe(1);
    broken = false;
    await plays.flush();
    expect(sent).toHaveLength(1);
  });

  it('drops an event the channel would refuse instead of keeping it', async () => {
    const { plays } = setup();
    plays.add({ ...event(1), programId: 0 });
    expect(await plays.size()).toBe(0);
  });
});
