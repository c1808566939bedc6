import type {
  MessageDeliveryPage,
  MessageDocument,
  MessageSendResult,
  TerminalCurrentMessage,
} from '@apm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messageTerminals, messages, terminals } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { SentCommands, TerminalCommandService } from '../../terminal/commands.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import { intArray, jsonRows, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { terminalScope } from '../programs/terminal-choice.js';
import type { SettingsService } from '../settings/service.js';
import { terminalsInScope } from '../terminals/terminal-scope.js';
import { fieldError } from '../users/user-access.js';
import { assertDocumentPublishable, resolveTargets } from './message-check.js';
import { deliveryPage, heldBy, type MessageDeliveryQuery } from './delivery-reads.js';
import { messagePayload, messageTtlSeconds, needsFiles } from './message-payload.js';
import { messageScope } from './message-queries.js';

type MessageRow = typeof messages.$inferSelect;

const notInScope = (id: number, field = 'id') =>
  fieldError(404, field, `No message ${id} in your scope`, 'notFound');

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
    private readonly presence: Pick<TerminalPresence, 'liveStatus'>,
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
  async publish(
    auth: AuthContext,
    id: number,
    userId: number | null = auth.userId,
  ): Promise<MessageSendResult> {
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
      userId,
    );
    await this.deliver(row, target, userId);
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
  async stop(auth: AuthContext, id: number, userId: number | null = auth.userId): Promise<MessageSendResult> {
    await this.messageInScope(auth, id);
    return this.stopEverywhere(id, userId);
  }

  /** Stops a message on every terminal holding it and marks it stopped (also when it is deleted). */
  async stopEverywhere(id: number, userId: number | null): Promise<MessageSendResult> {
    const stopped = await this.stopOn(id, await this.holders(id), userId);
    // A draft (never sent, on no screen) stays a draft.
    await this.db
      .update(messages)
      .set({ stoppedAt: new Date(), stoppedBy: userId })
      .where(
        and(
          eq(messages.id, id),
          stopped.length ? undefined : sql`${messages.sentAt} is not null and ${messages.stoppedAt} is null`,
        ),
      );
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

  /** What was sent where; presence across instances says which terminals are online. */
  private async result(id: number, terminalIds: readonly number[]): Promise<MessageSendResult> {
    const online = (await this.presence.liveStatus(terminalIds)).filter((l) => l.online).length;
    return {
      id,
      terminalCount: terminalIds.length,
      online,
      queued: terminalIds.length - online,
      sentAt: new Date().toISOString(),
    };
  }

  /** One page of the terminals a message was sent to (caller's range), by name, with the count of every state. */
  async deliveries(auth: AuthContext, q: MessageDeliveryQuery): Promise<MessageDeliveryPage> {
    const [message] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, q.id), messageScope(auth)));
    if (!message) throw notInScope(q.id);
    await this.commands.flush();
    return deliveryPage(this.db, this.presence, auth, q);
  }

  /** The messages a terminal of the caller's range holds (not stopped there), newest send first. */
  async ofTerminal(auth: AuthContext, terminalId: number): Promise<TerminalCurrentMessage[]> {
    await terminalsInScope(this.db, auth, [terminalId], 'terminalId');
    await this.commands.flush();
    return heldBy(this.db, auth, terminalId);
  }
}
