import { Type, type Static, type TSchema } from 'typebox';

/**
 * Statistics calls (`/a/api/statistics/...`): fleet counts, online time, login activity, resource
 * cases, widgets, office instant figures, startup rate, head counts, and proof of play (plays and
 * seconds by time, hour-of-day heat map, top lists, scheduled-vs-played reconciliation, exports).
 * Every answer covers only the caller's tenant and data range.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Count = Type.Integer({ minimum: 0 });

/** Bucket sizes of a time series. */
export const STATS_GRANULARITIES = ['hour', 'day', 'month'] as const;
export type StatsGranularity = (typeof STATS_GRANULARITIES)[number];
/** Longest period any statistics call covers, in days. */
export const STATS_MAX_DAYS = 400;
/** Longest period an hourly series covers, in days (31 × 24 points). */
export const STATS_HOURLY_MAX_DAYS = 31;
/** Longest period a reconciliation covers, in days (it reads raw events). */
export const RECONCILE_MAX_DAYS = 31;

/** The period of a statistics call: `[from, to)`, bucketed in `timeZone` (IANA; default the caller's office's). */
export const StatsPeriodSchema = {
  from: Type.String({ format: 'date-time', description: 'Start of the period (ISO 8601), included' }),
  to: Type.String({ format: 'date-time', description: 'End of the period (ISO 8601), excluded' }),
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA zone of days and hours' })),
  granularity: Type.Optional(Type.Enum([...STATS_GRANULARITIES])),
  officeId: Type.Optional(Type.Integer({ ...Id, description: 'This office and below' })),
  terminalId: Type.Optional(Type.Integer({ ...Id, description: 'One terminal only' })),
};

/** GET query of period-based calls. */
export const StatsPeriodQuerySchema = Type.Object(StatsPeriodSchema);
export type StatsPeriodQuery = Static<typeof StatsPeriodQuerySchema>;

/** One bucket of a time series: its start (ISO 8601) and values. */
export const SeriesPointSchema = Type.Object({ bucket: Type.String(), value: Type.Number() });
export type SeriesPoint = Static<typeof SeriesPointSchema>;

/** A name and a count (by platform, version, type, state, device...). */
export const NamedCountSchema = Type.Object({ name: Type.String(), count: Count });
export type NamedCount = Static<typeof NamedCountSchema>;

/** `terminalCount`: claimed terminals of the range now. */
export const TerminalCountSchema = Type.Object({
  total: Count,
  online: Count,
  offline: Count,
  /** Waiting to be claimed (platform administrators only; 0 for everyone else). */
  pending: Count,
  byPlatform: Type.Array(NamedCountSchema),
  byVersion: Type.Array(NamedCountSchema),
});
export type TerminalCount = Static<typeof TerminalCountSchema>;

/** `onlineTime`: online seconds of the range's terminals per bucket, and the share of the possible time. */
export const OnlineTimeSchema = Type.Object({
  terminals: Count,
  onlineSeconds: Type.Number(),
  /** Online seconds ÷ (terminals × seconds of the period), 0–1. */
  onlineRate: Type.Number(),
  series: Type.Array(Type.Object({ bucket: Type.String(), seconds: Type.Number(), rate: Type.Number() })),
  byOffice: Type.Array(
    Type.Object({
      officeId: Type.Integer(),
      officeName: Type.String(),
      terminals: Count,
      onlineNow: Count,
      onlineRate: Type.Number(),
    }),
  ),
});
export type OnlineTime = Static<typeof OnlineTimeSchema>;

/** `loginActivity`: sign-ins of the range's users. */
export const LoginActivitySchema = Type.Object({
  total: Count,
  succeeded: Count,
  failed: Count,
  users: Count,
  series: Type.Array(Type.Object({ bucket: Type.String(), succeeded: Count, failed: Count })),
  /** Sign-ins by hour of day (0–23) in the period's zone. */
  byHour: Type.Array(Count, { minItems: 24, maxItems: 24 }),
  byUser: Type.Array(
    Type.Object({
      userId: Nullable(Type.Integer()),
      username: Type.String(),
      succeeded: Count,
      failed: Count,
      lastAt: Type.String(),
    }),
  ),
  /** By operating system and browser read from the user agent (`Windows · Chrome`). */
  byDevice: Type.Array(NamedCountSchema),
});
export type LoginActivity = Static<typeof LoginActivitySchema>;

