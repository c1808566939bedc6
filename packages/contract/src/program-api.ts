import { Type, type Static, type TSchema } from 'typebox';
import { REVIEW_STATE_VALUES } from './material.js';
import { ProgramDocumentSchema } from './program.js';

/** Console calls of programs (`/a/api/program`), their review and publishing (`/a/api/publishProgram`). */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Columns the program list sorts by. */
export const PROGRAM_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'size'] as const;
export type ProgramSortField = (typeof PROGRAM_SORT_FIELDS)[number];

/** A program as lists show it (without its document). */
export const ProgramSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  createdBy: Nullable(Type.Integer()),
  creatorName: Nullable(Type.String()),
  formatVersion: Type.Integer(),
  /** Increases on every save. */
  revision: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Sum of the sizes of the distinct materials the program uses, in bytes. */
  size: Type.Integer(),
  materialIds: Type.Array(Type.Integer()),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  reviewNote: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  /** How many terminals the program is published to. */
  terminalCount: Type.Integer(),
  /**
   * The program revision its thumbnail was drawn from (`thumbnail?id=`), or null without one; older than
   * `revision` when the program was saved since. Also a cache key for the image URL.
   */
  thumbnailRevision: Nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ProgramSummary = Static<typeof ProgramSummarySchema>;

/** A program with its document (`detail`). */
export const ProgramDetailSchema = Type.Object({
  ...ProgramSummarySchema.properties,
  document: ProgramDocumentSchema,
  reviewerName: Nullable(Type.String()),
});
export type ProgramDetail = Static<typeof ProgramDetailSchema>;

/** Answer of `save` and `copy`. */
export const ProgramSavedSchema = Type.Object({
  id: Type.Integer(),
  revision: Type.Integer(),
  size: Type.Integer(),
  materialIds: Type.Array(Type.Integer()),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  /** The format version the document was migrated from, when it was older. */
  migratedFrom: Nullable(Type.Integer()),
});
export type ProgramSaved = Static<typeof ProgramSavedSchema>;

/** Image types a program thumbnail may have. */
export const PROGRAM_THUMBNAIL_MIMES = ['image/jpeg', 'image/png'] as const;
export type ProgramThumbnailMime = (typeof PROGRAM_THUMBNAIL_MIMES)[number];
/** Largest program thumbnail, in bytes (decoded). */
export const PROGRAM_THUMBNAIL_MAX_BYTES = 200 * 1024;

/** Body of `thumbnail` (POST): the image of a program's first scene as a data URL. */
export const ProgramThumbnailBodySchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  image: Type.String({
    // base64 of the largest image plus the data URL's prefix.
    maxLength: Math.ceil(PROGRAM_THUMBNAIL_MAX_BYTES / 3) * 4 + 32,
    description: '`data:image/jpeg;base64,…` or `data:image/png;base64,…`, at most 200 KB decoded',
  }),
  revision: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'The program revision the image was drawn from; 409 programConflict when the program was saved since',
    }),
  ),
});
export type ProgramThumbnailBody = Static<typeof ProgramThumbnailBodySchema>;

/** Answer of `thumbnail` (POST): the revision the stored thumbnail belongs to. */
export const ProgramThumbnailSavedSchema = Type.Object({ revision: Type.Integer() });
export type ProgramThumbnailSaved = Static<typeof ProgramThumbnailSavedSchema>;

/** A claimed terminal a program can be published to (`publishProgram/terminalSelect`). */
export const PublishTerminalSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  groupId: Nullable(Type.Integer()),
  groupName: Nullable(Type.String()),
  platform: Type.String(),
  resolution: Nullable(Type.String()),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
  /** Whether the program asked about (`programId`) is already published to it. */
  published: Type.Boolean(),
});
export type PublishTerminal = Static<typeof PublishTerminalSchema>;

/** An office with its claimed terminals (`officeTreeMap`, `pageOfficeTreeMap`). */
export const PublishOfficeNodeSchema = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  kind: Type.String(),
  path: Type.String(),
  /** Claimed terminals of this office itself. */
  terminalCount: Type.Integer(),
  /** Claimed terminals of this office and every office below it. */
  totalTerminalCount: Type.Integer(),
  hasChildren: Type.Boolean(),
});
export type PublishOfficeNode = Static<typeof PublishOfficeNodeSchema>;

/** Answer of `publishProgram/saveTerminals`. */
export const PublishResultSchema = Type.Object({
  programId: Type.Integer(),
  /** Terminals of the caller's scope the program is now published to (chosen directly or through groups). */
  terminalIds: Type.Array(Type.Integer()),
  /** Terminals that got the program by this call. */
  added: Type.Array(Type.Integer()),
  /** Terminals of the caller's scope that no longer play it. */
  removed: Type.Array(Type.Integer()),
});
export type PublishResult = Static<typeof PublishResultSchema>;

/** Units of the weather call and widget. */
export const WEATHER_UNITS = ['metric', 'imperial'] as const;
/** Conditions the weather call reports (from the WMO weather code), for icons and translated labels. */
export const WEATHER_CONDITIONS = [
  'clear',
  'partlyCloudy',
  'overcast',
  'fog',
  'drizzle',
  'rain',
  'freezingRain',
  'snow',
  'showers',
  'snowShowers',
  'thunderstorm',
  'unknown',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/**
 * Current weather of a city (`GET /a/api/common/weather`, and for terminals `GET /apm-web/terminal/weather`):
 * temperatures in °C (metric) or °F (imperial), wind in km/h or mph.
 */
export const WeatherSchema = Type.Object({
  city: Type.String(),
  country: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  timezone: Nullable(Type.String()),
  units: Type.Enum([...WEATHER_UNITS]),
  temperature: Type.Number(),
  apparentTemperature: Nullable(Type.Number()),
  humidity: Nullable(Type.Number()),
  windSpeed: Nullable(Type.Number()),
  /** WMO weather code as reported. */
  weatherCode: Type.Integer(),
  condition: Type.Enum([...WEATHER_CONDITIONS]),
  isDay: Type.Boolean(),
  /** Today's high and low. */
  high: Nullable(Type.Number()),
  low: Nullable(Type.Number()),
  /** When the provider observed it (ISO 8601) and when the server fetched it. */
  observedAt: Type.String(),
  fetchedAt: Type.String(),
});
export type Weather = Static<typeof WeatherSchema>;

/** A program template as lists show it (`program/template/list`). */
export const ProgramTemplateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  creatorName: Nullable(Type.String()),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Offered to every tenant by the platform. */
  shared: Type.Boolean(),
  createdAt: Type.String(),
});
export type ProgramTemplate = Static<typeof ProgramTemplateSchema>;

/** A template with its document (`program/template/detail`): what a new program starts from. */
export const ProgramTemplateDetailSchema = Type.Object({
  ...ProgramTemplateSchema.properties,
  document: ProgramDocumentSchema,
});
export type ProgramTemplateDetail = Static<typeof ProgramTemplateDetailSchema>;
