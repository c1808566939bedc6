import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type {
  CommandName,
  ServerMessage,
  TerminalMessage,
  TerminalStatus,
} from '../../packages/contract/src/terminal-protocol.js';
import type { TerminalMessagePayload } from '../../packages/contract/src/message.js';
import { pickMessages } from '../../packages/schedule/src/index.js';
import { request } from './http.js';

/** What a simulated terminal reports to the fleet (one shared object, no closures per terminal). */
export interface TerminalHooks {
  welcome(t: SimTerminal, at: number): void;
  heartbeatAck(t: SimTerminal, latencyMs: number): void;
  /** A command id the terminal had not received before. */
  command(t: SimTerminal, commandId: number, name: CommandName, receivedAt: number): void;
  /**
   * A command id received again: `sameChannel` when this channel had already delivered it (the
   * server broke at-most-once per channel), otherwise a redelivery after a reconnect. It is
   * answered from the recorded ack, or (still executing) left to the one execution's ack.
   */
  repeated(t: SimTerminal, commandId: number, sameChannel: boolean): void;
  /** The terminal starts executing a command (once per id, unless its ack record forgot it). */
  executed(t: SimTerminal, commandId: number): void;
  /** The first ack of a command, when its execution ended (acks resent from the record are not reported). */
  acked(t: SimTerminal, commandId: number, ok: boolean, at: number): void;
  /** A draining instance asked the terminal to come back after `afterMs`. */
  reconnectAsked(t: SimTerminal, afterMs: number): void;
  serverError(t: SimTerminal, code: string, message: string): void;
  /** A reconnection attempt failed (it is tried again after the backoff). */
  reconnectFailed?(t: SimTerminal, err: unknown): void;
  closed(t: SimTerminal, code: number, reason: string): void;
  manifest(t: SimTerminal, status: number, ms: number): void;
  manifestFailed(t: SimTerminal, err: unknown): void;
}

/** How a simulated terminal behaves after the channel opens. */
export interface TerminalOptions {
  /** Base URL of the server (http://host:port); the API lives under /apm-web. */
  base: string;
  /**
   * Picks the instance for each (re)connection instead of `base` (several instances, no balancer):
   * HTTP calls then go to the instance of the current channel.
   */
  chooseBase?: (t: SimTerminal) => string;
  /** Fetch the manifest when `welcome` or `manifest` names a version the terminal does not hold. */
  fetchManifest: boolean;
  /** Reconnect after an unexpected close (with backoff and jitter), like the player. */
  reconnect: boolean;
  /**
   * Heartbeat on its own every `heartbeatSeconds` of `welcome` (first one at a random point of
   * the interval), as the protocol asks: a silent terminal is offline after 90 s and closed.
   */
  pace: boolean;
  /** The terminal's zone for messages' schedules until a manifest names one (default UTC). */
  timeZone?: string;
}

/** When a message reached a simulated terminal, and what its ack said. */
export interface MessageArrival {
  messageId: number;
  revision: number;
  /** Epoch ms (Date.now) the `showMessage` command arrived: send → arrival is the delivery latency. */
  receivedAt: number;
  /** Epoch ms its ack was sent. */
  ackedAt: number;
  showing: boolean;
}

/** Acks remembered per terminal for answering redeliveries (the oldest are forgotten). */
const ACK_MEMORY = 1000;
/** Longest `reconnect` delay honoured, ms (what the player does). */
const MAX_RECONNECT_AFTER_MS = 5 * 60_000;

type Ack = Extract<TerminalMessage, { type: 'ack' }>;

/** A 1×1 PNG, what a simulated terminal uploads as its screenshot. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * One simulated terminal, protocol-true: it holds a device token (from `register`), keeps the
 * channel open, answers heartbeats' acks, acknowledges every command with a result, and fetches
 * the manifest (If-None-Match) when told a new version. Like the player it executes each command
 * id once: a repeated id is answered from the recorded ack (or, still executing, by that one
 * execution's ack); and a draining instance's `reconnect` (then close 4503) brings it back after
 * the delay named instead of the backoff.
 */
