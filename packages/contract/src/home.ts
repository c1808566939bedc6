import { Type, type Static, type TSchema } from 'typebox';

/**
 * The home dashboard (GET /a/api/home/dashboard): what the signed-in user's data range holds
 * now. A section the user has no permission for is null, never zero.
 */
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/** How often the console refreshes the dashboard while it is shown. */
export const HOME_DASHBOARD_REFRESH_SECONDS = 15;

/** Most recent activity entries the dashboard lists. */
export const HOME_ACTIVITY_MAX = 8;

export const HomeTerminalsSchema = Type.Object({
  total: Count,
  online: Count,
  offline: Count,
  /** Registered, waiting to be claimed (platform operators only). */
  pending: Count,
  /** Terminals with at least one open alarm. */
  abnormal: Count,
});

export const HomeAlarmsSchema = Type.Object({ open: Count, unacknowledged: Count });

export const HomeReviewsSchema = Type.Object({
  material: Type.Optional(Count),
  program: Type.Optional(Count),
  plan: Type.Optional(Count),
  message: Type.Optional(Count),
});

export const HomeStorageSchema = Type.Object({
  usedBytes: Count,
  /** null: no quota bounds the tenant. */
  quotaBytes: Nullable(Count),
});

export const HomePlaysSchema = Type.Object({
  /** Plays of programs (and messages) since local midnight in the server's time zone. */
  plays: Count,
  /** Seconds those plays lasted. */
  seconds: Count,
  /** Plays per hour of today, 24 entries (hour 0 first). */
  byHour: Type.Array(Count, { minItems: 24, maxItems: 24 }),
});

export const HomeActivitySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  username: Nullable(Type.String()),
  action: Type.String(),
  type: Type.String(),
  status: Type.Integer(),
});

export const HomeDashboardSchema = Type.Object({
  /** When the figures were read (ISO 8601). */
  generatedAt: Type.String(),
  terminals: Nullable(HomeTerminalsSchema),
  alarms: Nullable(HomeAlarmsSchema),
  reviews: Nullable(HomeReviewsSchema),
  storage: Nullable(HomeStorageSchema),
  plays: Nullable(HomePlaysSchema),
  activity: Nullable(Type.Array(HomeActivitySchema, { maxItems: HOME_ACTIVITY_MAX })),
});
export type HomeDashboard = Static<typeof HomeDashboardSchema>;
export type HomeActivity = Static<typeof HomeActivitySchema>;
