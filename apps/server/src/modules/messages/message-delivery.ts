import type {
  MessageDelivery,
  MessageDeliveryPage,
  MessageDeliveryState,
  MessageDocument,
  MessageSendResult,
  TerminalCurrentMessage,
  TerminalMessagePayload,
} from '@apm/contract';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  messageTerminals,
  messages,
  offices,
  terminalCommands,
  terminalGroups,
  terminals,
} from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { SentCommands, TerminalCommandService } from '../../terminal/commands.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import { intArray, jsonRows, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { terminalFileUrl } from '../programs/manifest-service.js';
import { terminalScope } from '../programs/terminal-choice.js';
import type { SettingsService } from '../settings/service.js';
import { terminalsInScope } from '../terminals/terminal-scope.js';
import { fieldError } from '../users/user-access.js';
import { assertDocumentPublishable, resolveTargets } from './message-check.js';
import { deliveryState, messageScope, noDeliveries } from './message-queries.js';

/** Longest a `showMessage` waits for an offline terminal: the protocol's longest command life. */
const MAX_TTL_SECONDS = 30 * 24 * 3600;

type MessageRow = typeof messages.$inferSelect;

const notInScope = (id: number, field = 'id') =>
  fieldError(404, field, `No message ${id} in your scope`, 'notFound');

/** How long a command about a message may wait: until its end, at most 30 days (at least a second). */
export function messageTtlSeconds(validUntil: Date | null, now = Date.now()): number {
  if (!validUntil) return MAX_TTL_SECONDS;
  return Math.max(1, Math.min(MAX_TTL_SECONDS, Math.ceil((validUntil.getTime() - now) / 1000)));
}

/** A message as terminals receive it (`showMessage`, the manifest). */
export function messagePayload(
  row: Pick<MessageRow, 'id' | 'revision' | 'name' | 'document'>,
): TerminalMessagePayload {
  const document = row.document as unknown as MessageDocument;
  const imageId = document.kind === 'notice' ? document.notice?.imageMaterialId : null;
  return {
    id: row.id,
    revision: row.revision,
    name: row.name,
    document,
    imageUrl: imageId ? terminalFileUrl(imageId) : null,
  };
}

/** Whether terminals must download something for a message (its image or its program): they fetch their manifest. */
const needsFiles = (document: MessageDocument) =>
  Boolean(
    (document.kind === 'notice' && document.notice?.imageMaterialId) ||
    (document.kind === 'takeover' && document.takeover?.programId),
  );

/**
 * Delivery of messages over the terminal channel: sending (one `showMessage` batch, recorded per
 * terminal in message_terminals with the command that carried it), sending again, stopping
 * (`stopMessage`, and withdrawing what offline terminals have not got yet), and where a message
 * stands on each terminal, derived in SQL from its command's state.
 */
export class MessageDeliveryService {
  constructor(
    private readonly db: Database,
    private readonly commands: Pick<TerminalCommandService, 'send' | 'flush' | 'withdraw'>,
    private readonly presence: Pick<TerminalPresence, 'onlineCount' | 'liveStatus'>,
    private readonly settings: Pick<SettingsService, 'get'>,
    private readonly announce: (terminalIds: readonly number[]) => Promise<void>,
  ) {}

