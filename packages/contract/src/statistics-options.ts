import { Type, type Static } from 'typebox';
import { StatsPeriodSchema } from './statistics.js';

/**
 * Calls the statistics pages need beside the figures themselves, readable with `stats:view` alone:
 * the options of their terminal / program / material / plan pickers (`/a/api/statistics/options/...`) and
 * the online-rate map of the range's positioned terminals (`/a/api/statistics/onlineMap`).
 */

/** What the statistics pickers choose from (plans: the campaigns of the scheduled-vs-played panel). */
export const STATS_OPTION_KINDS = ['terminals', 'programs', 'materials', 'plans'] as const;
export type StatsOptionKind = (typeof STATS_OPTION_KINDS)[number];

/** Most options one call answers. */
export const STATS_OPTIONS_MAX = 100;
/** Options answered when `limit` is left out. */
export const STATS_OPTIONS_DEFAULT = 20;

/** Query of `options/terminals|programs|materials|plans`: a name search, how many, an office and below. */
export const StatsOptionQuerySchema = Type.Object({
  keyword: Type.Optional(
    Type.String({ maxLength: 100, description: 'Part of the name (case-insensitive); empty: all' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: STATS_OPTIONS_MAX,
      description: `Most options answered (default ${STATS_OPTIONS_DEFAULT})`,
    }),
  ),
  officeId: StatsPeriodSchema.officeId,
});
export type StatsOptionQuery = Static<typeof StatsOptionQuerySchema>;

/** One option of a picker: what it is and its name. */
export const StatsOptionSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type StatsOption = Static<typeof StatsOptionSchema>;

/** Options by name, at most `limit`; `more` when others match too (narrow the keyword). */
export const StatsOptionsSchema = Type.Object({
  list: Type.Array(StatsOptionSchema),
  more: Type.Boolean(),
});
export type StatsOptions = Static<typeof StatsOptionsSchema>;

/** Most terminals one `onlineMap` call answers. */
export const ONLINE_MAP_MAX = 5000;
/** Terminals answered when `limit` is left out. */
export const ONLINE_MAP_DEFAULT = 2000;

/** Query of `onlineMap`: the period, office and terminal filters of every statistics call, and a limit. */
export const OnlineMapQuerySchema = Type.Object({
  ...StatsPeriodSchema,
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ONLINE_MAP_MAX,
      description: `Most positioned terminals answered, lowest online rate first (default ${ONLINE_MAP_DEFAULT})`,
    }),
  ),
});
export type OnlineMapQuery = Static<typeof OnlineMapQuerySchema>;

/** A positioned terminal and its online rate over the period. */
export const OnlineMapPointSchema = Type.Object({
  terminalId: Type.Integer(),
  name: Type.String(),
  officeName: Type.Union([Type.String(), Type.Null()]),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Online now. */
  online: Type.Boolean(),
  onlineSeconds: Type.Number(),
  /** Online seconds over the seconds of the period up to now (0–1). */
  onlineRate: Type.Number(),
});
export type OnlineMapPoint = Static<typeof OnlineMapPointSchema>;

/** `onlineMap`: the positioned terminals (lowest rate first, at most `limit`) and how many there are. */
export const OnlineMapSchema = Type.Object({
  points: Type.Array(OnlineMapPointSchema),
  /** Terminals of the scope with a position (`points` holds at most `limit` of them). */
  positioned: Type.Integer({ minimum: 0 }),
  /** Terminals of the scope without a position (not on the map). */
  unpositioned: Type.Integer({ minimum: 0 }),
});
export type OnlineMap = Static<typeof OnlineMapSchema>;
