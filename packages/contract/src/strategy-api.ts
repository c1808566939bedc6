import { Type, type Static, type TSchema } from 'typebox';
import { STRATEGY_POLICIES, StrategyDocumentSchema } from './strategy.js';

/**
 * Console calls of terminal strategies (`/a/api/strategy/...`): list, saveStrategy, deleteStrategy,
 * strategyDetail, saveStrategyDetails (the whole policy document), saveStrategyDetail (one policy),
 * relationTerminals, disassociateTerminals, findRelationTerminals (with each terminal's delivery
 * state) and sendStrategy.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** Terminals one call may name. */
export const STRATEGY_TERMINALS_MAX = 10_000;
const TerminalIds = Type.Array(Id, { minItems: 1, maxItems: STRATEGY_TERMINALS_MAX, uniqueItems: true });
/** Longest strategy name and description. */
export const STRATEGY_NAME_MAX = 100;
export const STRATEGY_DESCRIPTION_MAX = 500;

/** Columns the strategy list sorts by. */
export const STRATEGY_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'terminalCount'] as const;
export type StrategySortField = (typeof STRATEGY_SORT_FIELDS)[number];

/** GET list: filters, sort and paging (server-side). */
export const StrategyListQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Part of the name or description, case-insensitive. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.Enum([...STRATEGY_SORT_FIELDS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
});
export type StrategyListQuery = Static<typeof StrategyListQuerySchema>;

/** Where a strategy stands on one terminal. */
export const STRATEGY_DELIVERY_STATES = ['pending', 'queued', 'sent', 'acked', 'failed'] as const;
/**
 * `pending`: linked, or the strategy changed, since the last send — send it; `queued`: sent while the
 * terminal was offline, it gets it when it connects; `sent`: on the terminal's channel, not answered
 * yet; `acked`: applied (`unsupported` lists what it could not apply); `failed`: the terminal answered
 * an error, or it was not delivered in time (`error`).
 */
export type StrategyDeliveryState = (typeof STRATEGY_DELIVERY_STATES)[number];

/** Linked terminals per delivery state. */
export const StrategyDeliveryCountsSchema = Type.Object(
  Object.fromEntries(STRATEGY_DELIVERY_STATES.map((s) => [s, Type.Integer()])) as Record<
    StrategyDeliveryState,
    ReturnType<typeof Type.Integer>
  >,
);
export type StrategyDeliveryCounts = Record<StrategyDeliveryState, number>;

/** A strategy as lists show it. */
export const StrategySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  revision: Type.Integer(),
  /** Linked terminals (of the caller's range), and how many of them wait for a send. */
  terminalCount: Type.Integer(),
  pendingCount: Type.Integer(),
  creatorName: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type StrategySummary = Static<typeof StrategySummarySchema>;

/** A strategy with its policies. */
export const StrategyDetailSchema = Type.Object({
  ...StrategySummarySchema.properties,
  document: StrategyDocumentSchema,
});
export type StrategyDetail = Static<typeof StrategyDetailSchema>;

/** POST saveStrategy: creates (no id; needs terminal:strategy:add) or updates name, description and/or policies. */
export const StrategySaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  /** The office a new strategy belongs to (in the caller's range); default: the caller's. */
  officeId: Type.Optional(Id),
  name: Type.String({ maxLength: STRATEGY_NAME_MAX }),
  description: Type.Optional(Type.String({ maxLength: STRATEGY_DESCRIPTION_MAX })),
  /** Required when creating; kept when absent on an update. */
  document: Type.Optional(Type.Unknown()),
  /** The revision the editor opened (409 when someone saved since). */
  baseRevision: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type StrategySaveBody = Static<typeof StrategySaveBodySchema>;

/** POST saveStrategyDetails: replaces every policy. */
export const StrategyDetailsBodySchema = Type.Object({
  id: Id,
  document: Type.Unknown(),
  baseRevision: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type StrategyDetailsBody = Static<typeof StrategyDetailsBodySchema>;

/** POST saveStrategyDetail: replaces one policy (`policy` names it; `value` as in the document). */
export const StrategyPolicyBodySchema = Type.Object({
  id: Id,
  policy: Type.Enum([...STRATEGY_POLICIES]),
  value: Type.Unknown(),
  baseRevision: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type StrategyPolicyBody = Static<typeof StrategyPolicyBodySchema>;

/** POST deleteStrategy. */
export const StrategyIdsBodySchema = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }),
});

/** POST relationTerminals / disassociateTerminals. */
export const StrategyTerminalsBodySchema = Type.Object({ id: Id, terminalIds: TerminalIds });
export type StrategyTerminalsBody = Static<typeof StrategyTerminalsBodySchema>;

/** What relationTerminals did: terminals linked, of which moved from another strategy. */
export const StrategyLinkedSchema = Type.Object({ linked: Type.Integer(), moved: Type.Integer() });

/** GET findRelationTerminals. */
export const StrategyTerminalsQuerySchema = Type.Object({
  id: Id,
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Part of the terminal's name or device id. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.Enum([...STRATEGY_DELIVERY_STATES])),
});
export type StrategyTerminalsQuery = Static<typeof StrategyTerminalsQuerySchema>;

/** A linked terminal with where the strategy stands on it. */
export const StrategyTerminalSchema = Type.Object({
  terminalId: Type.Integer(),
  name: Type.String(),
  officeName: Type.String(),
  groupName: Nullable(Type.String()),
  online: Type.Boolean(),
  state: Type.Enum([...STRATEGY_DELIVERY_STATES]),
  /** The revision of the last send (null: never sent). */
  sentRevision: Nullable(Type.Integer()),
  sentAt: Nullable(Type.String()),
  /** When the terminal answered (applied or failed). */
  doneAt: Nullable(Type.String()),
  error: Nullable(Type.String()),
  /** Policies the terminal said it could not apply. */
  unsupported: Type.Array(Type.String()),
  linkedAt: Type.String(),
});
export type StrategyTerminal = Static<typeof StrategyTerminalSchema>;

/** A page of linked terminals, with the count of every state over all of them. */
export const StrategyTerminalPageSchema = Type.Object({
  list: Type.Array(StrategyTerminalSchema),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  counts: StrategyDeliveryCountsSchema,
});
export type StrategyTerminalPage = Static<typeof StrategyTerminalPageSchema>;

/** POST sendStrategy: to every linked terminal, or to those named. */
export const StrategySendBodySchema = Type.Object({
  id: Id,
  terminalIds: Type.Optional(TerminalIds),
  /** How long it waits for an offline terminal (default 24 h). */
  ttlSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 * 24 * 3600 })),
});
export type StrategySendBody = Static<typeof StrategySendBodySchema>;

/** What sendStrategy did. */
export const StrategySentSchema = Type.Object({
  batchId: Type.String(),
  count: Type.Integer(),
  revision: Type.Integer(),
});
export type StrategySent = Static<typeof StrategySentSchema>;
