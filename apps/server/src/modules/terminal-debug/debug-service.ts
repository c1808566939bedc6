import type {
  DebugCommandSent,
  DebugErrorsResult,
  DebugLogPage,
  DebugPingResult,
  DebugStreamLease,
} from '@apm/contract';
import type { Database } from '../../db/client.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import type { TerminalConsoleCommands } from '../terminals/command-service.js';
import { terminalStatesInScope } from '../terminals/terminal-scope.js';
import { fieldError } from '../users/user-access.js';
import type { TerminalDebugHub } from './debug-hub.js';

/** The commands of the page: reload (the protocol's `reboot`: a web player reloads) and clear cache. */
export type DebugCommand = 'reboot' | 'clearCache';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Terminal debugging for the console: every call names one claimed terminal of the caller's range
 * (404 naming `terminalId` otherwise, 400 for one not claimed yet), then goes to the hub; a terminal
 * without a live channel is answered `offline` at once, without waiting for the time-out.
 */
export class TerminalDebugService {
  constructor(
    private readonly db: Database,
    private readonly hub: TerminalDebugHub,
    private readonly presence: Pick<TerminalPresence, 'live'>,
    private readonly commands: Pick<TerminalConsoleCommands, 'send'>,
  ) {}

  /** Pings the terminal over its channel and times the answer. */
  async ping(auth: AuthContext, terminalId: number): Promise<DebugPingResult> {
    await this.claimed(auth, terminalId);
    if (!(await this.online(terminalId))) return { answered: false, rttMs: null, reason: 'offline' };
    const answer = await this.hub.request(terminalId, 'pong');
    if (answer?.kind !== 'pong') return { answered: false, rttMs: null, reason: 'timeout' };
    return { answered: true, rttMs: answer.rttMs, reason: null };
  }

  /** The terminal's last errors, newest first, asked over its channel. */
  async errors(auth: AuthContext, terminalId: number): Promise<DebugErrorsResult> {
    await this.claimed(auth, terminalId);
    if (!(await this.online(terminalId))) return { answered: false, reason: 'offline', errors: [] };
    const answer = await this.hub.request(terminalId, 'errors');
    if (answer?.kind !== 'errors') return { answered: false, reason: 'timeout', errors: [] };
    return { answered: true, reason: null, errors: [...answer.errors].reverse() };
  }

  /** Takes or renews this console's lease on the terminal's log stream. */
  async openStream(auth: AuthContext, terminalId: number, watcherId: string): Promise<DebugStreamLease> {
    await this.claimed(auth, terminalId);
    const lease = await this.hub.openStream(terminalId, watcherId);
    return { streamingUntil: iso(lease.until), watchers: lease.watchers };
  }

  /** Gives this console's lease up (the stream stops when no other console watches). */
  async closeStream(auth: AuthContext, terminalId: number, watcherId: string): Promise<DebugStreamLease> {
    await this.claimed(auth, terminalId);
    const lease = await this.hub.closeStream(terminalId, watcherId);
    return { streamingUntil: iso(lease.until), watchers: lease.watchers };
  }

  /** Streamed lines after the cursor. */
  async logs(auth: AuthContext, terminalId: number, cursor: string | undefined): Promise<DebugLogPage> {
    await this.claimed(auth, terminalId);
    const slice = await this.hub.lines(terminalId, cursor);
    return { lines: slice.lines, cursor: slice.cursor, reset: slice.reset, streamingUntil: iso(slice.until) };
  }

  /** Sends reload or clear cache to the terminal (acknowledged through the command delivery). */
  async command(auth: AuthContext, terminalId: number, name: DebugCommand): Promise<DebugCommandSent> {
    await this.claimed(auth, terminalId);
    const sent = await this.commands.send(auth, { terminalIds: [terminalId] }, name, {});
    return { commandId: sent.commands[0]!.id, batchId: sent.batchId };
  }

  private async claimed(auth: AuthContext, terminalId: number): Promise<void> {
    const [row] = await terminalStatesInScope(this.db, auth, [terminalId], 'terminalId');
    if (row!.state !== 'claimed') {
      throw fieldError(400, 'terminalId', `terminalId: terminal ${terminalId} is not claimed yet`);
    }
  }

  private async online(terminalId: number): Promise<boolean> {
    const [live] = await this.presence.live([terminalId]);
    return live?.online ?? false;
  }
}
