import { CHANNEL_CLOSE, type ServerMessage } from '@apm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backoff } from '../src/backoff.js';
import { Channel, MAX_RECONNECT_AFTER_MS, reconnectDelay, type ChannelEvents } from '../src/channel.js';

/** A WebSocket the test drives: opens, delivers and closes when told to. */
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  bufferedAmount = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  deliver(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** The server (or the network) closed it. */
  closed(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

const BACKOFF = { baseMs: 1000, capMs: 30_000, stableMs: 20_000 };

/** A started channel over fake sockets, with a backoff whose jitter is always half the ceiling. */
function channel() {
  const messages: ServerMessage[] = [];
  const events: ChannelEvents = {
    message: (m) => messages.push(m),
    state: () => undefined,
    unauthorised: () => undefined,
    replaced: () => undefined,
  };
  const backoff = new Backoff(BACKOFF, () => 0.5);
  const ch = new Channel(
    () => 'token',
    async () => ({ playing: { kind: 'idle' }, volume: 50, appVersion: 't', clock: '', resolution: '1x1' }),
    events,
    backoff,
  );
  ch.start();
  return { ch, backoff, messages, sockets: FakeSocket.made };
}

/** Sockets made so far, after `ms` more of (fake) time. */
async function after(ms: number): Promise<number> {
  await vi.advanceTimersByTimeAsync(ms);
  return FakeSocket.made.length;
}

describe('Channel: a draining server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'apm.test' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reconnects after the delay `reconnect` named once the channel closes with 4503, counting no failure', async () => {
    const { ch, backoff, messages, sockets } = channel();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: 'reconnect', afterMs: 7000 });
    await vi.advanceTimersByTimeAsync(2000); // the delay counts from the close, not from the message
    sockets[0]!.closed(CHANNEL_CLOSE.draining);
    expect(await after(6999)).toBe(1);
    expect(await after(1)).toBe(2);
    expect(backoff.attempts).toBe(0);
    // The message is the channel's business: the player is not bothered with it.
    expect(messages).toEqual([]);
    ch.stop();
  });

  it('honours the delay however the channel then closes (the instance died before its 4503)', async () => {
    const { ch, backoff, sockets } = channel();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: 'reconnect', afterMs: 12_000 });
    sockets[0]!.closed(1006);
    expect(await after(11_999)).toBe(1);
    expect(await after(1)).toBe(2);
    expect(backoff.attempts).toBe(0);
    ch.stop();
  });

  it('forgets the delay with the socket: the next connection failing backs off as usual', async () => {
    const { ch, backoff, sockets } = channel();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: 'reconnect', afterMs: 100 });
    sockets[0]!.closed(CHANNEL_CLOSE.draining);
    expect(await after(100)).toBe(2);
    sockets[1]!.closed(1006); // the balancer had nowhere to send it yet
    expect(backoff.attempts).toBe(1);
    expect(await after(499)).toBe(2); // attempt 0: half of 1 s
    expect(await after(1)).toBe(3);
    ch.stop();
  });

  it('keeps the attempts of earlier failures: a drain is no success either', async () => {
    const { ch, backoff, sockets } = channel();
    sockets[0]!.closed(1006);
    await after(500);
    sockets[1]!.closed(1006);
    await after(1000);
    expect(backoff.attempts).toBe(2);
    sockets[2]!.open();
    sockets[2]!.deliver({ type: 'reconnect', afterMs: 3000 });
    sockets[2]!.closed(CHANNEL_CLOSE.draining);
    expect(backoff.attempts).toBe(2);
    expect(await after(3000)).toBe(4);
    sockets[3]!.closed(1006);
    expect(await after(1999)).toBe(4); // attempt 2: half of 4 s
    expect(await after(1)).toBe(5);
    ch.stop();
  });

  it('backs off as usual on a 4503 without a usable delay, and on an ordinary loss', async () => {
    const { ch, backoff, sockets } = channel();
    sockets[0]!.open();
    sockets[0]!.closed(CHANNEL_CLOSE.draining);
    expect(backoff.attempts).toBe(1);
    expect(await after(499)).toBe(1);
    expect(await after(1)).toBe(2);
    sockets[1]!.open();
    sockets[1]!.deliver({ type: 'reconnect', afterMs: -5 });
    sockets[1]!.closed(CHANNEL_CLOSE.draining);
    expect(backoff.attempts).toBe(2);
    expect(await after(999)).toBe(2);
    expect(await after(1)).toBe(3);
    ch.stop();
  });

  it('does not reconnect after stop, even when told to', async () => {
    const { ch, sockets } = channel();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: 'reconnect', afterMs: 10 });
    ch.stop();
    sockets[0]!.closed(CHANNEL_CLOSE.draining);
    expect(await after(60_000)).toBe(1);
  });
});