/** `resourceCases`: materials, programs, plans and messages of the range now. */
export const ResourceCasesSchema = Type.Object({
  materials: Type.Object({
    total: Count,
    bytes: Type.Integer({ minimum: 0 }),
    byKind: Type.Array(Type.Object({ name: Type.String(), count: Count, bytes: Type.Integer() })),
    byState: Type.Array(NamedCountSchema),
  }),
  programs: Type.Object({
    total: Count,
    bytes: Type.Integer({ minimum: 0 }),
    byState: Type.Array(NamedCountSchema),
  }),
  plans: Type.Object({ total: Count, byState: Type.Array(NamedCountSchema) }),
  messages: Type.Object({ total: Count, byState: Type.Array(NamedCountSchema) }),
});
export type ResourceCases = Static<typeof ResourceCasesSchema>;

/** `widgetNumber`: every widget type of the program format with how often the range's programs use it. */
export const WidgetNumberSchema = Type.Array(
  Type.Object({
    type: Type.String(),
    /** Whether the tenant has the type switched on (widget management). */
    enabled: Type.Boolean(),
    widgets: Count,
    programs: Count,
  }),
);
export type WidgetNumber = Static<typeof WidgetNumberSchema>;

/** `widgetClick` / `widgetUse`: reported events by widget type over the period. */
export const WidgetActivitySchema = Type.Object({
  total: Count,
  seconds: Type.Number(),
  byType: Type.Array(Type.Object({ type: Type.String(), count: Count, seconds: Type.Number() })),
  series: Type.Array(SeriesPointSchema),
});
export type WidgetActivity = Static<typeof WidgetActivitySchema>;

/** `officeInstant`: each child office (and the office itself) now and today. */
export const OfficeInstantSchema = Type.Array(
  Type.Object({
    officeId: Type.Integer(),
    officeName: Type.String(),
    terminals: Count,
    online: Count,
    playsToday: Count,
    secondsToday: Type.Number(),
  }),
);
export type OfficeInstant = Static<typeof OfficeInstantSchema>;

/** `terminalsByIds`: figures of the named terminals over the period (others are left out). */
export const TerminalFiguresSchema = Type.Array(
  Type.Object({
    terminalId: Type.Integer(),
    name: Type.String(),
    officeName: Nullable(Type.String()),
    online: Type.Boolean(),
    onlineSeconds: Type.Number(),
    plays: Count,
    seconds: Type.Number(),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
  }),
);
export type TerminalFigures = Static<typeof TerminalFiguresSchema>;

/** POST body of `startupRate` and `headCount`: a period and optionally some terminals. */
export const StatsPeriodBodySchema = Type.Object({
  ...StatsPeriodSchema,
  terminalIds: Type.Optional(Type.Array(Id, { maxItems: 1000, uniqueItems: true })),
});
export type StatsPeriodBody = Static<typeof StatsPeriodBodySchema>;

/** `startupRate`: per bucket, how many of the terminals were online at some time in it. */
export const StartupRateSchema = Type.Object({
  terminals: Count,
  rate: Type.Number(),
  series: Type.Array(Type.Object({ bucket: Type.String(), started: Count, rate: Type.Number() })),
});
export type StartupRate = Static<typeof StartupRateSchema>;

/** `headCount`: people counted by camera terminals. */
export const HeadCountSchema = Type.Object({
  total: Count,
  series: Type.Array(SeriesPointSchema),
  byHour: Type.Array(Count, { minItems: 24, maxItems: 24 }),
  byTerminal: Type.Array(Type.Object({ terminalId: Type.Integer(), name: Type.String(), count: Count })),
});
export type HeadCount = Static<typeof HeadCountSchema>;

/** What plays are counted for: programs, materials, messages, scenes. */
export const PLAY_SUBJECTS = ['program', 'material', 'message', 'scene'] as const;
export type PlaySubject = (typeof PLAY_SUBJECTS)[number];
/** What top lists and exports group plays by. */
export const PLAY_DIMENSIONS = ['program', 'material', 'message', 'terminal', 'office'] as const;
export type PlayDimension = (typeof PLAY_DIMENSIONS)[number];

/** Filters of proof-of-play calls. */
export const PlayFilterSchema = {
  ...StatsPeriodSchema,
  subject: Type.Optional(Type.Enum([...PLAY_SUBJECTS], { description: 'What is counted (default program)' })),
  programId: Type.Optional(Type.Integer({ ...Id, description: 'One program only' })),
  materialId: Type.Optional(Type.Integer({ ...Id, description: 'One material only' })),
};
export const PlayFilterQuerySchema = Type.Object(PlayFilterSchema);
export type PlayFilterQuery = Static<typeof PlayFilterQuerySchema>;

