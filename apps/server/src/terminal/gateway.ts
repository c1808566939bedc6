import {
  CHANNEL_CLOSE,
  type CommandName,
  TerminalMessageSchemas,
  type ServerMessage,
  type TerminalMessage,
} from '@apm/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Compile, type Validator } from 'typebox/compile';
import type { WebSocket } from 'ws';
import { preciseNow } from '../lib/precise-clock.js';
import { Batcher } from './batcher.js';
import type { TerminalBus, TerminalDelivery } from './bus.js';
import { statusChangeOf } from './command-status.js';
import type { OpenCommand, TerminalCommandService } from './commands.js';
import type { DeviceIdentity, TerminalDeviceService } from './device-service.js';
import type { HeadCountSink } from './head-counts.js';
import type { PlayEventSink } from './play-events.js';
import type { TerminalPresence } from './presence.js';

type MessageType = keyof typeof TerminalMessageSchemas;
const VALIDATORS = Object.fromEntries(
  Object.entries(TerminalMessageSchemas).map(([type, schema]) => [type, Compile(schema)]),
) as Record<MessageType, Validator>;

/** Frames a terminal may send before its welcome (while its token is looked up). */
const EARLY_FRAMES = 16;

interface Connection {
  socket: WebSocket;
  identity: DeviceIdentity;
  /** Commands sent on this channel and not answered yet (by id): only these may be acknowledged. */
  open: Map<number, SentCommand>;
  /** Every command id written to this channel: a command goes at most once per channel. */
  delivered: Set<number>;
  /** The welcome is out: commands go only after it (before it, the channel's row query finds them). */
  welcomed: boolean;
  /** Closed by the gateway (replaced, revoked, silent): its close must not touch presence. */
  superseded: boolean;
}

/** A command as sent on a channel: what its acknowledgement may change in the terminal's status. */
interface SentCommand {
  name: CommandName;
  params: Record<string, unknown>;
}

/** What terminals send for terminal debugging (answers and streamed log lines). */
export type DebugTerminalMessage = Extract<
  TerminalMessage,
  { type: 'debugPong' | 'debugErrorsAnswer' | 'debugLog' }
>;

/** Terminal debugging's side of the channel: the terminal-debug module sets it on the gateway. */
export interface DebugSink {
  /** A debug request (ping, errors, stream lease) is written to a channel this instance holds. */
  sent(terminalId: number, message: ServerMessage): void;
  /** A terminal on this instance answered or streamed. */
  received(terminalId: number, message: DebugTerminalMessage): void;
}

/** What the gateway is built from. */
export interface GatewayDeps {
  devices: TerminalDeviceService;
  presence: TerminalPresence;
  commands: TerminalCommandService;
  playEvents: PlayEventSink;
  headCounts: HeadCountSink;
  bus: TerminalBus;
  /** Manifest versions of claimed terminals (unknown ones left out). */
  manifestVersions: (terminalIds: number[]) => Promise<Map<number, string>>;
}

/** A close reason may hold at most 123 bytes. */
function reason(text: string): string {
  let out = text;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -2);
  return out;
}

/** Why a frame is not a valid terminal message (naming the field), or the message. */
export function parseTerminalMessage(raw: string): { message: TerminalMessage } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { problem: 'message is not JSON' };
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(VALIDATORS, type)) {
    return { problem: `unknown message type ${JSON.stringify(type ?? null).slice(0, 40)}` };
  }
  const validator = VALIDATORS[type as MessageType];
  if (validator.Check(value)) return { message: value as TerminalMessage };
  for (const issue of validator.Errors(value) as Iterable<{ instancePath: string; message: string }>) {
    const field = issue.instancePath.split('/').slice(1).join('.') || 'message';
    return { problem: `${type}: ${field} ${issue.message}` };
  }
  return { problem: `${type}: invalid message` };
}

