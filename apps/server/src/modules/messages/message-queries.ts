import {
  MESSAGE_DELIVERY_STATES,
  type MessageDeliveryCounts,
  type MessageDeliveryState,
  type MessageKind,
  type MessageSortField,
  type MessageStatus,
  type MessageSummary,
} from '@apm/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  messageTerminals,
  messages,
  offices,
  terminalCommands,
  terminalGroups,
  terminals,
  users,
  type ReviewState,
} from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { terminalScope } from '../programs/terminal-choice.js';

/** Messages the caller may see and change: their data range (owner = creator for the `self` range). */
export const messageScope = (auth: AuthContext): SQL =>
  dataScope(auth, messages.officeId, messages.createdBy);

/** Where a message stands (matches {@link MessageStatus}). */
export const messageStatus = sql<MessageStatus>`(case
  when ${messages.stoppedAt} is not null then 'stopped'
  when ${messages.validUntil} is not null and ${messages.validUntil} <= now() then 'expired'
  when ${messages.sentAt} is not null then 'sent'
  else 'draft' end)`;

/**
 * A terminal's delivery state of a message, over message_terminals ⟕ terminal_commands (its last
 * `showMessage`) ⋈ messages ⋈ terminals: stopped there; expired (past its end, or never delivered in
 * time); queued (not yet written to an open channel, or not answered); failed; showing or delivered
 * (acked): by the messages an online terminal last reported on screen, else by the ack.
 */
export const deliveryState = sql<MessageDeliveryState>`(case
  when ${messageTerminals.stoppedAt} is not null then 'stopped'
  when (${messages.validUntil} is not null and ${messages.validUntil} <= now())
    or ${terminalCommands.state} = 'expired'
    or (${terminalCommands.state} = 'queued' and ${terminalCommands.expiresAt} <= now()) then 'expired'
  when ${terminalCommands.id} is null or ${terminalCommands.state} in ('queued', 'sent') then 'queued'
  when ${terminalCommands.state} = 'failed' then 'failed'
  when ${terminals.online} and jsonb_typeof(${terminals.status}->'messages') = 'array' then
    case when ${terminals.status}->'messages' @> to_jsonb(${messages.id}) then 'showing' else 'delivered' end
  when ${terminalCommands.result}->>'showing' = 'true' then 'showing'
  else 'delivered' end)`;

/**
 * How many claimed terminals of the caller's range a message's targets resolve to now: its terminals,
 * those of its groups and their subgroups, and those of its offices and below.
 */
const targetCount = (auth: AuthContext) => sql<number>`(
  with recursive g(id) as (
    select (jsonb_array_elements_text(${messages.targets}->'groupIds'))::int
    union select ${terminalGroups.id} from ${terminalGroups} join g on ${terminalGroups.parentId} = g.id)
  select count(*)::int from ${terminals}
  where ${terminalScope(auth)} and (
    ${terminals.id} in (select (jsonb_array_elements_text(${messages.targets}->'terminalIds'))::int)
    or ${terminals.groupId} in (select id from g)
    or ${terminals.officeId} in (
      select o.id from ${offices} o join ${offices} t on t.id in
        (select (jsonb_array_elements_text(${messages.targets}->'officeIds'))::int)
      where o.path like t.path || '%')))`;

/** Columns of a {@link MessageSummary} (less its delivery counts), over messages ⋈ offices ⟕ users. */
export const messageColumns = (auth: AuthContext) => ({
  id: messages.id,
  name: messages.name,
  kind: messages.kind,
  excerpt: sql<string>`left(coalesce(${messages.document}->>'text', ''), 120)`,
  priority: messages.priority,
  validFrom: messages.validFrom,
  validUntil: messages.validUntil,
  officeId: messages.officeId,
  officeName: offices.name,
  createdBy: messages.createdBy,
  creatorName: users.name,
  revision: messages.revision,
  status: messageStatus,
  reviewState: messages.reviewState,
  reviewNote: messages.reviewNote,
  reviewedAt: messages.reviewedAt,
  terminalCount: targetCount(auth),
  sentAt: messages.sentAt,
  stoppedAt: messages.stoppedAt,
  deletedAt: messages.deletedAt,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
});

