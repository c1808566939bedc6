import type { ServerMessage } from '@apm/contract';
import type { FastifyBaseLogger } from 'fastify';

/** One message for one terminal. */
export interface TerminalDelivery {
  terminalId: number;
  message: ServerMessage;
}

/** Receives the deliveries published on the bus (the gateway of each server instance). */
export type DeliveryHandler = (deliveries: readonly TerminalDelivery[]) => void;

/**
 * The seam between the services that address terminals (claims, commands, publishing) and the
 * gateways that hold their connections. Services publish without knowing where a terminal is
 * connected; every gateway subscribes and delivers to the sockets it holds. The default bus is
 * in-process; the MQTT and Redis buses of the scale-out mode implement the same interface.
 */
export interface TerminalBus {
  /** Connects (subscribes to the shared channel in the scale-out mode) before the gateway takes channels. */
  start(log: FastifyBaseLogger): Promise<void>;
  /** Publishes messages to terminals (batched: one call for a command to thousands). */
  publish(deliveries: readonly TerminalDelivery[]): void;
  /**
   * Subscribes a handler; answers the function that unsubscribes it. With `holds`, a bus that decodes
   * what it receives (Redis) hands on only deliveries to terminals it holds, without building the rest
   * (a command to a fleet reaches every instance, each holding a share of the terminals).
   */
  subscribe(handler: DeliveryHandler, holds?: (terminalId: number) => boolean): () => void;
  /**
   * How long a message takes from this instance through the bus back to its subscribers, in ms
   * (the health endpoint's "bus lag"); throws when the bus is down.
   */
  roundTripMs(): Promise<number>;
  /** Stops delivering (app close). */
  close(): Promise<void>;
}

/** The bus of one process: deliveries go synchronously to the local subscribers. */
export class InProcessTerminalBus implements TerminalBus {
  private readonly handlers = new Set<DeliveryHandler>();

  async start(): Promise<void> {}

  publish(deliveries: readonly TerminalDelivery[]): void {
    if (deliveries.length === 0) return;
    for (const handler of this.handlers) handler(deliveries);
  }

  subscribe(handler: DeliveryHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async roundTripMs(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