/** `plays`: totals, series and the hour-of-day × weekday heat map. */
export const PlaySummarySchema = Type.Object({
  plays: Count,
  seconds: Type.Number(),
  terminals: Count,
  subjects: Count,
  series: Type.Array(Type.Object({ bucket: Type.String(), plays: Count, seconds: Type.Number() })),
  /** `[weekday 1 (Monday)–7, hour 0–23, plays]` for every cell with plays. */
  heatMap: Type.Array(Type.Tuple([Type.Integer(), Type.Integer(), Count])),
});
export type PlaySummary = Static<typeof PlaySummarySchema>;

/** Sort fields of `playTop`. */
export const PLAY_TOP_SORTS = ['plays', 'seconds', 'name'] as const;
export const PlayTopQuerySchema = Type.Object({
  ...PlayFilterSchema,
  dimension: Type.Enum([...PLAY_DIMENSIONS]),
  sort: Type.Optional(Type.Enum([...PLAY_TOP_SORTS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PlayTopQuery = Static<typeof PlayTopQuerySchema>;

/** One row of a top list: a program, material, message, terminal or office and its plays. */
export const PlayTopRowSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plays: Count,
  seconds: Type.Number(),
  terminals: Count,
});
export type PlayTopRow = Static<typeof PlayTopRowSchema>;

/** Why part of the scheduled time was not played. */
export const GAP_REASONS = ['notDelivered', 'offline', 'otherContent', 'unknown'] as const;
export type GapReason = (typeof GAP_REASONS)[number];

/** `reconcile` query: a plan or a program over a bounded period, a page of its terminals. */
export const ReconcileQuerySchema = Type.Object({
  from: StatsPeriodSchema.from,
  to: StatsPeriodSchema.to,
  planId: Type.Optional(Id),
  programId: Type.Optional(Id),
  officeId: StatsPeriodSchema.officeId,
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ReconcileQuery = Static<typeof ReconcileQuerySchema>;

/** A stretch of scheduled time not played, and why. */
export const ReconcileGapSchema = Type.Object({
  start: Type.String(),
  end: Type.String(),
  reason: Type.Enum([...GAP_REASONS]),
});
export type ReconcileGap = Static<typeof ReconcileGapSchema>;

/** One terminal's scheduled and played time. */
export const ReconcileTerminalSchema = Type.Object({
  terminalId: Type.Integer(),
  name: Type.String(),
  scheduledSeconds: Type.Number(),
  playedSeconds: Type.Number(),
  /** Played ÷ scheduled (0–1); null with nothing scheduled. */
  share: Nullable(Type.Number()),
  /** Seconds not played by reason. */
  gapSeconds: Type.Record(Type.String(), Type.Number()),
  gaps: Type.Array(ReconcileGapSchema),
});
export type ReconcileTerminal = Static<typeof ReconcileTerminalSchema>;

/** `reconcile` answer: totals over the page's terminals and the page. */
export const ReconcileSchema = Type.Object({
  /** The period really compared: `to` is cut at now (the future cannot have been played). */
  from: Type.String(),
  to: Type.String(),
  scheduledSeconds: Type.Number(),
  playedSeconds: Type.Number(),
  share: Nullable(Type.Number()),
  gapSeconds: Type.Record(Type.String(), Type.Number()),
  list: Type.Array(ReconcileTerminalSchema),
  count: Count,
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
});
export type Reconcile = Static<typeof ReconcileSchema>;

/** Formats of the proof-of-play export. */
export const STATS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type StatsExportFormat = (typeof STATS_EXPORT_FORMATS)[number];
export const PlayExportQuerySchema = Type.Object({
  ...PlayFilterSchema,
  dimension: Type.Enum([...PLAY_DIMENSIONS]),
  format: Type.Enum([...STATS_EXPORT_FORMATS]),
});
export type PlayExportQuery = Static<typeof PlayExportQuerySchema>;

/** `campaignReport` query: the PDF report of a plan or a program over a period. */
export const CampaignReportQuerySchema = Type.Object({
  from: StatsPeriodSchema.from,
  to: StatsPeriodSchema.to,
  timeZone: StatsPeriodSchema.timeZone,
  planId: Type.Optional(Id),
  programId: Type.Optional(Id),
  officeId: StatsPeriodSchema.officeId,
});
export type CampaignReportQuery = Static<typeof CampaignReportQuerySchema>;

/** `loginExport` query: sign-ins per user over a period as CSV or XLSX. */
export const LoginExportQuerySchema = Type.Object({
  ...StatsPeriodSchema,
  format: Type.Enum([...STATS_EXPORT_FORMATS]),
});
export type LoginExportQuery = Static<typeof LoginExportQuerySchema>;
