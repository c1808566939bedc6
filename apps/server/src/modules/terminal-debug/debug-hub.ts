import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEBUG_ANSWER_TIMEOUT_SECONDS,
  DEBUG_STREAM_LEASE_SECONDS,
  type DebugError,
  type ServerMessage,
} from '@apm/contract';
import type { SharedStore } from '../../cluster/shared-store.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { DebugSink, DebugTerminalMessage } from '../../terminal/gateway.js';
import { appendLines, emptyBuffer, linesAfter, type LogBuffer, type LogSlice } from './log-buffer.js';

/** What a terminal answered to a request. */
export type DebugAnswer = { kind: 'pong'; rttMs: number } | { kind: 'errors'; errors: DebugError[] };

/** How long streamed lines stay on the server after the last one arrived. */
const BUFFER_TTL_MS = 10 * 60_000;
/** How long an answer waits in the shared store for the instance that asked (scale-out mode). */
const ANSWER_TTL_MS = 30_000;
/** Requests this instance wrote are forgotten after this long (their askers stopped waiting). */
const OUTGOING_TTL_MS = 30_000;
const OUTGOING_MAX = 10_000;

/** What the hub is built from. */
export interface DebugHubOptions {
  /** Where leases, log buffers and (scale-out) answers live: Redis shared by every instance, or memory. */
  store: SharedStore;
  bus: Pick<TerminalBus, 'publish'>;
  /** Several instances: an answer may arrive at another instance than the one that asked. */
  shared: boolean;
  answerTimeoutMs?: number;
  /** How often the asking instance looks for an answer in the shared store (scale-out mode). */
  pollMs?: number;
}

/** Consoles watching a terminal's log stream: watcher id → end of its lease (ms). */
type Watchers = Record<string, number>;

/**
 * Terminal debugging over the channel, in every instance. Requests go to the terminal on the bus
 * (wherever it is connected); the instance holding its channel times a ping from the moment it
 * writes it, checks that an answer comes from the terminal asked, and hands the answer to the
 * waiting request — in memory when it asked itself, otherwise through the shared store. Streamed
 * log lines go into a bounded buffer per terminal in the shared store, read with a cursor. A stream
 * runs on leases: each watching console renews its own, and the terminal stops streaming by itself
 * when no renewal comes, so a closed tab ends it.
 */
export class TerminalDebugHub implements DebugSink {
  private readonly waiters = new Map<string, (answer: DebugAnswer) => void>();
  private readonly outgoing = new Map<string, { terminalId: number; at: number }>();
  /** Appends of one terminal run one after another (each reads and writes its buffer). */
  private readonly appending = new Map<number, Promise<void>>();
  private readonly timeoutMs: number;
  private readonly pollMs: number;

  constructor(private readonly options: DebugHubOptions) {
    this.timeoutMs = options.answerTimeoutMs ?? DEBUG_ANSWER_TIMEOUT_SECONDS * 1000;
    this.pollMs = options.pollMs ?? 100;
  }