/**
 * The terminal channel of this server instance: authenticates each connection once by its token,
 * keeps heartbeats in memory (presence), delivers what the bus publishes to the sockets it holds
 * and records acknowledgements. No database round trip per message.
 */
export class TerminalGateway {
  private readonly connections = new Map<number, Connection>();
  private unsubscribe: (() => void) | null = null;
  /** The jitter window (ms) once this instance drains; null before. */
  private draining: number | null = null;
  private log: FastifyBaseLogger | null = null;
  // Channels opening together (a fleet reconnecting) share their lookups: a few queries per batch.
  private readonly versions: Batcher<number, string>;
  private readonly openCommands: Batcher<number, OpenCommand[]>;
  private readonly commandTails = new WeakMap<object, { name: string; expiresAt: string; json: string }>();
  /** Terminal debugging (set by its module); without it debug messages are dropped. */
  debugSink: DebugSink | null = null;

  constructor(private readonly deps: GatewayDeps) {
    this.versions = new Batcher((ids) => deps.manifestVersions(ids));
    this.openCommands = new Batcher((ids) => deps.commands.openForMany(ids));
  }

  /** Subscribes to the bus and to the presence sweep. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.unsubscribe = this.deps.bus.subscribe(
      (deliveries) => this.deliver(deliveries),
      (terminalId) => this.connections.has(terminalId),
    );
    this.deps.presence.onSilent = (ids) => {
      for (const id of ids) {
        const conn = this.connections.get(id);
        if (!conn) continue;
        this.connections.delete(id);
        conn.superseded = true;
        conn.socket.terminate();
      }
    };
  }

  /** Unsubscribes; the channels count as closed from here (the websocket plugin closes the sockets). */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const [id, conn] of this.connections) {
      conn.superseded = true;
      this.deps.presence.disconnected(id);
    }
    this.connections.clear();
  }

  /**
   * Hands every channel on (this instance is draining): each terminal is told to reconnect after
   * a delay of its own within `windowMs` — through the balancer, to another instance — and its
   * channel closes with 4503. Channels that open from now on are handed on at once.
   */
  drain(windowMs: number): void {
    this.draining = windowMs;
    for (const [id, conn] of this.connections) {
      conn.superseded = true;
      this.handOff(conn, windowMs);
      this.deps.presence.handedOff(id);
    }
    this.connections.clear();
  }

  private handOff(conn: Pick<Connection, 'socket'>, windowMs: number): void {
    this.send(conn, { type: 'reconnect', afterMs: Math.floor(Math.random() * windowMs) });
    conn.socket.close(CHANNEL_CLOSE.draining, 'this server is shutting down; reconnect');
  }

  /** The manifest version of a terminal (lookups made together share their queries). */
  manifestVersion(terminalId: number): Promise<string | undefined> {
    return this.versions.load(terminalId);
  }

  /** How many channels this instance holds. */
  get size(): number {
    return this.connections.size;
  }

  /** Takes a new channel: authenticates it by its token, then welcomes it (or closes it 4401). */
  async accept(socket: WebSocket, token: string | undefined): Promise<void> {
    const early: string[] = [];
    let conn: Connection | null = null;
    // Frames are handled once the welcome is out; until then they wait (a few).
    let welcomed: Connection | null = null;
    let closed = false;
    socket.on('message', (data, isBinary) => {
      const raw = isBinary ? '\u0000binary' : data.toString();
      if (welcomed) this.receive(welcomed, raw);
      else if (early.length < EARLY_FRAMES) early.push(raw);
      else socket.close(CHANNEL_CLOSE.badMessage, 'messages sent before welcome');
    });
    socket.on('close', () => {
      closed = true;
      if (!conn || conn.superseded) return;
      if (this.connections.get(conn.identity.id) === conn) this.connections.delete(conn.identity.id);
      this.deps.presence.disconnected(conn.identity.id);
    });
    socket.on('error', (err) => this.log?.info({ err }, 'terminal channel error'));

    let identity: DeviceIdentity | null = null;
    try {
      identity = await this.deps.devices.authenticate(token);
    } catch (err) {
      this.log?.error({ err }, 'terminal authentication failed');
      socket.close(1011, 'server error; try again');
      return;
    }
    if (closed) return;
    if (!identity) {
      socket.close(CHANNEL_CLOSE.badToken, token ? 'unknown or revoked device token' : 'token is required');
      return;
    }
    if (this.draining !== null) {
      this.handOff({ socket }, this.draining);
      return;
    }
    const previous = this.connections.get(identity.id);
    if (previous) {
      previous.superseded = true;
      previous.socket.close(CHANNEL_CLOSE.replaced, 'replaced by a newer connection of this terminal');
    }
    conn = { socket, identity, open: new Map(), delivered: new Set(), welcomed: false, superseded: false };
    this.connections.set(identity.id, conn);
    this.deps.presence.connected(identity.id);

    const claimed = identity.state === 'claimed';
    const manifestVersion = claimed
      ? await this.versions.load(identity.id).catch((err: unknown) => {
          this.log?.error({ err, terminalId: identity.id }, 'manifest version failed');
          return undefined;
        })
      : null;
    if (closed || conn.superseded) return;
    this.send(conn, {
      type: 'welcome',
      terminalId: identity.id,
      state: identity.state,
      pairingCode: identity.pairingCode,
      name: identity.name,
      heartbeatSeconds: this.deps.devices.heartbeatSeconds,
      serverTime: new Date().toISOString(),
      manifestVersion: manifestVersion ?? null,
      settings: identity.settings,
    });
    welcomed = conn;
    conn.welcomed = true;
    for (const raw of early) this.receive(conn, raw);
    if (claimed) await this.deliverOpenCommands(conn);
  }

  private receive(conn: Connection, raw: string): void {
    // The clock when the frame is taken up: the `t1` of a clock round trip.
    const arrived = preciseNow();
    if (conn.superseded) return;
    const parsed = parseTerminalMessage(raw);
    if ('problem' in parsed) {
      this.log?.info({ terminalId: conn.identity.id, problem: parsed.problem }, 'terminal message refused');
      conn.socket.close(CHANNEL_CLOSE.badMessage, reason(parsed.problem));
      return;
    }
    const message = parsed.message;
    const id = conn.identity.id;
    switch (message.type) {
      case 'clockProbe':
        // Never before t1, even when the clock is re-anchored between the two readings (see preciseNow).
        this.send(conn, {
          type: 'clockEcho',
          id: message.id,
          t0: message.t0,
          t1: arrived,
          t2: Math.max(arrived, preciseNow()),
        });
        break;
      case 'heartbeat':
        this.deps.presence.heartbeat(id, message.status);
        this.send(conn, { type: 'heartbeatAck', seq: message.seq, serverTime: new Date().toISOString() });
        break;
      case 'ack': {
        const sent = conn.open.get(message.commandId);
        if (!sent) {
          this.send(conn, {
            type: 'error',
            code: 'unknownCommand',
            message: `command ${message.commandId} is not an open command of this terminal`,
          });
          break;
        }
        conn.open.delete(message.commandId);
        this.deps.commands.acknowledge(message.commandId, message);
        // The console shows the new volume now, not at the next heartbeat (up to a minute away).
        const change = message.ok ? statusChangeOf(sent.name, sent.params, message.result) : null;
        if (change) this.deps.presence.applied(id, change);
        break;
      }
      case 'progress':
        this.deps.presence.progress(id, message.items);
        break;
      case 'play':
        // Acknowledged once stored; an event without id (older players) is stored but not acknowledged.
        this.deps.playEvents.add(id, message.events, (ids) => this.send(conn, { type: 'playAck', ids }));
        break;
      case 'headCount':
        this.deps.headCounts.add(id, message.events, (ids) => this.send(conn, { type: 'headCountAck', ids }));
        break;
      case 'debugPong':
      case 'debugErrorsAnswer':
      case 'debugLog':
        this.debugSink?.received(id, message);
        break;
    }
  }

  /** Delivers what the bus published to the channels this instance holds. */
  private deliver(deliveries: readonly TerminalDelivery[]): void {
    for (const { terminalId, message } of deliveries) {
      const conn = this.connections.get(terminalId);
      if (!conn) continue;
      const claimed = conn.identity.state === 'claimed';
      switch (message.type) {
        case 'claimed':
          conn.identity = {
            ...conn.identity,
            state: 'claimed',
            pairingCode: null,
            name: message.name,
            officeId: message.officeId,
            groupId: message.groupId,
          };
          this.send(conn, message);
          void this.afterClaim(conn);
          break;
        case 'revoked':
          this.connections.delete(terminalId);
          conn.superseded = true;
          conn.socket.close(CHANNEL_CLOSE.badToken, reason(message.reason || 'the terminal was removed'));
          this.deps.presence.forget(terminalId);
          break;
        case 'command':
          // Pending terminals get no commands; before the welcome, the query of the channel's open
          // commands (made after it) finds the command, which was written before it was published.
          if (claimed && conn.welcomed) this.sendCommand(conn, message);
          break;
        case 'manifest':
          if (claimed) this.send(conn, message);
          break;
        case 'debugPing':
        case 'debugErrors':
        case 'debugLogStream':
          if (!claimed || !conn.welcomed) break;
          this.debugSink?.sent(terminalId, message);
          this.send(conn, message);
          break;
        default:
          this.send(conn, message);
      }
    }
  }

  /** A newly claimed terminal learns its manifest version, then gets the commands that waited. */
  private async afterClaim(conn: Connection): Promise<void> {
    try {
      const version = await this.versions.load(conn.identity.id);
      if (version && !conn.superseded) this.send(conn, { type: 'manifest', version });
    } catch (err) {
      this.log?.error({ err, terminalId: conn.identity.id }, 'manifest version failed');
    }
    await this.deliverOpenCommands(conn);
  }

  private async deliverOpenCommands(conn: Connection): Promise<void> {
    try {
      const open = (await this.openCommands.load(conn.identity.id)) ?? [];
      for (const command of open) {
        if (conn.superseded) break;
        this.sendCommand(conn, { type: 'command', ...command });
      }
    } catch (err) {
      this.log?.error({ err, terminalId: conn.identity.id }, 'delivering waiting commands failed');
    }
  }

  /**
   * Writes a command to the channel once (whether the bus or the channel's row query brought it),
   * and only then counts it `sent`.
   */
  private sendCommand(conn: Connection, message: Extract<ServerMessage, { type: 'command' }>): void {
    if (conn.delivered.has(message.commandId) || conn.socket.readyState !== conn.socket.OPEN) return;
    conn.delivered.add(message.commandId);
    conn.open.set(message.commandId, message);
    this.send(conn, message);
    this.deps.commands.markSent(message.commandId);
  }

  private send(conn: Pick<Connection, 'socket'>, message: ServerMessage): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(this.encode(message));
  }

  /** JSON of a message; a command to thousands shares its name/params/expiry text, built once. */
  private encode(message: ServerMessage): string {
    if (message.type !== 'command') return JSON.stringify(message);
    let tail = this.commandTails.get(message.params);
    if (!tail || tail.name !== message.name || tail.expiresAt !== message.expiresAt) {
      const { type: _type, commandId: _id, ...rest } = message;
      tail = { name: message.name, expiresAt: message.expiresAt, json: JSON.stringify(rest).slice(1) };
      this.commandTails.set(message.params, tail);
    }
    return `{"type":"command","commandId":${message.commandId},${tail.json}`;
  }
}
