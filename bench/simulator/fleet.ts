import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { CommandName } from '../../packages/contract/src/terminal-protocol.js';
import { postJson } from './http.js';
import { Samples, mapLimit, sleep } from './stats.js';
import { SimTerminal, type MessageArrival, type TerminalHooks, type TerminalOptions } from './terminal.js';

/** A registered device: what `register` answered, kept between runs in a cache file. */
export interface Device {
  deviceId: string;
  terminalId: number;
  token: string;
  state: 'pending' | 'claimed';
}

/**
 * Registers `count` devices (`<prefix>-<i>`) over HTTP, `concurrency` at a time; 429 answers are
 * retried after the server's Retry-After. Devices already in `cacheFile` are not registered again.
 */
export async function registerDevices(
  base: string,
  count: number,
  prefix: string,
  concurrency: number,
  cacheFile?: string,
  progress?: (done: number) => void,
): Promise<{ devices: Device[]; registered: number }> {
  const cached = new Map<string, Device>();
  if (cacheFile && existsSync(cacheFile)) {
    for (const d of JSON.parse(readFileSync(cacheFile, 'utf8')) as Device[]) cached.set(d.deviceId, d);
  }
  let done = 0;
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(6, '0')}`);
  const devices = await mapLimit(ids, concurrency, async (deviceId) => {
    const known = cached.get(deviceId);
    if (known) return known;
    for (let attempt = 0; ; attempt++) {
      const res = await postJson(`${base}/apm-web/terminal/register`, {
        deviceId,
        name: `Simulated ${deviceId}`,
        platform: 'simulator',
        appVersion: 'sim-1.0.0',
        resolution: '1920x1080',
      });
      if (res.status === 429 && attempt < 100) {
        const after = Number(res.headers['retry-after'] ?? 1);
        await sleep(Math.max(0.2, Number.isFinite(after) ? after : 1) * 1000);
        continue;
      }
      const body = res.json as { data?: Device } & Partial<Device>;
      const reg = (body.data ?? body) as Partial<Device>;
      if (res.status !== 200 || !reg.token || typeof reg.terminalId !== 'number') {
        throw new Error(`register ${deviceId} answered ${res.status}: ${res.text.slice(0, 300)}`);
      }
      progress?.(++done);
      return {
        deviceId,
        terminalId: reg.terminalId,
        token: reg.token,
        state: reg.state ?? 'pending',
      } as Device;
    }
  });
  if (cacheFile) writeFileSync(cacheFile, JSON.stringify(devices));
  return { devices, registered: done };
}

/** One round of a command sent to every terminal: when they got it and acknowledged it. */
interface CommandRound {
  started: number;
  received: number;
  acked: number;
  failed: number;
  lastReceived: number;
  lastAcked: number;
  commandIds: Set<number>;
  expected: number;
  done: () => void;
}

/** N simulated terminals in this process, and what they observed. */
export class Fleet implements TerminalHooks {
  readonly terminals: SimTerminal[];
  readonly heartbeatLatency = new Samples();
  heartbeatAcks = 0;
  welcomes = 0;
  readonly closes = new Map<string, number>();
  readonly errors = new Map<string, number>();
  readonly manifestStatus = new Map<number, number>();
  readonly manifestLatency = new Samples();
  /** Command ids a channel delivered a second time: the server broke at-most-once per channel. */
  duplicateDeliveries = 0;
  /** Command ids delivered again on a later channel (after a reconnect): answered from the record. */
  redeliveries = 0;
  /** Executions per command id (ids are per terminal): more than one is a duplicate execution. */
  readonly executions = new Map<number, number>();
  /** `reconnect` messages received (each from a draining instance). */
  reconnectsAsked = 0;
  private round: CommandRound | null = null;

  constructor(
    devices: readonly Pick<Device, 'deviceId' | 'terminalId' | 'token'>[],
    options: TerminalOptions,
  ) {
    this.terminals = devices.map(
      (d, i) => new SimTerminal(i, d.deviceId, d.terminalId, d.token, options, this),
    );
  }

  /** Opens every channel, `concurrency` handshakes at a time; answers failures (message → count). */
  async connectAll(concurrency: number, progress?: (done: number) => void): Promise<Map<string, number>> {
    const failures = new Map<string, number>();
    let done = 0;
    await mapLimit(this.terminals, concurrency, async (t) => {
      try {
        await t.connect();
      } catch (err) {
        const key = err instanceof Error ? err.message : String(err);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      progress?.(++done);
    });
    return failures;
  }

  get openCount(): number {
    let n = 0;
    for (const t of this.terminals) if (t.open) n++;
    return n;
  }

  /**
   * Protocol pace: the terminals heartbeat on their own (every `heartbeatSeconds`, at random
   * phases); this watches `durationMs` of it. Answers acks per second and the latency samples.
   */
  async observe(durationMs: number) {
    this.heartbeatLatency.clear();
    const acksBefore = this.heartbeatAcks;
    const started = performance.now();
    await sleep(durationMs);
    const seconds = (performance.now() - started) / 1000;
    const acks = this.heartbeatAcks - acksBefore;
    return { acks, acksTotal: acks, acksPerSecond: acks / seconds, latency: this.heartbeatLatency.summary() };
  }

  /**
   * Capacity: every open terminal keeps `window` heartbeats in flight (sends the next when one is
   * acknowledged) for `durationMs`. Answers acks per second over that window.
   */
  async saturate(window: number, durationMs: number) {
    this.heartbeatLatency.clear();
    const acksBefore = this.heartbeatAcks;
    let running = true;
    for (const t of this.terminals) {
      t.onAck = (x) => {
        if (running) x.heartbeat();
      };
    }
    const started = performance.now();
    for (const t of this.terminals) for (let i = 0; i < window; i++) t.heartbeat();
    await sleep(durationMs);
    const acks = this.heartbeatAcks - acksBefore;
    const seconds = (performance.now() - started) / 1000;
    running = false;
    for (const t of this.terminals) t.onAck = null;
    await this.drain(30_000);
    // acksTotal includes the acks of heartbeats still in flight when the window closed.
    const acksTotal = this.heartbeatAcks - acksBefore;
    return { acks, acksTotal, acksPerSecond: acks / seconds, latency: this.heartbeatLatency.summary() };
  }

  /** Waits until no heartbeat awaits its ack (or `timeoutMs`). */
  private async drain(timeoutMs: number): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (performance.now() < until && this.terminals.some((t) => t.open && t.pending > 0)) await sleep(50);
  }

  /**
   * Starts counting command receipts and acks; `send` makes the operator's call. Resolves when
   * `expected` terminals acknowledged, or after `timeoutMs` with what arrived.
   */
  async commandRound(expected: number, send: () => Promise<void>, timeoutMs: number) {
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    const round: CommandRound = {
      started: performance.now(),
      received: 0,
      acked: 0,
      failed: 0,
      lastReceived: 0,
      lastAcked: 0,
      commandIds: new Set(),
      expected,
      done,
    };
    this.round = round;
    await send();
    const sentMs = performance.now() - round.started;
    const timer = setTimeout(done, timeoutMs);
    await finished;
    clearTimeout(timer);
    this.round = null;
    return {
      callMs: sentMs,
      received: round.received,
      acked: round.acked,
      failed: round.failed,
      allReceivedMs: round.lastReceived ? round.lastReceived - round.started : NaN,
      allAckedMs: round.lastAcked ? round.lastAcked - round.started : NaN,
      commandIds: round.commandIds,
      startedAt: round.started,
    };
  }

  welcome(): void {
    this.welcomes++;
  }

  heartbeatAck(_t: SimTerminal, latencyMs: number): void {
    this.heartbeatAcks++;
    this.heartbeatLatency.add(latencyMs);
  }

  command(_t: SimTerminal, commandId: number, _name: CommandName, at: number): void {
    const r = this.round;
    if (!r) return;
    r.received++;
    r.lastReceived = at;
    r.commandIds.add(commandId);
  }

  repeated(_t: SimTerminal, _commandId: number, sameChannel: boolean): void {
    if (sameChannel) this.duplicateDeliveries++;
    else this.redeliveries++;
  }

  executed(_t: SimTerminal, commandId: number): void {
    this.executions.set(commandId, (this.executions.get(commandId) ?? 0) + 1);
  }

  /** Executions beyond the first of each command id (0 when every command ran once). */
  get duplicateExecutions(): number {
    let n = 0;
    for (const count of this.executions.values()) n += count - 1;
    return n;
  }

  /** What the fleet saw of command delivery: repeats by kind, executions, duplicate executions. */
  deliveryStats() {
    return {
      commandsExecuted: this.executions.size,
      duplicateDeliveries: this.duplicateDeliveries,
      redeliveries: this.redeliveries,
      duplicateExecutions: this.duplicateExecutions,
      reconnectsAsked: this.reconnectsAsked,
    };
  }

  /**
   * Each terminal's arrival of a message (`showMessage`), for a bench of send → shown latency: the
   * arrivals' `receivedAt`/`ackedAt` (epoch ms) against when the operator sent it.
   */
  messageArrivals(messageId: number): MessageArrival[] {
    const out: MessageArrival[] = [];
    for (const t of this.terminals) {
      const arrival = t.messageArrivals.get(messageId);
      if (arrival) out.push(arrival);
    }
    return out;
  }

  /**
   * Send → on-screen latency of a message over the fleet (ms, `sentAt` epoch ms): one sample per
   * terminal that showed it when it arrived; `count` against the terminals online says how many did.
   */
  messageLatency(messageId: number, sentAt: number): Samples {
    const samples = new Samples();
    for (const arrival of this.messageArrivals(messageId)) {
      if (arrival.showing) samples.add(arrival.receivedAt - sentAt);
    }
    return samples;
  }

  reconnectAsked(): void {
    this.reconnectsAsked++;
  }

  acked(_t: SimTerminal, commandId: number, ok: boolean, at: number): void {
    const r = this.round;
    if (!r || !r.commandIds.has(commandId)) return;
    r.acked++;
    if (!ok) r.failed++;
    r.lastAcked = at;
    if (r.acked >= r.expected) r.done();
  }

  serverError(_t: SimTerminal, code: string, message: string): void {
    const key = `${code}: ${message.slice(0, 100)}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  reconnectFailed(_t: SimTerminal, err: unknown): void {
    const key = `reconnect: ${err instanceof Error ? err.message.slice(0, 100) : String(err)}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  closed(_t: SimTerminal, code: number, reason: string): void {
    const key = `${code} ${reason}`.trim();
    this.closes.set(key, (this.closes.get(key) ?? 0) + 1);
  }

  manifest(_t: SimTerminal, status: number, ms: number): void {
    this.manifestStatus.set(status, (this.manifestStatus.get(status) ?? 0) + 1);
    this.manifestLatency.add(ms);
  }

  manifestFailed(_t: SimTerminal, err: unknown): void {
    const key = `manifest: ${err instanceof Error ? err.message : String(err)}`.replace(/\/\/[^/]+/, '//…');
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  /** Closes every channel. */
  async closeAll(): Promise<void> {
    for (const t of this.terminals) t.close();
    await sleep(500);
  }
}
