import {
  API_BASE,
  CHANNEL_CLOSE,
  TERMINAL_WS_PATH,
  type ServerMessage,
  type TerminalMessage,
} from '@apm/contract';
import { Backoff } from './backoff.js';
import { ClockEstimator } from './clock-sync.js';

/** The player's clock in ms since the epoch, to the microsecond (clock round trips). */
export const preciseNow = (): number => performance.timeOrigin + performance.now();

/** Clock round trips right after connecting (spaced by {@link PROBE_BURST_GAP_MS}), then one every {@link PROBE_EVERY_MS}. */
export const PROBE_BURST = 5;
export const PROBE_BURST_GAP_MS = 300;
export const PROBE_EVERY_MS = 10_000;
/** While the estimate is poor (see `ClockEstimator.settled`), a round trip this often instead. */
export const PROBE_UNSETTLED_MS = 1_000;

/** Connection state shown in the status corner. */
export type ChannelState = 'connecting' | 'open' | 'closed' | 'stopped';

/** What the channel tells the player. */
export interface ChannelEvents {
  message(message: ServerMessage): void;
  state(state: ChannelState): void;
  /** The server refused the token (4401): the player must register again. */
  unauthorised(): void;
  /** Another connection of this terminal took over (4409): this one stops reconnecting. */
  replaced(): void;
}

/** Longest `reconnect` delay honoured, ms (a larger one is cut to this). */
export const MAX_RECONNECT_AFTER_MS = 5 * 60_000;

/** The delay a `reconnect` message names, if it is a usable one. */
export function reconnectDelay(afterMs: unknown): number | null {
  if (typeof afterMs !== 'number' || !Number.isFinite(afterMs) || afterMs < 0) return null;
  return Math.min(Math.floor(afterMs), MAX_RECONNECT_AFTER_MS);
}

/**
 * The WebSocket channel to the server: connects with the device token, reconnects after a loss
 * with exponential backoff and full jitter, and sends heartbeats at the period the server asks.
 * A draining server instance sends `reconnect` (then closes with 4503): the channel then comes
 * back after the delay it named, counted from the close, without counting a failed attempt.
 */
export class Channel {
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private soonTimer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private running = false;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private probeId = 0;
  /** The estimate of the server's clock from clock round trips (kept across reconnections). */
  readonly clock = new ClockEstimator();

  constructor(
    private readonly token: () => string | null,
    private readonly status: () => Promise<Extract<TerminalMessage, { type: 'heartbeat' }>['status']>,
    private readonly events: ChannelEvents,
    private readonly backoff = new Backoff(),
  ) {}

  /** Starts connecting (and keeps reconnecting until `stop`). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Closes the channel and stops reconnecting. */
  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.stopHeartbeats();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'player stopped');
    this.events.state('stopped');
  }

  /** Whether a message can be sent now. */
  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a message; answers false when the channel is not open. */
  send(message: TerminalMessage): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Resolves once everything sent so far has left the browser (or after `timeoutMs`). */
  async drain(timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.socket && this.socket.bufferedAmount > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Sends a heartbeat now and then every `seconds`. */
  heartbeatEvery(seconds: number): void {
    this.stopHeartbeats();
    void this.beat();
    this.heartbeatTimer = setInterval(() => void this.beat(), Math.max(1, seconds) * 1000);
  }

  /** An extra heartbeat shortly (what plays changed; the console shows it without waiting a period). */
  beatSoon(): void {
    clearTimeout(this.soonTimer);
    this.soonTimer = setTimeout(() => void this.beat(), 500);
  }

  private async beat(): Promise<void> {
    if (!this.isOpen) return;
    const status = await this.status();
    const clockSync = this.clock.summary();
    this.send({ type: 'heartbeat', seq: this.seq++, status: clockSync ? { ...status, clockSync } : status });
  }

  private stopHeartbeats(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
  }

  /** A fresh burst of clock round trips (synchronized playback is starting: its scenes need the best estimate). */
  probeBurst(): void {
    this.probe();
  }

  /** Clock round trips: a burst on connecting, then one now and then. */
  private probe(left = PROBE_BURST): void {
    clearTimeout(this.probeTimer);
    if (!this.isOpen) return;
    this.send({ type: 'clockProbe', id: this.probeId++, t0: preciseNow() });
    const next = left > 1 ? PROBE_BURST_GAP_MS : this.clock.settled() ? PROBE_EVERY_MS : PROBE_UNSETTLED_MS;
    this.probeTimer = setTimeout(() => this.probe(left > 1 ? left - 1 : 1), next);
  }

  private connect(): void {
    const token = this.token();
    if (!this.running || !token) return;
    this.events.state('connecting');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const url = `${scheme}//${location.host}${API_BASE}${TERMINAL_WS_PATH}?token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    /** The delay the server named in `reconnect` on this socket. */
    let reconnectAfter: number | null = null;
    /** Whether a heartbeat on this socket was sent for the clock estimate having settled. */
    let settledTold = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.backoff.opened();
      this.events.state('open');
      this.probe();
    };
    socket.onmessage = (event) => {
      // Taken first: the `t3` of a clock round trip.
      const received = preciseNow();
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'reconnect') {
        reconnectAfter = reconnectDelay(message.afterMs);
        return;
      }
      if (message.type === 'clockEcho') {
        this.clock.add({ t0: message.t0, t1: message.t1, t2: message.t2, t3: received });
        // The console shows each sync member's clock: it hears of a good estimate without waiting a
        // period, once per connection (an estimate near the limit may settle again and again).
        if (!settledTold && this.clock.settled()) {
          settledTold = true;
          this.beatSoon();
        }
        return;
      }
      this.events.message(message);
    };
    socket.onclose = (event) => {
      // A socket replaced by a newer one of ours closes late; only the current one counts.
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeats();
      if (!this.running) return;
      if (event.code === CHANNEL_CLOSE.badToken) {
        this.running = false;
        this.events.state('closed');
        this.events.unauthorised();
        return;
      }
      if (event.code === CHANNEL_CLOSE.replaced) {
        this.running = false;
        this.events.state('stopped');
        this.events.replaced();
        return;
      }
      this.events.state('closed');
      let delay: number;
      if (reconnectAfter !== null) {
        // Told to come back later (4503 follows `reconnect`; any close after it means the same).
        this.backoff.drained();
        delay = reconnectAfter;
      } else {
        delay = this.backoff.closed();
      }
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }
}
