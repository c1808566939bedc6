import { Type, type Static, type TSchema } from 'typebox';
import { REVIEW_STATE_VALUES } from './material.js';
import { MESSAGE_KINDS, MessageDocumentSchema } from './message.js';

/**
 * Console calls of messages (`/a/api/publishMessage/...`): production (ajaxSave, soft ajaxDelete and
 * restore, hard delete), sending (savePublish, reuploadMessage, stop), delivery (findSendMessages),
 * review (checklist, submitResult, submitNote) and target choice (terminalSelect, groupsterminals).
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Ids = Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true });

/** Where a message stands: never sent, sent (showing or due), stopped by an operator, past its end. */
export const MESSAGE_STATUSES = ['draft', 'sent', 'stopped', 'expired'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Columns the message list sorts by. */
export const MESSAGE_SORT_FIELDS = [
  'name',
  'priority',
  'createdAt',
  'updatedAt',
  'sentAt',
  'validUntil',
] as const;
export type MessageSortField = (typeof MESSAGE_SORT_FIELDS)[number];

/** Where a sent message stands on one terminal. */
export const MESSAGE_DELIVERY_STATES = [
  'queued',
  'delivered',
  'showing',
  'expired',
  'failed',
  'stopped',
] as const;
/**
 * `queued`: the terminal is offline, it gets the message when it connects (unless it expires first);
 * `delivered`: the terminal holds it (acknowledged), not on screen now (outside its windows, or its
 * showing is over); `showing`: on screen; `expired`: past its end, or never delivered in time;
 * `failed`: the terminal answered an error (`error`); `stopped`: an operator stopped it there.
 */
export type MessageDeliveryState = (typeof MESSAGE_DELIVERY_STATES)[number];

/** Terminals per delivery state, over the whole send. */
export const MessageDeliveryCountsSchema = Type.Object({
  queued: Type.Integer(),
  delivered: Type.Integer(),
  showing: Type.Integer(),
  expired: Type.Integer(),
  failed: Type.Integer(),
  stopped: Type.Integer(),
});
export type MessageDeliveryCounts = Static<typeof MessageDeliveryCountsSchema>;

/** Whom a message goes to: terminals, and every claimed terminal of groups (and subgroups) and offices (and below). */
export const MessageTargetsSchema = Type.Object({
  terminalIds: Type.Array(Id, { maxItems: 100_000, uniqueItems: true }),
  groupIds: Type.Array(Id, { maxItems: 1000, uniqueItems: true }),
  officeIds: Type.Array(Id, { maxItems: 1000, uniqueItems: true }),
});
export type MessageTargets = Static<typeof MessageTargetsSchema>;

/** A message as lists show it (without its document). */
export const MessageSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Enum([...MESSAGE_KINDS]),
  /** The first characters of its text. */
  excerpt: Type.String(),
  priority: Type.Integer(),
  validFrom: Nullable(Type.String()),
  validUntil: Nullable(Type.String()),
  officeId: Type.Integer(),
  officeName: Type.String(),
  createdBy: Nullable(Type.Integer()),
  creatorName: Nullable(Type.String()),
  revision: Type.Integer(),
  status: Type.Enum([...MESSAGE_STATUSES]),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  reviewNote: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  /** Terminals its targets resolve to now. */
  terminalCount: Type.Integer(),
  /** Of the last send (zeros before any). */
  delivery: MessageDeliveryCountsSchema,
  sentAt: Nullable(Type.String()),
  stoppedAt: Nullable(Type.String()),
  /** Set while it is in the recycle bin (soft-deleted, restorable). */
  deletedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type MessageSummary = Static<typeof MessageSummarySchema>;

/** A message with its document and targets (`getPublishMessage`, `messagePreview`). */
export const MessageDetailSchema = Type.Object({
  ...MessageSummarySchema.properties,
  document: MessageDocumentSchema,
  targets: MessageTargetsSchema,
  reviewerName: Nullable(Type.String()),
  /** Console URL of the notice's image, when it has one (`messagePreview` draws it). */
  imageUrl: Nullable(Type.String()),
});
export type MessageDetail = Static<typeof MessageDetailSchema>;

/** Query of `list` (message management; `deleted=true` lists the recycle bin). */
export const MessageListQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(Type.Enum([...MESSAGE_KINDS])),
  status: Type.Optional(Type.Enum([...MESSAGE_STATUSES])),
  reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES])),
  deleted: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum([...MESSAGE_SORT_FIELDS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
});
export type MessageListQuery = Static<typeof MessageListQuerySchema>;

