import type {
  StrategyTerminalPage,
  StrategyDeliveryState,
  TerminalStrategy,
  StrategyDocument,
} from '@apm/contract';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  offices,
  strategies,
  strategyTerminals,
  terminalCommands,
  terminalGroups,
  terminals,
} from '../../db/schema/index.js';
import type { TerminalCommandService } from '../../terminal/commands.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import { intArray, jsonRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { claimedInScope, terminalStatesInScope } from '../terminals/terminal-scope.js';
import { fieldError } from '../users/user-access.js';
import { deliveryState, noDeliveries, strategyNotFound, strategyScope } from './strategy-queries.js';

/** Query of `findRelationTerminals` (paging defaulted). */
export interface StrategyTerminalsFilter {
  id: number;
  pageNo: number;
  pageSize: number;
  keyword?: string;
  state?: StrategyDeliveryState;
}

/**
 * Which terminals follow a strategy and how its sends went: link (moving a terminal from its other
 * strategy), unlink, the paged list with each terminal's delivery state, and `sendStrategy` — one
 * `applyStrategy` command per terminal through the terminal command queue (offline terminals get it
 * when they connect); their acks are the delivery state.
 */
export class StrategyDelivery {
  constructor(
    private readonly db: Database,
    private readonly commands: Pick<TerminalCommandService, 'send' | 'withdraw' | 'flush'>,
    private readonly presence: Pick<TerminalPresence, 'liveStatus'>,
  ) {}

  /** The strategy of the caller's range, or 404. */
  private async strategyOf(auth: AuthContext, id: number) {
    const [row] = await this.db
      .select()
      .from(strategies)
      .where(and(eq(strategies.id, id), strategyScope(auth)));
    if (!row) throw strategyNotFound(id);
    return row;
  }

  /**
   * Links claimed terminals of the caller's range to a strategy (all or nothing: 404 naming those
   * outside it, 400 a pending one); one linked to another strategy moves (a terminal has one). New
   * and moved links wait for a send (`pending`); ones already linked here stay as they are.
   */
  async link(
    auth: AuthContext,
    id: number,
    terminalIds: number[],
  ): Promise<{ linked: number; moved: number }> {
    await this.strategyOf(auth, id);
    const rows = await terminalStatesInScope(this.db, auth, terminalIds);
    const pending = rows.find((r) => r.state !== 'claimed');
    if (pending)
      throw fieldError(400, 'terminalIds', `terminalIds: terminal ${pending.id} is not claimed yet`);
    const before = await this.db
      .select({ terminalId: strategyTerminals.terminalId, strategyId: strategyTerminals.strategyId })
      .from(strategyTerminals)
      .where(sql`${strategyTerminals.terminalId} = any(${intArray(terminalIds)})`);
    const moved = before.filter((b) => b.strategyId !== id).length;
    const already = new Set(before.filter((b) => b.strategyId === id).map((b) => b.terminalId));
    await this.db
      .insert(strategyTerminals)
      .values(terminalIds.map((terminalId) => ({ terminalId, strategyId: id, linkedBy: auth.userId })))
      .onConflictDoUpdate({
        target: strategyTerminals.terminalId,
        set: {
          strategyId: id,
          state: 'pending',
          batchId: null,
          commandId: null,
          sentRevision: null,
          sentAt: null,
          ackedAt: null,
          error: null,
          unsupported: [],
          linkedBy: auth.userId,
          linkedAt: new Date(),
        },
        setWhere: sql`${strategyTerminals.strategyId} <> ${id}`,
      });
    return { linked: terminalIds.length - already.size, moved };
  }