export class SimTerminal {
  ws: WebSocket | null = null;
  /** The instance of the current (or last) channel. */
  base = '';
  state: 'pending' | 'claimed' = 'pending';
  open = false;
  seq = 0;
  /** Send time (performance.now) of each heartbeat awaiting its ack, by seq. */
  private readonly inFlight = new Map<number, number>();
  manifestVersion: string | null = null;
  private manifestEtag: string | null = null;
  volume = 50;
  stopped = false;
  private attempts = 0;
  private paceTimer: NodeJS.Timeout | null = null;
  /** Acks produced, by command id (survives reconnects, as the player's ack log does). */
  private readonly answered = new Map<number, Ack>();
  /** Command ids executing now. */
  private readonly executing = new Set<number>();
  /** Command ids the current channel delivered. */
  private delivered = new Set<number>();
  /** Messages held (as the player holds them: a higher revision replaces one held). */
  readonly messages = new Map<number, TerminalMessagePayload>();
  /** The last `showMessage` of each message id: when it arrived and whether it showed. */
  readonly messageArrivals = new Map<number, MessageArrival>();
  /** The zone messages' windows are read in (the manifest's, once fetched). */
  timeZone: string;
  /** Set by the fleet: what to do after a heartbeat ack (closed-loop load). */
  onAck: ((t: SimTerminal) => void) | null = null;

  constructor(
    readonly index: number,
    readonly deviceId: string,
    readonly terminalId: number,
    readonly token: string,
    private readonly options: TerminalOptions,
    private readonly hooks: TerminalHooks,
  ) {
    this.timeZone = options.timeZone ?? 'UTC';
  }