/** Body of `ajaxSave` (POST): a new message without `id`. */
export const MessageSaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** The office it belongs to (new messages; default the caller's). */
  officeId: Type.Optional(Id),
  document: MessageDocumentSchema,
  targets: MessageTargetsSchema,
  /** The revision the form opened; a newer one on the server answers 409 messageConflict. */
  baseRevision: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type MessageSaveBody = Static<typeof MessageSaveBodySchema>;

/** Body of `ajaxDelete` (soft), `restore` and `delete` (hard). */
export const MessageIdsBodySchema = Type.Object({ ids: Ids });
export type MessageIdsBody = Static<typeof MessageIdsBodySchema>;

/** Body of `savePublish` (send to its targets), `stop` (end it on every screen). */
export const MessageIdBodySchema = Type.Object({ id: Id });
export type MessageIdBody = Static<typeof MessageIdBodySchema>;

/** Body of `reuploadMessage`: send again, to every target or to the given terminals (e.g. the failed ones). */
export const MessageResendBodySchema = Type.Object({
  id: Id,
  terminalIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100_000, uniqueItems: true })),
});
export type MessageResendBody = Static<typeof MessageResendBodySchema>;

/** Answer of `savePublish`, `reuploadMessage` and `stop`: what was sent where. */
export const MessageSendResultSchema = Type.Object({
  id: Type.Integer(),
  /** Terminals it went to (online ones at once, the others queued until they connect). */
  terminalCount: Type.Integer(),
  online: Type.Integer(),
  queued: Type.Integer(),
  sentAt: Type.String(),
});
export type MessageSendResult = Static<typeof MessageSendResultSchema>;

/** One terminal's delivery of a message (`findSendMessages`). */
export const MessageDeliverySchema = Type.Object({
  terminalId: Type.Integer(),
  name: Type.String(),
  officeName: Type.String(),
  groupName: Nullable(Type.String()),
  online: Type.Boolean(),
  state: Type.Enum([...MESSAGE_DELIVERY_STATES]),
  /** The revision it holds. */
  revision: Type.Integer(),
  sentAt: Nullable(Type.String()),
  /** When it acknowledged (or failed, expired, stopped). */
  doneAt: Nullable(Type.String()),
  error: Nullable(Type.String()),
});
export type MessageDelivery = Static<typeof MessageDeliverySchema>;

/** Query of `findSendMessages`. */
export const MessageDeliveryQuerySchema = Type.Object({
  id: Id,
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  state: Type.Optional(Type.Enum([...MESSAGE_DELIVERY_STATES])),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type MessageDeliveryQuery = Static<typeof MessageDeliveryQuerySchema>;

/** Answer of `findSendMessages`: one page of terminals, with the counts of every state. */
export const MessageDeliveryPageSchema = Type.Object({
  list: Type.Array(MessageDeliverySchema),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  counts: MessageDeliveryCountsSchema,
});
export type MessageDeliveryPage = Static<typeof MessageDeliveryPageSchema>;

/** Body of `submitResult` (review decision on one or more messages). */
export const MessageReviewBodySchema = Type.Object({
  ids: Ids,
  result: Type.Enum(['approved', 'rejected']),
  /** Required to reject. */
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type MessageReviewBody = Static<typeof MessageReviewBodySchema>;

/** Body of `submitNote`: the author sends a rejected message back to review, with a note to the reviewer. */
export const MessageSubmitNoteBodySchema = Type.Object({
  id: Id,
  note: Type.String({ minLength: 1, maxLength: 500 }),
});
export type MessageSubmitNoteBody = Static<typeof MessageSubmitNoteBodySchema>;

/** A message currently held by a terminal (`terminalSet/getCurTerminalMessage`). */
export const TerminalCurrentMessageSchema = Type.Object({
  messageId: Type.Integer(),
  name: Type.String(),
  kind: Type.Enum([...MESSAGE_KINDS]),
  state: Type.Enum([...MESSAGE_DELIVERY_STATES]),
  validUntil: Nullable(Type.String()),
  sentAt: Nullable(Type.String()),
});
export type TerminalCurrentMessage = Static<typeof TerminalCurrentMessageSchema>;
