import type {
  MessageDelivery,
  MessageDeliveryPage,
  MessageDeliveryState,
  TerminalCurrentMessage,
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
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { terminalScope } from '../programs/terminal-choice.js';
import { deliveryState, messageScope, noDeliveries } from './message-queries.js';

/** Query of `findSendMessages` (paging defaulted). */
export interface MessageDeliveryQuery {
  id: number;
  pageNo: number;
  pageSize: number;
  state?: MessageDeliveryState;
  /** Part of the terminal's name or device id. */
  keyword?: string;
}

/**
 * One page of the terminals a message was sent to (of the caller's range), by name, filtered by state
 * and keyword in SQL, with the count of every state (one grouped query) and presence for `online`.
 * The caller checks the message and makes the command table current first.
 */
export async function deliveryPage(
  db: Database,
  presence: Pick<TerminalPresence, 'liveStatus'>,
  auth: AuthContext,
  q: MessageDeliveryQuery,
): Promise<MessageDeliveryPage> {
  const conds: SQL[] = [eq(messageTerminals.messageId, q.id), terminalScope(auth)];
  const word = q.keyword?.trim().toLowerCase();
  if (word) {
    const pattern = `%${escapeLike(word)}%`;
    conds.push(
      sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
    );
  }
  const grouped = await db
    .select({ state: deliveryState, n: sql<number>`count(*)::int` })
    .from(messageTerminals)
    .innerJoin(messages, eq(messages.id, messageTerminals.messageId))
    .innerJoin(terminals, eq(terminals.id, messageTerminals.terminalId))
    .leftJoin(terminalCommands, eq(terminalCommands.id, messageTerminals.commandId))
    .where(and(...conds))
    .groupBy(deliveryState);
  const counts = noDeliveries();
  for (const g of grouped) counts[g.state] += Number(g.n);
  const rows = await db
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
    .leftJoin(terminalCommands, eq(terminalCommands.id, messageTerminals.commandId))
    .where(and(...conds, q.state ? sql`${deliveryState} = ${q.state}` : undefined))
    .orderBy(asc(terminals.name), asc(terminals.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const live = await presence.liveStatus(rows.map((r) => r.terminalId));
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

/** The messages of the caller's range a terminal holds (not stopped there, not deleted), newest send first. */
export async function heldBy(
  db: Database,
  auth: AuthContext,
  terminalId: number,
): Promise<TerminalCurrentMessage[]> {
  const rows = await db
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
    .innerJoin(terminals, eq(terminals.id, messageTerminals.terminalId))
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