describe('Channel: clock round trips', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'apm.test' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const sentOf = (socket: FakeSocket, type: string) =>
    socket.sent
      .map((raw) => JSON.parse(raw) as { type: string; id?: number; t0?: number; status?: object })
      .filter((m) => m.type === type);

  /**
   * Answers every probe not answered yet at once, as a server on the same clock would: at no delay, or
   * `delayMs` late (spent on the way there).
   */
  function echoProbes(socket: FakeSocket, answered: Set<number>, delayMs = 0): void {
    for (const probe of sentOf(socket, 'clockProbe')) {
      if (answered.has(probe.id!)) continue;
      answered.add(probe.id!);
      const t1 = probe.t0! + delayMs;
      socket.deliver({ type: 'clockEcho', id: probe.id!, t0: probe.t0!, t1, t2: probe.t0! });
    }
  }

  it('sends a heartbeat with the clock soon after the estimate settles, without waiting for the period', async () => {
    const { ch, sockets } = channel();
    const socket = sockets[0]!;
    socket.open();
    const answered = new Set<number>();
    while (!ch.clock.settled()) {
      echoProbes(socket, answered);
      if (ch.clock.settled()) break;
      expect(sentOf(socket, 'heartbeat')).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(answered.size).toBe(16);
    await vi.advanceTimersByTimeAsync(600);
    const beats = sentOf(socket, 'heartbeat');
    expect(beats).toHaveLength(1);
    expect(beats[0]!.status).toMatchObject({ clockSync: { samples: 16 } });
  });

  it('sends that heartbeat once per connection, however often the estimate settles again', async () => {
    const { ch, sockets } = channel();
    const socket = sockets[0]!;
    socket.open();
    const answered = new Set<number>();
    const answerUntil = async (settled: boolean, delayMs: number) => {
      for (let i = 0; i < 2_000 && ch.clock.settled() !== settled; i++) {
        echoProbes(socket, answered, delayMs);
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(ch.clock.settled()).toBe(settled);
    };
    await answerUntil(true, 0);
    await answerUntil(false, 50);
    await answerUntil(true, 0);
    await vi.advanceTimersByTimeAsync(600);
    expect(sentOf(socket, 'heartbeat')).toHaveLength(1);
  });

  it('sends a fresh burst of round trips when asked (a synchronized run starts)', async () => {
    const { ch, sockets } = channel();
    const socket = sockets[0]!;
    socket.open();
    await vi.advanceTimersByTimeAsync(5_000);
    const before = sentOf(socket, 'clockProbe').length;
    ch.probeBurst();
    expect(sentOf(socket, 'clockProbe')).toHaveLength(before + 1);
    await vi.advanceTimersByTimeAsync(4 * 300);
    expect(sentOf(socket, 'clockProbe')).toHaveLength(before + 5);
  });
});

describe('reconnectDelay', () => {
  it('takes whole non-negative milliseconds and cuts absurd ones', () => {
    expect(reconnectDelay(0)).toBe(0);
    expect(reconnectDelay(1234.9)).toBe(1234);
    expect(reconnectDelay(1e12)).toBe(MAX_RECONNECT_AFTER_MS);
    for (const bad of [-1, Number.NaN, Infinity, '500', null, undefined])
      expect(reconnectDelay(bad)).toBeNull();
  });
});