  /** A message of the caller's range (not in the recycle bin), or 404. */
  async messageInScope(auth: AuthContext, id: number, field = 'id'): Promise<MessageRow> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), messageScope(auth), isNull(messages.deletedAt)));
    if (!row) throw notInScope(id, field);
    return row;
  }

  /**
   * 409 unless the message may reach terminals: approved while the audit switch is on, not past its
   * end, its image and program approved.
   */
  async assertSendable(row: MessageRow, field = 'id'): Promise<void> {
    if (row.reviewState !== 'approved' && (await this.settings.get('auditOpen'))) {
      throw new AppError(
        409,
        `Message ${row.name} is ${row.reviewState}; only approved messages can be sent`,
        'notApproved',
        { fields: { [field]: `message is ${row.reviewState}` } },
      );
    }
    if (row.validUntil && row.validUntil.getTime() <= Date.now()) {
      throw conflict(`Message ${row.name} ended at ${row.validUntil.toISOString()}`, 'expired', {
        fields: { 'document.validUntil': 'is past' },
      });
    }
    await assertDocumentPublishable(this.db, row.document as unknown as MessageDocument);
  }

  /**
   * Sends a message to its targets (`savePublish`): afterwards exactly the terminals they resolve to
   * hold it; terminals that held it and are no longer targeted are told to stop.
   */
  async publish(auth: AuthContext, id: number): Promise<MessageSendResult> {
    const row = await this.messageInScope(auth, id);
    await this.assertSendable(row);
    const target = await resolveTargets(this.db, auth, row.targets);
    if (!target.length)
      throw fieldError(400, 'targets', 'targets: the message’s targets hold no claimed terminal');
    const held = await this.holders(id);
    const wanted = new Set(target);
    await this.stopOn(
      id,
      held.filter((t) => !wanted.has(t)),
      auth.userId,
    );
    await this.deliver(row, target, auth.userId);
    return this.result(id, target);
  }

  /** Sends the current revision again: to every target (as `publish`), or to terminals it was sent to. */
  async resend(auth: AuthContext, id: number, terminalIds?: number[]): Promise<MessageSendResult> {
    if (!terminalIds?.length) return this.publish(auth, id);
    const row = await this.messageInScope(auth, id);
    await this.assertSendable(row);
    const rows = await this.db
      .select({ terminalId: messageTerminals.terminalId })
      .from(messageTerminals)
      .innerJoin(terminals, eq(terminals.id, messageTerminals.terminalId))
      .where(
        and(
          eq(messageTerminals.messageId, id),
          sql`${messageTerminals.terminalId} = any(${intArray(terminalIds)})`,
          terminalScope(auth),
        ),
      );
    const found = new Set(rows.map((r) => r.terminalId));
    const missing = terminalIds.filter((t) => !found.has(t));
    if (missing.length) {
      const msg = `Message ${id} was not sent to terminal ${missing.slice(0, 20).join(', ')} in your scope`;
      throw fieldError(404, 'terminalIds', msg, 'notFound');
    }
    await this.deliver(row, terminalIds, auth.userId);
    return this.result(id, terminalIds);
  }

  /** Plays a message now on terminals (the terminal command `playMessage`): a `showMessage` to each. */
  async playNow(auth: AuthContext, id: number, terminalIds: number[]): Promise<SentCommands> {
    const row = await this.messageInScope(auth, id, 'messageId');
    await this.assertSendable(row, 'messageId');
    return this.deliver(row, terminalIds, auth.userId);
  }

  /** Stops a message on every screen (`stop`). */
  async stop(auth: AuthContext, id: number): Promise<MessageSendResult> {
    await this.messageInScope(auth, id);
    return this.stopEverywhere(id, auth.userId);
  }

  /** Stops a message on every terminal holding it and marks it stopped (also when it is deleted). */
  async stopEverywhere(id: number, userId: number | null): Promise<MessageSendResult> {
    const stopped = await this.stopOn(id, await this.holders(id), userId);
    await this.db
      .update(messages)
      .set({ stoppedAt: new Date(), stoppedBy: userId })
      .where(eq(messages.id, id));
    return this.result(id, stopped);
  }

  /** Stops a message on some terminals of the caller's range (`terminalSet/deleteTerminalMessage`). */
  async stopOnTerminals(auth: AuthContext, id: number, terminalIds: number[]): Promise<MessageSendResult> {
    await this.messageInScope(auth, id, 'messageId');
    await terminalsInScope(this.db, auth, terminalIds);
    const held = new Set(await this.holders(id));
    const stopped = await this.stopOn(
      id,
      terminalIds.filter((t) => held.has(t)),
      auth.userId,
    );
    return this.result(id, stopped);
  }

  /**
   * After a save or an approval: the terminals holding the message get its current revision, when it
   * is sent, not stopped and may reach terminals; nothing otherwise.
   */
  async redeliver(id: number, userId: number | null): Promise<void> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), isNull(messages.deletedAt), isNull(messages.stoppedAt)));
    if (!row?.sentAt) return;
    if (row.reviewState !== 'approved' && (await this.settings.get('auditOpen'))) return;
    if (row.validUntil && row.validUntil.getTime() <= Date.now()) return;
    const held = await this.holders(id);
    if (held.length) await this.deliver(row, held, userId);
  }

  /**
   * A sent message went back to review: what its offline terminals have not got yet is withdrawn, and
   * the terminals holding it fetch their manifest, which leaves it out until it is approved.
   */
  async withhold(id: number): Promise<void> {
    const rows = await this.db
      .select({ terminalId: messageTerminals.terminalId, commandId: messageTerminals.commandId })
      .from(messageTerminals)
      .where(and(eq(messageTerminals.messageId, id), isNull(messageTerminals.stoppedAt)));
    await this.commands.withdraw(rows.flatMap((r) => (r.commandId ? [r.commandId] : [])));
    await this.announce(rows.map((r) => r.terminalId));
  }

  /** Terminals holding the message (sent there, not stopped). */
  private async holders(id: number): Promise<number[]> {
    const rows = await this.db
      .select({ terminalId: messageTerminals.terminalId })
      .from(messageTerminals)
      .where(and(eq(messageTerminals.messageId, id), isNull(messageTerminals.stoppedAt)));
    return rows.map((r) => r.terminalId);
  }

  /**
   * One `showMessage` batch of the current revision to terminals. Their rows are written first (a
   * manifest built meanwhile already lists the message), then the commands, then which command
   * carried it where. Older commands of the message not delivered yet are withdrawn.
   */
  private async deliver(
    row: MessageRow,
    terminalIds: number[],
    userId: number | null,
  ): Promise<SentCommands> {
    const ids = intArray(terminalIds);
    const older = await queryRows<{ command_id: number }>(
      this.db,
      sql`SELECT command_id FROM message_terminals
          WHERE message_id = ${row.id} AND terminal_id = ANY(${ids}) AND command_id IS NOT NULL`,
    );
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO message_terminals (message_id, terminal_id, revision, command_id, sent_at, stopped_at)
        SELECT ${row.id}, t, ${row.revision}, NULL, now(), NULL FROM unnest(${ids}) AS t
        ON CONFLICT (message_id, terminal_id) DO UPDATE SET revision = excluded.revision,
          command_id = NULL, sent_at = excluded.sent_at, stopped_at = NULL`);
      await tx
        .update(messages)
        .set({ sentAt: new Date(), sentBy: userId, stoppedAt: null, stoppedBy: null })
        .where(eq(messages.id, row.id));
    });
    await this.commands.withdraw(older.map((r) => Number(r.command_id)));
    const sent = await this.commands.send({
      terminalIds,
      name: 'showMessage',
      params: { message: messagePayload(row) },
      createdBy: userId,
      ttlSeconds: messageTtlSeconds(row.validUntil),
    });
    await this.db.execute(sql`
      UPDATE message_terminals mt SET command_id = v.id
      FROM jsonb_to_recordset(${jsonRows(sent.commands.map((c) => ({ id: c.id, terminal_id: c.terminalId })))})
        AS v(id int, terminal_id int)
      WHERE mt.message_id = ${row.id} AND mt.terminal_id = v.terminal_id`);
    if (needsFiles(row.document as unknown as MessageDocument)) await this.announce(terminalIds);
    return sent;
  }

  /** Marks the message stopped on terminals, withdraws what they have not got, sends `stopMessage`. */
  private async stopOn(id: number, terminalIds: number[], userId: number | null): Promise<number[]> {
    if (!terminalIds.length) return [];
    const rows = await queryRows<{ terminal_id: number; command_id: number | null }>(
      this.db,
      sql`UPDATE message_terminals SET stopped_at = now()
          WHERE message_id = ${id} AND terminal_id = ANY(${intArray(terminalIds)}) AND stopped_at IS NULL
          RETURNING terminal_id, command_id`,
    );
    if (!rows.length) return [];
    await this.commands.withdraw(rows.flatMap((r) => (r.command_id ? [Number(r.command_id)] : [])));
    const [message] = await this.db
      .select({ validUntil: messages.validUntil })
      .from(messages)
      .where(eq(messages.id, id));
    const stopped = rows.map((r) => Number(r.terminal_id));
    await this.commands.send({
      terminalIds: stopped,
      name: 'stopMessage',
      params: { messageId: id },
      createdBy: userId,
      ttlSeconds: messageTtlSeconds(message?.validUntil ?? null),
    });
    return stopped;
  }

  private result(id: number, terminalIds: readonly number[]): MessageSendResult {
    const online = this.presence.onlineCount(terminalIds);
    return {
      id,
      terminalCount: terminalIds.length,
      online,
      queued: terminalIds.length - online,
      sentAt: new Date().toISOString(),
    };
  }

  /** One page of the terminals a message was sent to (caller's range), by name, with the count of every state. */
  async deliveries(
    auth: AuthContext,
    q: { id: number; pageNo: number; pageSize: number; state?: MessageDeliveryState; keyword?: string },
  ): Promise<MessageDeliveryPage> {
    const [message] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, q.id), messageScope(auth)));
    if (!message) throw notInScope(q.id);
    await this.commands.flush();
    const conds: SQL[] = [eq(messageTerminals.messageId, q.id), terminalScope(auth)];
    const word = q.keyword?.trim().toLowerCase();
    if (word) {
      const pattern = `%${escapeLike(word)}%`;
      conds.push(
        sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
      );
    }
    const base = () =>
      this.db
        .select({
          terminalId: terminals.id,
          name: terminals.name,
          officeName: offices.name,
          groupName: terminalGroups.name,
          state: deliveryState,
          revision: messageTerminals.revision,
          sentAt: messageTerminals.sentAt,
          stoppedAt: messageTerminals.stoppedAt,
          doneAt: terminalCommands.doneAt,
          error: terminalCommands.error,
        })
        .from(messageTerminals)
        .innerJoin(messages, eq(messages.id, messageTerminals.messageId))
        .innerJoin(terminals, eq(terminals.id, messageTerminals.terminalId))
        .innerJoin(offices, eq(offices.id, terminals.officeId))
        .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
        .leftJoin(terminalCommands, eq(terminalCommands.id, messageTerminals.commandId));
    const grouped = await this.db
      .select({ state: deliveryState, n: sql<number>`count(*)::int` })
      .from(messageTerminals)
      .innerJoin(messages, eq(messages.id, messageTerminals.messageId))
      .innerJoin(terminals, eq(terminals.id, messageTerminals.terminalId))
      .leftJoin(terminalCommands, eq(terminalCommands.id, messageTerminals.commandId))
      .where(and(...conds))
      .groupBy(deliveryState);
    const counts = noDeliveries();
    for (const g of grouped) counts[g.state] += Number(g.n);
    const where = and(...conds, q.state ? sql`${deliveryState} = ${q.state}` : undefined);
    const rows = await base()
      .where(where)
      .orderBy(asc(terminals.name), asc(terminals.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const live = await this.presence.liveStatus(rows.map((r) => r.terminalId));
    const list: MessageDelivery[] = rows.map((r, i) => ({
      terminalId: r.terminalId,
      name: r.name,
      officeName: r.officeName,
      groupName: r.groupName,
      online: live[i]?.online ?? false,
      state: r.state,
      revision: r.revision,
      sentAt: r.sentAt.toISOString(),
      doneAt: (r.stoppedAt ?? r.doneAt)?.toISOString() ?? null,
      error: r.state === 'failed' ? r.error : null,
    }));
    const count = q.state ? counts[q.state] : Object.values(counts).reduce((a, b) => a + b, 0);
    return { list, count, pageNo: q.pageNo, pageSize: q.pageSize, counts };
  }

  /** The messages a terminal of the caller's range holds (not stopped there), newest send first. */
  async ofTerminal(auth: AuthContext, terminalId: number): Promise<TerminalCurrentMessage[]> {
    await terminalsInScope(this.db, auth, [terminalId], 'terminalId');
    await this.commands.flush();
    const rows = await this.db
      .select({
        messageId: messages.id,
        name: messages.name,
        kind: messages.kind,
        state: deliveryState,
        validUntil: messages.validUntil,
        sentAt: messageTerminals.sentAt,
      })
      .from(messageTerminals)
      .innerJoin(messages, eq(messages.id, messageTerminals.messageId))
      .leftJoin(terminalCommands, eq(terminalCommands.id, messageTerminals.commandId))
      .where(
        and(
          eq(messageTerminals.terminalId, terminalId),
          isNull(messageTerminals.stoppedAt),
          isNull(messages.deletedAt),
          messageScope(auth),
        ),
      )
      .orderBy(desc(messageTerminals.sentAt), desc(messages.id));
    return rows.map((r) => ({
      ...r,
      kind: r.kind as TerminalCurrentMessage['kind'],
      validUntil: r.validUntil?.toISOString() ?? null,
      sentAt: r.sentAt.toISOString(),
    }));
  }
}