/** Messages with office and creator joined, for selects of {@link messageColumns}. */
export function selectMessages(db: Database, auth: AuthContext) {
  return db
    .select(messageColumns(auth))
    .from(messages)
    .innerJoin(offices, eq(offices.id, messages.officeId))
    .leftJoin(users, eq(users.id, messages.createdBy));
}

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** Zero of every delivery state. */
export const noDeliveries = (): MessageDeliveryCounts =>
  Object.fromEntries(MESSAGE_DELIVERY_STATES.map((s) => [s, 0])) as MessageDeliveryCounts;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A message row as the API answers it. */
export const toSummary = (row: MessageRow, delivery = noDeliveries()): MessageSummary => ({
  ...row,
  kind: row.kind as MessageKind,
  terminalCount: Number(row.terminalCount),
  delivery,
  validFrom: iso(row.validFrom),
  validUntil: iso(row.validUntil),
  reviewedAt: iso(row.reviewedAt),
  sentAt: iso(row.sentAt),
  stoppedAt: iso(row.stoppedAt),
  deletedAt: iso(row.deletedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The delivery counts of messages (one grouped query), by message id; none sent: absent. */
export async function deliveryCounts(
  db: Database,
  messageIds: number[],
): Promise<Map<number, MessageDeliveryCounts>> {
  const out = new Map<number, MessageDeliveryCounts>();
  if (!messageIds.length) return out;
  const rows = await db
    .select({ messageId: messageTerminals.messageId, state: deliveryState, n: sql<number>`count(*)::int` })
    .from(messageTerminals)
    .innerJoin(messages, eq(messages.id, messageTerminals.messageId))
    .innerJoin(terminals, eq(terminals.id, messageTerminals.terminalId))
    .leftJoin(terminalCommands, eq(terminalCommands.id, messageTerminals.commandId))
    .where(inArray(messageTerminals.messageId, messageIds))
    .groupBy(messageTerminals.messageId, deliveryState);
  for (const r of rows) {
    const counts = out.get(r.messageId) ?? noDeliveries();
    counts[r.state] += Number(r.n);
    out.set(r.messageId, counts);
  }
  return out;
}

/** Filters and paging of a message list. */
export interface MessageListFilters {
  pageNo: number;
  pageSize: number;
  /** Part of the name or the text, case-insensitive. */
  keyword?: string;
  kind?: MessageKind;
  status?: MessageStatus;
  reviewState?: ReviewState;
  /** The recycle bin (soft-deleted messages) instead of the others. */
  deleted?: boolean;
  sort?: MessageSortField;
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  name: messages.name,
  priority: messages.priority,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
  sentAt: messages.sentAt,
  validUntil: messages.validUntil,
} as const;

/** One page of the messages of the caller's range matching the filters: filtered, sorted and paged in SQL. */
export async function pageMessages(db: Database, auth: AuthContext, q: MessageListFilters) {
  const conds: SQL[] = [
    messageScope(auth),
    q.deleted ? isNotNull(messages.deletedAt) : isNull(messages.deletedAt),
  ];
  const keyword = q.keyword?.trim().toLowerCase();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conds.push(
      sql`(lower(${messages.name}) like ${pattern} or lower(${messages.document}->>'text') like ${pattern})`,
    );
  }
  if (q.kind) conds.push(eq(messages.kind, q.kind));
  if (q.status) conds.push(sql`${messageStatus} = ${q.status}`);
  if (q.reviewState) conds.push(eq(messages.reviewState, q.reviewState));
  const where = and(...conds);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(where);
  const column = SORT_COLUMNS[q.sort ?? 'updatedAt'];
  const direction = q.order === 'asc' ? 'asc' : 'desc';
  // Never sent and no end sort last either way.
  const first = sql`${column} ${sql.raw(direction)} nulls last`;
  const rows = await selectMessages(db, auth)
    .where(where)
    .orderBy(first, (direction === 'asc' ? asc : desc)(messages.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const counts = await deliveryCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toSummary(r, counts.get(r.id))),
    count: Number(total?.n ?? 0),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