  /**
   * Unlinks terminals from a strategy (all or nothing: 404 naming those of the caller's range not
   * linked to it); those that were sent it are told to drop it (back to their own settings).
   */
  async unlink(auth: AuthContext, id: number, terminalIds: number[]): Promise<{ unlinked: number }> {
    await this.strategyOf(auth, id);
    const rows = await this.db
      .select({ terminalId: strategyTerminals.terminalId })
      .from(strategyTerminals)
      .innerJoin(terminals, eq(terminals.id, strategyTerminals.terminalId))
      .where(
        and(
          eq(strategyTerminals.strategyId, id),
          sql`${strategyTerminals.terminalId} = any(${intArray(terminalIds)})`,
          claimedInScope(auth),
        ),
      );
    const found = new Set(rows.map((r) => r.terminalId));
    const missing = terminalIds.filter((t) => !found.has(t));
    if (missing.length) {
      const shown = missing.slice(0, 20).join(', ');
      throw fieldError(
        404,
        'terminalIds',
        `terminalIds: terminal ${shown} is not linked to this strategy`,
        'notFound',
      );
    }
    await this.dropFrom(auth, terminalIds);
    await this.db
      .delete(strategyTerminals)
      .where(
        and(
          eq(strategyTerminals.strategyId, id),
          sql`${strategyTerminals.terminalId} = any(${intArray(terminalIds)})`,
        ),
      );
    return { unlinked: terminalIds.length };
  }

  /**
   * Tells terminals that were sent a strategy to drop it (`applyStrategy` with null), withdrawing a
   * send they have not answered yet. Terminals never sent one are left alone.
   */
  async dropFrom(auth: AuthContext, terminalIds: number[]): Promise<void> {
    if (!terminalIds.length) return;
    const sent = await this.db
      .select({ terminalId: strategyTerminals.terminalId, commandId: strategyTerminals.commandId })
      .from(strategyTerminals)
      .innerJoin(terminals, eq(terminals.id, strategyTerminals.terminalId))
      .where(
        and(
          sql`${strategyTerminals.terminalId} = any(${intArray(terminalIds)})`,
          isNotNull(strategyTerminals.sentRevision),
          eq(terminals.state, 'claimed'),
        ),
      );
    if (!sent.length) return;
    await this.commands.withdraw(sent.flatMap((s) => (s.commandId ? [s.commandId] : [])));
    await this.commands.send({
      terminalIds: sent.map((s) => s.terminalId),
      name: 'applyStrategy',
      params: { strategy: null },
      createdBy: auth.userId,
      terminalStates: new Map(sent.map((s) => [s.terminalId, 'claimed' as const])),
    });
  }

  /**
   * Sends the strategy's current revision to its linked terminals of the caller's range (or those of
   * `terminalIds`, which must be linked to it: 404 naming the others); 400 when it has none. An
   * unanswered earlier send to them is withdrawn.
   */
  async send(
    auth: AuthContext,
    id: number,
    only: number[] | undefined,
    ttlSeconds?: number,
  ): Promise<{ batchId: string; count: number; revision: number }> {
    const strategy = await this.strategyOf(auth, id);
    const linked = await this.db
      .select({ terminalId: strategyTerminals.terminalId, commandId: strategyTerminals.commandId })
      .from(strategyTerminals)
      .innerJoin(terminals, eq(terminals.id, strategyTerminals.terminalId))
      .where(
        and(
          eq(strategyTerminals.strategyId, id),
          claimedInScope(auth),
          only ? sql`${strategyTerminals.terminalId} = any(${intArray(only)})` : undefined,
        ),
      );
    if (only) {
      const found = new Set(linked.map((l) => l.terminalId));
      const missing = only.filter((t) => !found.has(t));
      if (missing.length)
        throw fieldError(
          404,
          'terminalIds',
          `terminalIds: terminal ${missing.slice(0, 20).join(', ')} is not linked to this strategy`,
          'notFound',
        );
    }
    if (!linked.length) throw fieldError(400, 'id', 'id: the strategy has no terminals to send it to');
    await this.commands.withdraw(linked.flatMap((l) => (l.commandId ? [l.commandId] : [])));
    const payload: TerminalStrategy = {
      id: strategy.id,
      name: strategy.name,
      revision: strategy.revision,
      document: strategy.document as unknown as StrategyDocument,
    };
    const ids = linked.map((l) => l.terminalId);
    const sent = await this.commands.send({
      terminalIds: ids,
      name: 'applyStrategy',
      params: { strategy: payload },
      createdBy: auth.userId,
      ttlSeconds,
      terminalStates: new Map(ids.map((t) => [t, 'claimed' as const])),
    });
    const rows = sent.commands.map((c) => ({ terminal_id: c.terminalId, command_id: c.id }));
    // The command rows may already hold an answer (written between the send and this statement).
    await this.db.execute(sql`
      UPDATE strategy_terminals st SET command_id = v.command_id, batch_id = ${sent.batchId},
        sent_revision = ${strategy.revision}, sent_at = now(),
        state = CASE WHEN c.state IN ('sent', 'acked', 'failed') THEN c.state ELSE 'queued' END,
        acked_at = CASE WHEN c.state IN ('acked', 'failed') THEN c.done_at END,
        error = CASE WHEN c.state = 'failed' THEN c.error END,
        unsupported = CASE WHEN c.state = 'acked' AND jsonb_typeof(c.result->'unsupported') = 'array'
          THEN c.result->'unsupported' ELSE '[]'::jsonb END
      FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(terminal_id int, command_id int)
      JOIN terminal_commands c ON c.id = v.command_id
      WHERE st.terminal_id = v.terminal_id AND st.strategy_id = ${id}`);
    return { batchId: sent.batchId, count: sent.commands.length, revision: strategy.revision };
  }