  /** Opens the channel; resolves on `welcome`, rejects when it closes first. */
  connect(): Promise<void> {
    this.base = this.options.chooseBase?.(this) ?? this.options.base;
    const wsBase = this.base.replace(/^http/, 'ws');
    const ws = new WebSocket(`${wsBase}/apm-web/terminal/ws?token=${encodeURIComponent(this.token)}`, {
      perMessageDeflate: false,
      handshakeTimeout: 60_000,
    });
    this.ws = ws;
    this.delivered = new Set();
    return new Promise((resolve, reject) => {
      let welcomed = false;
      /** The delay a `reconnect` on this channel named. */
      let reconnectAfter: number | null = null;
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as ServerMessage;
        if (msg.type === 'reconnect') {
          reconnectAfter = reconnectDelay(msg.afterMs);
          this.hooks.reconnectAsked(this, msg.afterMs);
          return;
        }
        if (msg.type === 'welcome' && !welcomed) {
          welcomed = true;
          this.open = true;
          this.attempts = 0;
          resolve();
        }
        this.receive(msg);
      });
      ws.on('close', (code, reason) => {
        this.open = false;
        this.stopPacing();
        this.inFlight.clear();
        if (!welcomed) reject(new Error(`closed before welcome: ${code} ${String(reason)}`));
        this.hooks.closed(this, code, String(reason));
        if (welcomed && this.options.reconnect && !this.stopped && code !== 4401 && code !== 4409) {
          // Told when to come back (4503 follows `reconnect`): no failed attempt, no backoff.
          this.reconnectLater(reconnectAfter ?? undefined);
        }
      });
      ws.on('error', (err) => {
        if (!welcomed) reject(err);
      });
    });
  }

  /**
   * Reconnects after `afterMs` (what a draining instance named), else after exponential backoff
   * with full jitter, capped at 30 s (what the player does).
   */
  private reconnectLater(afterMs?: number): void {
    const delay = afterMs ?? Math.random() * Math.min(30_000, 500 * 2 ** this.attempts++);
    setTimeout(() => {
      if (!this.stopped)
        this.connect().catch((err: unknown) => {
          this.hooks.reconnectFailed?.(this, err);
          this.reconnectLater();
        });
    }, delay).unref();
  }

  private receive(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome':
        this.state = msg.state;
        if (this.options.pace) this.startPacing(msg.heartbeatSeconds * 1000);
        this.hooks.welcome(this, performance.now());
        if (msg.state === 'claimed' && msg.manifestVersion && msg.manifestVersion !== this.manifestVersion) {
          void this.fetchManifest().catch((err) => this.hooks.manifestFailed(this, err));
        }
        break;
      case 'heartbeatAck': {
        const sentAt = this.inFlight.get(msg.seq);
        if (sentAt !== undefined) {
          this.inFlight.delete(msg.seq);
          this.hooks.heartbeatAck(this, performance.now() - sentAt);
          this.onAck?.(this);
        }
        break;
      }
      case 'claimed':
        this.state = 'claimed';
        break;
      case 'manifest':
        if (msg.version !== this.manifestVersion)
          void this.fetchManifest().catch((err) => this.hooks.manifestFailed(this, err));
        break;
      case 'command':
        this.onCommand(msg);
        break;
      case 'error':
        this.hooks.serverError(this, msg.code, msg.message);
        break;
      case 'revoked':
        this.stopped = true;
        break;
    }
  }

  private startPacing(intervalMs: number): void {
    this.stopPacing();
    this.paceTimer = setTimeout(() => {
      this.heartbeat();
      this.paceTimer = setInterval(() => this.heartbeat(), intervalMs);
    }, Math.random() * intervalMs);
  }

  private stopPacing(): void {
    if (this.paceTimer) clearTimeout(this.paceTimer);
    this.paceTimer = null;
  }

  /** Sends one heartbeat with a status like the player's. */
  heartbeat(): void {
    if (!this.open || !this.ws) return;
    const seq = this.seq++;
    const picks = this.messages.size
      ? pickMessages([...this.messages.values()], Date.now(), this.timeZone)
      : null;
    const takeover = picks?.takeover ?? null;
    // What is on screen, as the player reports it: every slot's message.
    const onScreen = picks
      ? [picks.takeover, picks.notice, ...Object.values(picks.tickers)].flatMap((p) =>
          p ? [p.payload.id] : [],
        )
      : [];
    const status: TerminalStatus = {
      // As the player: a takeover on screen is what plays.
      playing: takeover ? { kind: 'message', id: takeover.payload.id } : { kind: 'idle' },
      disk: { free: 8e9, total: 16e9 },
      volume: this.volume,
      appVersion: 'sim-1.0.0',
      clock: new Date().toISOString(),
      resolution: '1920x1080',
      messages: onScreen,
    };
    this.inFlight.set(seq, performance.now());
    this.send({ type: 'heartbeat', seq, status });
  }

  /** Heartbeats sent and not acknowledged yet. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Sends on the channel if it is open (a message for a closed or still-opening one is lost). */
  send(msg: TerminalMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Executions in progress and acks recorded: what a repeated command id is answered with. */
  get commandRecord(): { executing: number; answered: number } {
    return { executing: this.executing.size, answered: this.answered.size };
  }

  private onCommand(msg: Extract<ServerMessage, { type: 'command' }>): void {
    const id = msg.commandId;
    const sameChannel = this.delivered.has(id);
    this.delivered.add(id);
    const earlier = this.answered.get(id);
    if (earlier || this.executing.has(id)) {
      this.hooks.repeated(this, id, sameChannel);
      if (earlier) this.send(earlier);
      return;
    }
    this.hooks.command(this, id, msg.name, performance.now());
    void this.execute(id, msg.name, msg.params);
  }

  private async execute(commandId: number, name: CommandName, params: Record<string, unknown>) {
    this.executing.add(commandId);
    this.hooks.executed(this, commandId);
    let ok = true;
    let result: Record<string, unknown> = {};
    let error: string | undefined;
    try {
      switch (name) {
        case 'screenshot':
          result = { screenshotId: await this.uploadScreenshot(commandId) };
          break;
        case 'volume':
          this.volume = Number(params.volume);
          break;
        case 'refreshPrograms':
          await this.fetchManifest();
          break;
        case 'clearPrograms':
          this.manifestVersion = null;
          this.manifestEtag = null;
          break;
        case 'showMessage':
          result = this.showMessage(params.message as TerminalMessagePayload, commandId);
          break;
        case 'stopMessage':
          result = { stopped: this.messages.delete(Number(params.messageId)), showing: false };
          break;
        case 'playMessage':
          if (this.messages.has(Number(params.messageId))) {
            result = { messageId: Number(params.messageId), showing: true };
          } else {
            ok = false;
            error = `message ${Number(params.messageId)} is not held by this terminal`;
          }
          break;
        case 'updateApp':
          ok = false;
          error = 'not supported by the simulator';
          break;
        default:
          break;
      }
    } catch (err) {
      ok = false;
      error = err instanceof Error ? err.message.slice(0, 1000) : String(err);
    }
    const ack: Ack = { type: 'ack', commandId, ok, result, ...(error ? { error } : {}) };
    // Recorded before it is sent: when the send is lost, the redelivery is answered from here.
    this.answered.set(commandId, ack);
    if (this.answered.size > ACK_MEMORY) this.answered.delete(this.answered.keys().next().value!);
    this.executing.delete(commandId);
    this.send(ack);
    const arrival = this.arrivalOf.get(commandId);
    if (arrival) {
      this.arrivalOf.delete(commandId);
      arrival.ackedAt = Date.now();
    }
    this.hooks.acked(this, commandId, ok, performance.now());
    // A reboot reloads the player: the channel drops and comes back.
    if (name === 'reboot' && ok && this.options.reconnect) this.ws?.close(1001, 'reboot');
  }

  /** `showMessage` arrivals by command id, until their ack is sent. */
  private readonly arrivalOf = new Map<number, MessageArrival>();

  /**
   * Holds a message like the player and answers whether it shows now: due now by its schedule
   * (`messageDueAt`, in the terminal's zone) and first in its slot by priority (`pickMessages`).
   */
  private showMessage(payload: TerminalMessagePayload, commandId: number): { showing: boolean } {
    const receivedAt = Date.now();
    const held = this.messages.get(payload.id);
    if (!held || held.revision < payload.revision) this.messages.set(payload.id, payload);
    const picks = pickMessages([...this.messages.values()], receivedAt, this.timeZone);
    const shown = [picks.takeover, picks.notice, ...Object.values(picks.tickers)];
    const showing = shown.some((pick) => pick?.payload.id === payload.id);
    const arrival = { messageId: payload.id, revision: payload.revision, receivedAt, ackedAt: 0, showing };
    this.messageArrivals.set(payload.id, arrival);
    this.arrivalOf.set(commandId, arrival);
    return { showing };
  }

  private authHeader() {
    return { authorization: `Device ${this.token}` };
  }

  /** GET manifest with If-None-Match; 304 keeps what the terminal holds. */
  async fetchManifest(): Promise<void> {
    const started = performance.now();
    const requestedAt = Date.now();
    const headers: Record<string, string> = this.authHeader();
    if (this.manifestEtag) headers['if-none-match'] = this.manifestEtag;
    const res = await request(`${this.base}/apm-web/terminal/manifest`, { headers });
    if (res.status === 200) {
      type Body = {
        version?: string;
        terminal?: { timeZone?: string };
        messages?: TerminalMessagePayload[];
      };
      const body = JSON.parse(res.text) as Body & { data?: Body };
      const manifest = body.data ?? body;
      this.manifestVersion = manifest.version ?? null;
      if (manifest.terminal?.timeZone) this.timeZone = manifest.terminal.timeZone;
      if (Array.isArray(manifest.messages)) this.reconcileMessages(manifest.messages, requestedAt);
      const etag = res.headers.etag;
      this.manifestEtag = typeof etag === 'string' ? etag : null;
    }
    this.hooks.manifest(this, res.status, performance.now() - started);
  }

  /**
   * A fetched manifest's messages are the server's list, as on the player: one held but absent was
   * stopped (unless it arrived after the request), the higher revision wins.
   */
  private reconcileMessages(list: readonly TerminalMessagePayload[], requestedAt: number): void {
    const next = new Map<number, TerminalMessagePayload>();
    for (const payload of list) {
      const held = this.messages.get(payload.id);
      next.set(payload.id, held && held.revision >= payload.revision ? held : payload);
    }
    for (const [id, held] of this.messages) {
      if (!next.has(id) && (this.messageArrivals.get(id)?.receivedAt ?? -Infinity) >= requestedAt)
        next.set(id, held);
    }
    this.messages.clear();
    for (const [id, payload] of next) this.messages.set(id, payload);
  }

  private async uploadScreenshot(commandId: number): Promise<number> {
    const res = await request(`${this.base}/apm-web/terminal/screenshots?commandId=${commandId}`, {
      method: 'POST',
      headers: { ...this.authHeader(), 'content-type': 'image/png' },
      body: PNG_1X1,
    });
    if (res.status !== 200)
      throw new Error(`screenshot upload answered ${res.status}: ${res.text.slice(0, 200)}`);
    const body = JSON.parse(res.text) as { data?: { screenshotId?: number }; screenshotId?: number };
    const id = body.data?.screenshotId ?? body.screenshotId;
    if (typeof id !== 'number')
      throw new Error(`screenshot upload answered no screenshotId: ${res.text.slice(0, 200)}`);
    return id;
  }

  /** Closes the channel for good. */
  close(): void {
    this.stopped = true;
    this.stopPacing();
    this.ws?.close(1000, 'bye');
  }
}

/** The delay a `reconnect` message names, if it is a usable one (whole ms, at most 5 min). */
export function reconnectDelay(afterMs: unknown): number | null {
  if (typeof afterMs !== 'number' || !Number.isFinite(afterMs) || afterMs < 0) return null;
  return Math.min(Math.floor(afterMs), MAX_RECONNECT_AFTER_MS);
}
