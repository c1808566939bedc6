import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** How `saveTerminals` treats the terminals already playing the program. */
export const PUBLISH_MODES = ['replace', 'add'] as const;
/** `replace`: afterwards it plays on exactly the chosen terminals; `add`: the chosen ones join the others. */
export type PublishMode = (typeof PUBLISH_MODES)[number];

/** Where a published program stands on one terminal (`publishProgram/delivery`). */
export const DELIVERY_STATES = ['waiting', 'downloading', 'playing', 'failed', 'offline'] as const;
/**
 * `waiting`: online, the program not on screen yet (its turn, or its window, has not come);
 * `downloading`: fetching its files; `playing`: shown (now or since it was published);
 * `failed`: a file could not be fetched (`reason`); `offline`: queued until the terminal connects.
 */
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One terminal's delivery of a program. */
export const PublishDeliverySchema = Type.Object({
  terminalId: Type.Integer(),
  name: Type.String(),
  officeName: Type.String(),
  groupName: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
  state: Type.Enum([...DELIVERY_STATES]),
  /** Files of the program the terminal holds, of how many. */
  doneFiles: Type.Integer(),
  totalFiles: Type.Integer(),
  /** Bytes received of the files the terminal reported on (0/0 before any report). */
  receivedBytes: Type.Number(),
  totalBytes: Type.Number(),
  /** Why it failed (the terminal's words), else null. */
  reason: Nullable(Type.String()),
  /** The publication's window (null: from now on, without end). */
  startAt: Nullable(Type.String()),
  endAt: Nullable(Type.String()),
  publishedAt: Type.String(),
});
export type PublishDelivery = Static<typeof PublishDeliverySchema>;

/** Terminals per delivery state, over the whole publication (not just the page). */
export const DeliveryCountsSchema = Type.Object({
  waiting: Type.Integer(),
  downloading: Type.Integer(),
  playing: Type.Integer(),
  failed: Type.Integer(),
  offline: Type.Integer(),
});
export type DeliveryCounts = Static<typeof DeliveryCountsSchema>;

/** Answer of `publishProgram/delivery`: one page of terminals, with the counts of every state. */
export const DeliveryPageSchema = Type.Object({
  list: Type.Array(PublishDeliverySchema),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  counts: DeliveryCountsSchema,
});
export type DeliveryPage = Static<typeof DeliveryPageSchema>;

/** Answer of `publishProgram/retryDelivery`: the failed terminals told to fetch again. */
export const DeliveryRetrySchema = Type.Object({
  programId: Type.Integer(),
  terminalIds: Type.Array(Type.Integer()),
});
export type DeliveryRetry = Static<typeof DeliveryRetrySchema>;