  /** One page of a strategy's linked terminals (of the caller's range) with their delivery state, by name. */
  async terminals(auth: AuthContext, q: StrategyTerminalsFilter): Promise<StrategyTerminalPage> {
    await this.strategyOf(auth, q.id);
    await this.commands.flush();
    const conds: SQL[] = [eq(strategyTerminals.strategyId, q.id), claimedInScope(auth)];
    const word = q.keyword?.trim().toLowerCase();
    if (word) {
      const pattern = `%${escapeLike(word)}%`;
      conds.push(
        sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
      );
    }
    const grouped = await this.db
      .select({ state: deliveryState, n: sql<number>`count(*)::int` })
      .from(strategyTerminals)
      .innerJoin(terminals, eq(terminals.id, strategyTerminals.terminalId))
      .leftJoin(terminalCommands, eq(terminalCommands.id, strategyTerminals.commandId))
      .where(and(...conds))
      .groupBy(deliveryState);
    const counts = noDeliveries();
    for (const g of grouped) counts[g.state] += Number(g.n);
    const rows = await this.db
      .select({
        terminalId: terminals.id,
        name: terminals.name,
        officeName: offices.name,
        groupName: terminalGroups.name,
        state: deliveryState,
        sentRevision: strategyTerminals.sentRevision,
        sentAt: strategyTerminals.sentAt,
        linkedAt: strategyTerminals.linkedAt,
        commandState: terminalCommands.state,
        doneAt: terminalCommands.doneAt,
        error: terminalCommands.error,
        result: terminalCommands.result,
      })
      .from(strategyTerminals)
      .innerJoin(terminals, eq(terminals.id, strategyTerminals.terminalId))
      .innerJoin(offices, eq(offices.id, terminals.officeId))
      .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
      .leftJoin(terminalCommands, eq(terminalCommands.id, strategyTerminals.commandId))
      .where(and(...conds, q.state ? sql`${deliveryState} = ${q.state}` : undefined))
      .orderBy(asc(terminals.name), asc(terminals.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const live = await this.presence.liveStatus(rows.map((r) => r.terminalId));
    const list = rows.map((r, i) => {
      const unsupported = (r.result as { unsupported?: unknown } | null)?.unsupported;
      return {
        terminalId: r.terminalId,
        name: r.name,
        officeName: r.officeName,
        groupName: r.groupName,
        online: live[i]?.online ?? false,
        state: r.state,
        sentRevision: r.sentRevision,
        sentAt: r.sentAt?.toISOString() ?? null,
        doneAt: r.state === 'acked' || r.state === 'failed' ? (r.doneAt?.toISOString() ?? null) : null,
        error:
          r.state !== 'failed'
            ? null
            : r.commandState === 'failed'
              ? r.error
              : 'not delivered before the send expired',
        unsupported:
          r.state === 'acked' && Array.isArray(unsupported)
            ? unsupported.filter((u): u is string => typeof u === 'string').slice(0, 20)
            : [],
        linkedAt: r.linkedAt.toISOString(),
      };
    });
    const count = q.state ? counts[q.state] : Object.values(counts).reduce((a, b) => a + b, 0);
    return { list, count, pageNo: q.pageNo, pageSize: q.pageSize, counts };
  }
}
