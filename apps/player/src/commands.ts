import { COMMAND_PARAMS, type CommandName, type CommandParams, type ServerMessage } from '@apm/contract';
import { Value } from 'typebox/value';

type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

/** The acknowledgement of one command, as it goes on the channel. */
export interface CommandAck {
  type: 'ack';
  commandId: number;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: string;
}

/** What the player does for each command; a handler answers the ack's result or throws. */
export type CommandHandlers = {
  [N in CommandName]: (params: CommandParams<N>, commandId: number) => Promise<Record<string, unknown>>;
};

/** Said for commands a web player cannot carry out (yet). */
export const NOT_SUPPORTED = 'not supported by the web player';

/** Thrown by a handler to refuse a command with a message meant for the operator. */
export class CommandRefused extends Error {}

const MAX_ERROR = 1000;

/**
 * Runs one command and answers its acknowledgement: params checked against the contract,
 * expired commands refused, a handler's failure turned into `ok: false` with its message.
 */
export async function runCommand(
  message: CommandMessage,
  handlers: CommandHandlers,
  now: Date = new Date(),
): Promise<CommandAck> {
  const fail = (error: string): CommandAck => ({
    type: 'ack',
    commandId: message.commandId,
    ok: false,
    error: error.slice(0, MAX_ERROR),
  });
  if (!Object.hasOwn(COMMAND_PARAMS, message.name)) return fail(`unknown command "${message.name}"`);
  const expiresAt = Date.parse(message.expiresAt);
  if (Number.isFinite(expiresAt) && expiresAt < now.getTime())
    return fail('the command expired before it arrived');
  const schema = COMMAND_PARAMS[message.name];
  const params = message.params ?? {};
  if (!Value.Check(schema, params)) {
    const first = Value.Errors(schema, params)[0];
    const where = first?.instancePath || '/';
    return fail(`bad params at ${where}: ${first?.message ?? 'invalid'}`);
  }
  const handler = handlers[message.name] as (p: unknown, id: number) => Promise<Record<string, unknown>>;
  try {
    const result = await handler(params, message.commandId);
    return { type: 'ack', commandId: message.commandId, ok: true, result };
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}

/** Where the ack log keeps itself (localStorage in the player). */
export interface AckStore {
  read(): string | null;
  write(value: string): void;
}

/**
 * Acknowledgements already produced, by command id. A command the server sends again (its
 * ack was lost with the connection, or the page reloaded on `reboot` before the server heard)
 * is answered from here instead of being carried out twice.
 */
export class AckLog {
  private acks: CommandAck[];

  constructor(
    private readonly store: AckStore,
    private readonly capacity = 100,
  ) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(store.read() ?? '[]');
    } catch {
      parsed = null;
    }
    this.acks = Array.isArray(parsed) ? (parsed as CommandAck[]).filter((a) => a?.type === 'ack') : [];
  }

  /** The ack given to a command before, if any. */
  get(commandId: number): CommandAck | undefined {
    return this.acks.find((a) => a.commandId === commandId);
  }

  /** Remembers an ack (the oldest are forgotten past the capacity). */
  add(ack: CommandAck): void {
    this.acks = [...this.acks.filter((a) => a.commandId !== ack.commandId), ack].slice(-this.capacity);
    try {
      this.store.write(JSON.stringify(this.acks));
    } catch (err) {
      // A full or unavailable store must not lose the ack: it is still known until a reload.
      console.warn('ack log not saved', err);
    }
  }
}