  /** Asks a terminal (ping or its last errors); null when no answer came in time. */
  async request(terminalId: number, kind: DebugAnswer['kind']): Promise<DebugAnswer | null> {
    const requestId = randomUUID();
    let done = false;
    const answered = new Promise<DebugAnswer | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), this.timeoutMs);
      this.waiters.set(requestId, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
    const type = kind === 'pong' ? 'debugPing' : 'debugErrors';
    this.options.bus.publish([{ terminalId, message: { type, requestId } }]);
    try {
      if (!this.options.shared) return await answered;
      return await Promise.race([answered, this.poll(requestId, () => done)]);
    } finally {
      done = true;
      this.waiters.delete(requestId);
    }
  }

  /** Looks for an answer another instance stored, until found or `stop`. */
  private async poll(requestId: string, stop: () => boolean): Promise<DebugAnswer | null> {
    const deadline = Date.now() + this.timeoutMs;
    while (!stop() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      const raw = await this.options.store.take(answerKey(requestId)).catch(() => null);
      if (raw) return JSON.parse(raw) as DebugAnswer;
    }
    return null;
  }

  /** A console starts or renews watching: the terminal is told to stream for another lease. */
  async openStream(
    terminalId: number,
    watcherId: string,
  ): Promise<{ until: number | null; watchers: number }> {
    const watchers = await this.watchers(terminalId);
    watchers[watcherId] = Date.now() + DEBUG_STREAM_LEASE_SECONDS * 1000;
    await this.saveWatchers(terminalId, watchers);
    this.streamFor(terminalId, DEBUG_STREAM_LEASE_SECONDS);
    return leaseOf(watchers);
  }

  /** A console stops watching; the terminal stops streaming when no other console watches. */
  async closeStream(
    terminalId: number,
    watcherId: string,
  ): Promise<{ until: number | null; watchers: number }> {
    const watchers = await this.watchers(terminalId);
    delete watchers[watcherId];
    await this.saveWatchers(terminalId, watchers);
    if (Object.keys(watchers).length === 0) this.streamFor(terminalId, 0);
    return leaseOf(watchers);
  }

  /** Lines of a terminal after `cursor`, and until when its stream is leased. */
  async lines(terminalId: number, cursor: string | undefined): Promise<LogSlice & { until: number | null }> {
    const [raw, watchers] = await Promise.all([
      this.options.store.get(bufferKey(terminalId)),
      this.watchers(terminalId),
    ]);
    const buffer = raw ? (JSON.parse(raw) as LogBuffer) : null;
    return { ...linesAfter(buffer, cursor), until: leaseOf(watchers).until };
  }

  sent(terminalId: number, message: ServerMessage): void {
    if (message.type !== 'debugPing' && message.type !== 'debugErrors') return;
    // Durations only: the monotonic clock.
    const now = performance.now();
    for (const [id, entry] of this.outgoing) {
      if (now - entry.at < OUTGOING_TTL_MS && this.outgoing.size < OUTGOING_MAX) break;
      this.outgoing.delete(id);
    }
    this.outgoing.set(message.requestId, { terminalId, at: now });
  }

  received(terminalId: number, message: DebugTerminalMessage): void {
    if (message.type === 'debugLog') {
      this.append(terminalId, message.boot, message.lines);
      return;
    }
    const arrived = performance.now();
    const out = this.outgoing.get(message.requestId);
    // Only the terminal asked may answer, once.
    if (!out || out.terminalId !== terminalId) return;
    this.outgoing.delete(message.requestId);
    const answer: DebugAnswer =
      message.type === 'debugPong'
        ? { kind: 'pong', rttMs: Math.round((arrived - out.at) * 100) / 100 }
        : { kind: 'errors', errors: message.errors };
    const waiter = this.waiters.get(message.requestId);
    if (waiter) waiter(answer);
    else if (this.options.shared) {
      void this.options.store
        .set(answerKey(message.requestId), JSON.stringify(answer), ANSWER_TTL_MS)
        .catch(() => undefined);
    }
  }

  /** Waits until every append under way is written (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.appending.values()]);
  }

  private append(terminalId: number, boot: string, lines: Parameters<typeof appendLines>[2]): void {
    const previous = this.appending.get(terminalId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const raw = await this.options.store.get(bufferKey(terminalId));
        const buffer = raw ? (JSON.parse(raw) as LogBuffer) : emptyBuffer(randomBytes(6).toString('hex'));
        appendLines(buffer, boot, lines);
        await this.options.store.set(bufferKey(terminalId), JSON.stringify(buffer), BUFFER_TTL_MS);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.appending.get(terminalId) === next) this.appending.delete(terminalId);
      });
    this.appending.set(terminalId, next);
  }

  private streamFor(terminalId: number, seconds: number): void {
    this.options.bus.publish([{ terminalId, message: { type: 'debugLogStream', seconds } }]);
  }

  private async watchers(terminalId: number): Promise<Watchers> {
    const raw = await this.options.store.get(watchKey(terminalId));
    const all = raw ? (JSON.parse(raw) as Watchers) : {};
    const now = Date.now();
    return Object.fromEntries(Object.entries(all).filter(([, until]) => until > now));
  }

  private async saveWatchers(terminalId: number, watchers: Watchers): Promise<void> {
    const until = leaseOf(watchers).until;
    if (until === null) await this.options.store.delete(watchKey(terminalId));
    else await this.options.store.set(watchKey(terminalId), JSON.stringify(watchers), until - Date.now());
  }
}

const answerKey = (requestId: string) => `debug:answer:${requestId}`;
const bufferKey = (terminalId: number) => `debug:log:${terminalId}`;
const watchKey = (terminalId: number) => `debug:watch:${terminalId}`;

function leaseOf(watchers: Watchers): { until: number | null; watchers: number } {
  const ends = Object.values(watchers);
  return { until: ends.length ? Math.max(...ends) : null, watchers: ends.length };
}
