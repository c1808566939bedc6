import type { CommandDelivery, CommandDeliveryState, CommandName } from '@apm/contract';
import { COMMAND_STATE_VALUES } from '@apm/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminalCommands, terminals } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { SendCommandInput, SentCommands } from '../../terminal/commands.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';
import { groupInScope, groupWithDescendants } from './group-queries.js';
import { officesUnder } from '../../lib/data-scope.js';
import { claimedInScope, terminalScope, terminalStatesInScope } from './terminal-scope.js';
import type { Page } from './terminal-service.js';

/** What the console needs of the gateway's command service (`app.services.terminalCommands`). */
export interface CommandSender {
  send(input: SendCommandInput): Promise<SentCommands>;
  flush(): Promise<void>;
}

/** Which terminals a command goes to: any mix; at least one. */
export interface CommandTarget {
  terminalIds?: number[];
  groupIds?: number[];
  /** Every claimed terminal of the office and the offices below it. */
  officeId?: number;
}

/** Delivery counts of one batch. */
export type BatchSummary = { total: number } & Record<CommandDeliveryState, number>;

/**
 * Commands from operators: resolves the target to claimed terminals in the caller's scope and
 * hands them to the gateway's command service; reads delivery state back (after a flush).
 */
export class TerminalConsoleCommands {
  constructor(
    private readonly db: Database,
    private readonly sender: CommandSender,
  ) {}

  /** Sends one command to the target; 400 naming the field for bad params or pending terminals. */
  async send(
    auth: AuthContext,
    target: CommandTarget,
    name: CommandName,
    params: Record<string, unknown>,
    ttlSeconds?: number,
  ): Promise<SentCommands & { count: number }> {
    const terminalIds = await this.resolve(auth, target);
    try {
      // `resolve` answers claimed terminals only: telling the sender saves it reading them again.
      const terminalStates = new Map(terminalIds.map((id) => [id, 'claimed' as const]));
      const sent = await this.sender.send({
        terminalIds,
        name,
        params,
        createdBy: auth.userId,
        ttlSeconds,
        terminalStates,
      });
      return { ...sent, count: sent.commands.length };
    } catch (err) {
      // The gateway names the field in its message; the console also wants it in `fields`.
      if (err instanceof AppError && err.statusCode === 400 && !err.extra.fields) {
        const field = /^(params[.\w]*|ttlSeconds|name)/.exec(err.message)?.[1] ?? 'params';
        throw fieldError(400, field, err.message);
      }
      throw err;
    }
  }

  /** The claimed terminals in scope a target names (all or nothing: 404/400 naming the field). */
  async resolve(auth: AuthContext, target: CommandTarget): Promise<number[]> {
    const ids = new Set<number>();
    if (target.terminalIds?.length) {
      const rows = await terminalStatesInScope(this.db, auth, target.terminalIds);
      const pending = rows.find((r) => r.state !== 'claimed');
      if (pending) {
        throw fieldError(400, 'terminalIds', `terminalIds: terminal ${pending.id} is not claimed yet`);
      }
      for (const r of rows) ids.add(r.id);
    }
    const conds: SQL[] = [];
    for (const groupId of target.groupIds ?? []) {
      const group = await groupInScope(this.db, auth, groupId, 'groupIds');
      conds.push(inArray(terminals.groupId, await groupWithDescendants(this.db, group)));
    }
    if (target.officeId !== undefined) {
      const office = await officeInScope(this.db, auth, target.officeId, 'officeId');
      conds.push(officesUnder(terminals.officeId, office.path));
    }
    for (const cond of conds) {
      const rows = await this.db
        .select({ id: terminals.id })
        .from(terminals)
        .where(and(claimedInScope(auth), cond));
      for (const r of rows) ids.add(r.id);
    }
    if (!target.terminalIds?.length && !target.groupIds?.length && target.officeId === undefined) {
      throw fieldError(400, 'terminalIds', 'Name the terminals: terminalIds, groupIds or officeId');
    }
    if (!ids.size) throw fieldError(400, 'terminalIds', 'terminalIds: the target holds no claimed terminal');
    return [...ids];
  }

  /** Delivery state of a batch or of one terminal's commands, newest first, in scope. */
  async deliveries(
    auth: AuthContext,
    filter: { batchId?: string; terminalId?: number; state?: CommandDeliveryState },
    paging: { pageNo: number; pageSize: number },
  ): Promise<Page<CommandDelivery>> {
    if (filter.batchId === undefined && filter.terminalId === undefined) {
      throw fieldError(400, 'batchId', 'batchId or terminalId is required');
    }
    await this.sender.flush();
    const where = and(
      await terminalScope(this.db, auth),
      filter.batchId !== undefined ? eq(terminalCommands.batchId, filter.batchId) : undefined,
      filter.terminalId !== undefined ? eq(terminalCommands.terminalId, filter.terminalId) : undefined,
      filter.state !== undefined ? eq(terminalCommands.state, filter.state) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ command: terminalCommands, terminalName: terminals.name })
        .from(terminalCommands)
        .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
        .where(where)
        .orderBy(desc(terminalCommands.id))
        .limit(paging.pageSize)
        .offset((paging.pageNo - 1) * paging.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(terminalCommands)
        .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
        .where(where),
    ]);
    return {
      list: rows.map(({ command: c, terminalName }) => ({
        id: c.id,
        batchId: c.batchId,
        terminalId: c.terminalId,
        terminalName,
        name: c.name as CommandName,
        params: c.params,
        state: c.state,
        result: c.result ?? null,
        error: c.error,
        createdAt: c.createdAt.toISOString(),
        sentAt: c.sentAt?.toISOString() ?? null,
        doneAt: c.doneAt?.toISOString() ?? null,
        expiresAt: c.expiresAt.toISOString(),
      })),
      count: Number(total?.n ?? 0),
      ...paging,
    };
  }

  /** How many commands of a batch (in scope) are in each state. */
  async summary(auth: AuthContext, batchId: string): Promise<BatchSummary> {
    await this.sender.flush();
    const rows = await this.db
      .select({ state: terminalCommands.state, n: sql<number>`count(*)::int` })
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
      .where(and(eq(terminalCommands.batchId, batchId), await terminalScope(this.db, auth)))
      .groupBy(terminalCommands.state);
    const out = Object.fromEntries(COMMAND_STATE_VALUES.map((s) => [s, 0])) as BatchSummary;
    out.total = 0;
    for (const r of rows) {
      out[r.state] = Number(r.n);
      out.total += Number(r.n);
    }
    if (!out.total)
      throw fieldError(404, 'batchId', `batchId: no commands of batch ${batchId} in your scope`, 'notFound');
    return out;
  }
}
