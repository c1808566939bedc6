import type { ServerMessage } from '@apm/contract';
import type { AckLog, CommandAck } from './commands.js';

type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

/** What carrying out one command produced: its ack, and what to do once the ack has been sent. */
export interface CommandOutcome {
  ack: CommandAck;
  afterSend?: () => Promise<void> | void;
}

/** How the queue carries out commands and answers them. */
export interface CommandQueueDeps {
  acks: AckLog;
  /** Carries the command out (never more than once per id, unless the log forgot the id). */
  run(message: CommandMessage): Promise<CommandOutcome>;
  /** Puts an ack on the channel (the current one: it may have reconnected meanwhile). */
  send(ack: CommandAck): void;
  /** A failure no ack could carry (the queue goes on with the next command). */
  failed?(commandId: number, err: unknown): void;
}

/**
 * Commands from the channel, carried out one at a time in the order they came, each id at most
 * once. The server sends a command again whenever it has no record of its ack (the ack was lost
 * with a connection or an instance, the terminal reconnected elsewhere): an id already answered
 * is answered from the ack log at once; an id still queued or running is dropped, since its one
 * run sends the ack on whatever channel is open when it finishes (a second ack on the same
 * channel would be refused as not open any more).
 */
export class CommandQueue {
  private chain: Promise<void> = Promise.resolve();
  /** Ids queued or running. */
  private readonly pending = new Set<number>();
  /** Repeated ids received: answered from the log, or dropped while their run was pending. */
  repeats = 0;

  constructor(private readonly deps: CommandQueueDeps) {}

  /** Takes a `command` message from the channel. */
  receive(message: CommandMessage): void {
    const id = message.commandId;
    const earlier = this.deps.acks.get(id);
    if (earlier || this.pending.has(id)) {
      this.repeats++;
      if (earlier) this.deps.send(earlier);
      return;
    }
    this.pending.add(id);
    this.chain = this.chain.then(() => this.carryOut(message));
  }

  /** Resolves once every command received so far has been carried out. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Whether a command with this id is queued or running. */
  isPending(commandId: number): boolean {
    return this.pending.has(commandId);
  }

  private async carryOut(message: CommandMessage): Promise<void> {
    try {
      const { ack, afterSend } = await this.deps.run(message);
      // Recorded before it is sent: if the send is lost, the redelivery is answered from the log.
      this.deps.acks.add(ack);
      this.deps.send(ack);
      await afterSend?.();
    } catch (err) {
      this.deps.failed?.(message.commandId, err);
    } finally {
      this.pending.delete(message.commandId);
    }
  }
}
