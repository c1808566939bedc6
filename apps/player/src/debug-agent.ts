import {
  DEBUG_LOG_BATCH_MAX,
  type DebugLogLine,
  type Manifest,
  type ServerMessage,
  type TerminalMessage,
} from '@apm/contract';
import type { CommandAck } from './commands.js';
import { DebugErrorStore } from './debug-errors.js';
import { DebugLog, logText } from './debug-log.js';

/** What the server asks of terminal debugging. */
export type DebugRequest = Extract<ServerMessage, { type: 'debugPing' | 'debugErrors' | 'debugLogStream' }>;
type ProgressMessage = Extract<TerminalMessage, { type: 'progress' }>;

/** Characters of line text per `debugLog` frame: even three bytes a character stays far below the frame limit. */
const BATCH_CHARS = 12_000;
/** Lines wait this long to go out together. */
const FLUSH_DELAY_MS = 250;
/** Longest lease honoured, s. */
const MAX_LEASE_SECONDS = 600;

/** Timers (injectable for tests). */
export interface AgentClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const realClock: AgentClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** The next batch of `lines`: at most {@link DEBUG_LOG_BATCH_MAX} lines and {@link BATCH_CHARS} characters. */
export function nextBatch(lines: readonly DebugLogLine[]): DebugLogLine[] {
  let chars = 0;
  let count = 0;
  for (const line of lines) {
    if (count >= DEBUG_LOG_BATCH_MAX || (count > 0 && chars + line.text.length > BATCH_CHARS)) break;
    chars += line.text.length;
    count++;
  }
  return lines.slice(0, count);
}

/**
 * The terminal side of terminal debugging: answers pings and errors requests at once, and streams
 * its log while a lease from the server runs (the server renews it while a console watches; without
 * renewal it ends by itself). A stream starts with the lines kept and sends on from the last line
 * sent, also after the channel comes back. The player tells it what happens through the small
 * methods below.
 */
export class DebugAgent {
  private streamUntil = 0;
  private sentSeq = -1;
  private timer: unknown = null;
  private lastPlaying = '';
  private lastMediaError = '';

  constructor(
    private readonly send: (message: TerminalMessage) => boolean,
    readonly log: DebugLog,
    readonly errors: DebugErrorStore,
    private readonly clock: AgentClock = realClock,
  ) {
    log.subscribe(() => this.schedule());
  }

  /** Whether a stream lease runs now. */
  get streaming(): boolean {
    return this.clock.now() < this.streamUntil;
  }

  /** Handles a request of the server. */
  receive(message: DebugRequest): void {
    switch (message.type) {
      case 'debugPing':
        this.send({ type: 'debugPong', requestId: message.requestId });
        break;
      case 'debugErrors':
        this.send({ type: 'debugErrorsAnswer', requestId: message.requestId, errors: this.errors.list() });
        break;
      case 'debugLogStream': {
        const seconds = Math.min(Number(message.seconds) || 0, MAX_LEASE_SECONDS);
        if (seconds <= 0) {
          this.streamUntil = 0;
          this.cancel();
          break;
        }
        // A new stream starts with everything kept; a renewal goes on from the last line sent.
        if (!this.streaming) this.sentSeq = -1;
        this.streamUntil = this.clock.now() + seconds * 1000;
        this.flush();
        break;
      }
    }
  }

  /** The channel's state changed; when it opened, what the stream missed goes now. */
  connection(state: string): void {
    this.log.add(state === 'closed' ? 'warn' : 'info', `channel ${state}`);
    if (state === 'open') this.flush();
  }

  /** A manifest was fetched. */
  manifest(manifest: Manifest): void {
    this.log.info(
      `manifest ${manifest.version} fetched: ${manifest.programs.length} programs, ${manifest.plans.length} plans, ${manifest.messages.length} messages`,
    );
  }

  /** What plays changed. */
  playing(now: { kind: string; id?: number; name?: string }): void {
    const text = now.kind === 'idle' ? 'idle' : `${now.kind} ${now.id ?? ''} ${now.name ?? ''}`.trim();
    if (text === this.lastPlaying) return;
    this.lastPlaying = text;
    this.log.info(`playing ${text}`);
  }

  /** A command was carried out (or refused). */
  command(name: string, ack: CommandAck): void {
    if (ack.ok) {
      this.log.info(`command ${name} #${ack.commandId} acknowledged`, ack.result ?? {});
      return;
    }
    this.log.warn(`command ${name} #${ack.commandId} failed: ${ack.error ?? ''}`);
    this.errors.add('command', `${name} #${ack.commandId}: ${ack.error ?? 'failed'}`);
  }

  /** Download progress as reported to the server: finished and failed downloads are logged. */
  progress(message: ProgressMessage): void {
    for (const item of message.items) {
      if (item.error !== undefined) {
        this.log.error(`material ${item.materialId} download failed: ${item.error}`);
        this.errors.add('download', `material ${item.materialId}: ${item.error}`);
      } else if (item.total > 0 && item.received >= item.total) {
        this.log.info(`material ${item.materialId} downloaded (${item.total} bytes)`);
      }
    }
  }

  /** What keeps failing to play (the same error is recorded once until another one comes). */
  mediaError(message: string | null): void {
    if (!message || message === this.lastMediaError) {
      if (!message) this.lastMediaError = '';
      return;
    }
    this.lastMediaError = message;
    this.log.error(message);
    this.errors.add('media', message);
  }

  private schedule(): void {
    if (this.timer !== null || !this.streaming) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, FLUSH_DELAY_MS);
  }

  private cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends the lines not sent yet, batch by batch, while the lease runs and the channel takes them. */
  private flush(): void {
    this.cancel();
    if (!this.streaming) return;
    let pending = this.log.after(this.sentSeq);
    while (pending.length > 0) {
      const batch = nextBatch(pending);
      // A closed channel: the stream sends on from here when it opens again.
      if (!this.send({ type: 'debugLog', boot: this.log.boot, lines: batch })) return;
      this.sentSeq = batch.at(-1)!.seq;
      pending = pending.slice(batch.length);
    }
  }
}

/** Installs the capture of console warnings and errors, window errors and unhandled rejections. */
export function captureErrors(agent: DebugAgent, target: Window, console: Console): void {
  const warn = console.warn.bind(console);
  const error = console.error.bind(console);
  console.warn = (...parts: unknown[]) => {
    warn(...parts);
    agent.log.warn(...parts);
  };
  console.error = (...parts: unknown[]) => {
    error(...parts);
    agent.log.error(...parts);
    agent.errors.add('console', logText(parts));
  };
  target.addEventListener('error', (event) => {
    const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : '';
    const text = `${event.message || logText([event.error])}${where}`;
    agent.log.error(text);
    agent.errors.add('error', text);
  });
  target.addEventListener('unhandledrejection', (event) => {
    const text = `unhandled rejection: ${logText([event.reason])}`;
    agent.log.error(text);
    agent.errors.add('rejection', text);
  });
}

/** The player's agent: errors kept in localStorage, the browser's errors captured. */
export function createDebugAgent(send: (message: TerminalMessage) => boolean): DebugAgent {
  const agent = new DebugAgent(
    send,
    new DebugLog(),
    new DebugErrorStore({
      read: () => localStorage.getItem('apm.player.debugErrors'),
      write: (value) => localStorage.setItem('apm.player.debugErrors', value),
    }),
  );
  captureErrors(agent, window, globalThis.console);
  return agent;
}
