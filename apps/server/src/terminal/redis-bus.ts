import { randomUUID } from 'node:crypto';
import type { CommandName, ServerMessage } from '@apm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DeliveryHandler, TerminalBus, TerminalDelivery } from './bus.js';

/** Terminal/command id pairs per published message: a command to 100,000 terminals goes in a few. */
const PAIRS_PER_MESSAGE = 20_000;
/** A round trip through Redis longer than this counts as the bus being down. */
const ROUND_TRIP_TIMEOUT_MS = 2000;

/**
 * What travels on the channel. A command to many terminals is one template and its id pairs
 * (terminal, command), not one JSON per terminal; other messages name the terminals they go to.
 */
type Wire =
  | {
      k: 'c';
      name: CommandName;
      params: Record<string, unknown>;
      expiresAt: string;
      /** terminalId, commandId, terminalId, commandId, ... */
      pairs: number[];
    }
  | { k: 'm'; message: ServerMessage; ids: number[] }
  | { k: 'p'; id: string };

/** The deliveries of a publish call, grouped as they travel (commands by their shared template). */
export function encodeDeliveries(deliveries: readonly TerminalDelivery[]): Wire[] {
  const commands = new Map<object, Extract<Wire, { k: 'c' }>>();
  const others = new Map<ServerMessage, Extract<Wire, { k: 'm' }>>();
  const out: Wire[] = [];
  for (const { terminalId, message } of deliveries) {
    if (message.type === 'command') {
      // Commands of one send share their params object: that is the template's identity.
      let wire = commands.get(message.params);
      if (!wire || wire.name !== message.name || wire.expiresAt !== message.expiresAt) {
        wire = {
          k: 'c',
          name: message.name,
          params: message.params,
          expiresAt: message.expiresAt,
          pairs: [],
        };
        commands.set(message.params, wire);
        out.push(wire);
      }
      wire.pairs.push(terminalId, message.commandId);
    } else {
      let wire = others.get(message);
      if (!wire) {
        wire = { k: 'm', message, ids: [] };
        others.set(message, wire);
        out.push(wire);
      }
      wire.ids.push(terminalId);
    }
  }
  return out.flatMap((wire) => {
    if (wire.k !== 'c' || wire.pairs.length <= PAIRS_PER_MESSAGE * 2) return [wire];
    const parts: Wire[] = [];
    for (let at = 0; at < wire.pairs.length; at += PAIRS_PER_MESSAGE * 2) {
      parts.push({ ...wire, pairs: wire.pairs.slice(at, at + PAIRS_PER_MESSAGE * 2) });
    }
    return parts;
  });
}

/**
 * The deliveries a channel message carries (commands of one template share one params object), only
 * those to terminals `holds` accepts when given.
 */
export function decodeDeliveries(wire: Wire, holds?: (terminalId: number) => boolean): TerminalDelivery[] {
  if (wire.k === 'm') {
    return wire.ids
      .filter((terminalId) => !holds || holds(terminalId))
      .map((terminalId) => ({ terminalId, message: wire.message }));
  }
  if (wire.k !== 'c') return [];
  const out: TerminalDelivery[] = [];
  const { name, params, expiresAt, pairs } = wire;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    if (holds && !holds(pairs[i]!)) continue;
    out.push({
      terminalId: pairs[i]!,
      message: { type: 'command', commandId: pairs[i + 1]!, name, params, expiresAt },
    });
  }
  return out;
}

/**
 * The terminal bus of the scale-out mode: Redis pub/sub on one channel that every instance
 * subscribes to; each gateway delivers to the sockets it holds and ignores the rest.
 *
 * Pub/sub, not Streams: it is the fast path only. Command state lives in PostgreSQL (a command is
 * written before it is published, marked `sent` by the gateway that wrote it to an open channel,
 * and every command not answered is delivered again when its terminal connects, to any instance),
 * so a message lost with an instance or a Redis reconnect delays a command until the terminal
 * reconnects; it never loses one. Manifest and claim notices are idempotent and re-read on connect.
 */
export class RedisTerminalBus implements TerminalBus {
  /** Handlers, each with the terminals it takes (all when undefined). */
  private readonly handlers = new Map<DeliveryHandler, ((terminalId: number) => boolean) | undefined>();
  private readonly pings = new Map<string, () => void>();
  private subscribed: Promise<unknown> | null = null;
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {
    subscriber.on('messageBuffer', (from: Buffer, data: Buffer) => {
      if (from.toString() === channel) this.receive(data);
    });
  }

  /** Subscribes to the channel (at start-up; ioredis re-subscribes by itself after a reconnect). */
  async start(log?: FastifyBaseLogger): Promise<void> {
    if (log) this.log = log;
    this.subscribed ??= this.subscriber.subscribe(this.channel);
    await this.subscribed;
  }

  publish(deliveries: readonly TerminalDelivery[]): void {
    if (deliveries.length === 0) return;
    for (const wire of encodeDeliveries(deliveries)) {
      this.publisher.publish(this.channel, JSON.stringify(wire)).catch((err: unknown) => {
        // Commands are delivered again on reconnect from the database; the loss only delays them.
        this.log?.warn({ err }, 'terminal bus publish failed');
      });
    }
  }

  subscribe(handler: DeliveryHandler, holds?: (terminalId: number) => boolean): () => void {
    this.handlers.set(handler, holds);
    return () => this.handlers.delete(handler);
  }

  async roundTripMs(): Promise<number> {
    await this.start();
    const id = randomUUID();
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        this.pings.set(id, resolve);
        timer = setTimeout(
          () => reject(new Error('terminal bus: no round trip within 2 s')),
          ROUND_TRIP_TIMEOUT_MS,
        );
        this.publisher.publish(this.channel, JSON.stringify({ k: 'p', id } satisfies Wire)).catch(reject);
      });
    } finally {
      clearTimeout(timer);
      this.pings.delete(id);
    }
    return performance.now() - started;
  }

  async close(): Promise<void> {
    this.handlers.clear();
    for (const resolve of this.pings.values()) resolve();
    this.pings.clear();
  }

  private receive(data: Buffer): void {
    let wire: Wire;
    try {
      wire = JSON.parse(data.toString()) as Wire;
    } catch {
      this.log?.warn('terminal bus: a message that is not JSON was ignored');
      return;
    }
    if (wire.k === 'p') {
      this.pings.get(wire.id)?.();
      return;
    }
    for (const [handler, holds] of this.handlers) {
      const deliveries = decodeDeliveries(wire, holds);
      if (deliveries.length > 0) handler(deliveries);
    }
  }
}
