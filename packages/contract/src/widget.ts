import { Type, type Static, type TSchema } from 'typebox';
import { WIDGET_TYPES, type WidgetType } from './program.js';

/**
 * Widget management (`/a/api/widget/...`): each tenant's catalogue of the widget types the program
 * editor offers — built-in types switched on or off, custom HTML widgets (zip packages of the material
 * library with a `widget.json` manifest) and data sources (URL feeds the server fetches for `data`
 * widgets) — and the platform's store (`/a/api/common/apiStore`) of shared widgets and data sources.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const PageFields = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
};

/** Built-in types a tenant switches on or off (`html` is offered through its packages instead). */
export const BUILTIN_WIDGET_TYPES = WIDGET_TYPES.filter((t) => t !== 'html') as Exclude<WidgetType, 'html'>[];
export type BuiltinWidgetType = Exclude<WidgetType, 'html'>;

/** Limits of a custom widget package (checked when it is registered; the renderer unpacks within them). */
export const WIDGET_PACKAGE_LIMITS = {
  /** Most files a package may hold. */
  maxEntries: 500,
  /** Most bytes its files may expand to. */
  maxTotalBytes: 20 * 1024 * 1024,
  /** Largest `widget.json`. */
  maxManifestBytes: 64 * 1024,
  /** Most settings a manifest may declare. */
  maxSettings: 30,
} as const;

/** Kinds of setting a package's manifest may declare (a small JSON-schema subset). */
export const WIDGET_SETTING_TYPES = ['string', 'number', 'boolean', 'enum', 'color'] as const;
export type WidgetSettingType = (typeof WIDGET_SETTING_TYPES)[number];

/** A setting key: what the widget reads. */
export const SETTING_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

/** One setting of a package, as the editor's generated form shows it. */
export const WidgetSettingFieldSchema = Type.Object({
  key: Type.String({ pattern: SETTING_KEY_PATTERN }),
  type: Type.Enum([...WIDGET_SETTING_TYPES]),
  /** Label shown in the form (the manifest's `title`, else the key). */
  title: Type.String({ maxLength: 100 }),
  default: Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]),
  /** Choices of an `enum`. */
  options: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 50 })),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
});
export type WidgetSettingField = Static<typeof WidgetSettingFieldSchema>;

/** A catalogue entry's use figures from the hourly play roll-up (null while the roll-up is absent). */
export const WidgetFiguresSchema = Type.Object({
  /** Times a widget of this type was shown (last 30 days). */
  uses: Type.Integer(),
  /** Touches on it (last 30 days). */
  clicks: Type.Integer(),
});
export type WidgetFigures = Static<typeof WidgetFiguresSchema>;

/** Catalogue kinds: a built-in type, or a custom HTML package. */
export const WIDGET_KINDS = ['builtin', 'package'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Key of a catalogue entry: the built-in type's name, or `pkg-<id>` for a package. */
export const WIDGET_KEY_PATTERN = '^([a-z]{1,20}|pkg-[1-9][0-9]{0,9})$';
/** The catalogue key of a package. */
export const packageKey = (packageId: number) => `pkg-${packageId}`;

/** One entry of a tenant's catalogue. */
export const WidgetEntrySchema = Type.Object({
  key: Type.String(),
  kind: Type.Enum([...WIDGET_KINDS]),
  /** The program format's widget type (`html` for packages). */
  type: Type.Enum([...WIDGET_TYPES]),
  /** A package's name (built-in types are named by the console). */
  name: Nullable(Type.String()),
  enabled: Type.Boolean(),
  packageId: Nullable(Type.Integer()),
  materialId: Nullable(Type.Integer()),
  /** A package's declared size on the canvas. */
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  settings: Type.Array(WidgetSettingFieldSchema),
  /** Added from the platform's store (read-only to the tenant but for switching it off or removing it). */
  fromStore: Type.Boolean(),
  /** Programs of the tenant that use it. */
  programCount: Type.Integer(),
  /** Built-in types only (the play roll-up keys widgets by type; packages are all `html`). */
  figures: Nullable(WidgetFiguresSchema),
  updatedAt: Nullable(Type.String()),
});
export type WidgetEntry = Static<typeof WidgetEntrySchema>;

/** Columns the catalogue sorts by. */
export const WIDGET_SORT_FIELDS = ['name', 'kind', 'enabled', 'programCount', 'updatedAt'] as const;
export type WidgetSortField = (typeof WIDGET_SORT_FIELDS)[number];

/** GET list: the caller's tenant catalogue, filtered, sorted and paged on the server. */
export const WidgetListQuerySchema = Type.Object({
  ...PageFields,
  kind: Type.Optional(Type.Enum([...WIDGET_KINDS])),
  enabled: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum([...WIDGET_SORT_FIELDS])),
});
export type WidgetListQuery = Static<typeof WidgetListQuerySchema>;

/** POST toggle: switches catalogue entries on or off for the caller's tenant. */
export const WidgetToggleBodySchema = Type.Object({
  keys: Type.Array(Type.String({ pattern: WIDGET_KEY_PATTERN }), {
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
  }),
  enabled: Type.Boolean(),
});
export type WidgetToggleBody = Static<typeof WidgetToggleBodySchema>;

/** POST savePackage: registers an HTML package of the library (no id) or replaces a package's zip. */
export const WidgetPackageSaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  /** An HTML-package material the caller may see, holding `widget.json`. */
  materialId: Id,
});
export type WidgetPackageSaveBody = Static<typeof WidgetPackageSaveBodySchema>;

/** POST deletePackage / deleteDataSource: all or nothing. */
export const WidgetIdsBodySchema = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
});

/** What the program editor offers: the enabled built-in types, packages and the data sources. */
export const WidgetPaletteSchema = Type.Object({
  types: Type.Array(Type.Enum([...WIDGET_TYPES])),
  packages: Type.Array(WidgetEntrySchema),
  dataSources: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type WidgetPalette = Static<typeof WidgetPaletteSchema>;

/** Feed formats of a data source. */
export const DATA_SOURCE_FORMATS = ['json', 'rss'] as const;
export type DataSourceFormat = (typeof DATA_SOURCE_FORMATS)[number];
/** How the last fetch of a source went. */
export const DATA_FETCH_STATES = ['ok', 'error'] as const;
/** Limits of data sources. */
export const DATA_SOURCE_LIMITS = {
  minIntervalSeconds: 60,
  maxIntervalSeconds: 86_400,
  /** Largest answer read from a feed. */
  maxBytes: 2 * 1024 * 1024,
  /** Most items kept from a feed. */
  maxItems: 100,
  timeoutMs: 10_000,
} as const;

/** One item of a feed as widgets show it. */
export const DataItemSchema = Type.Object({
  title: Type.String(),
  text: Type.Optional(Type.String()),
  link: Type.Optional(Type.String()),
  date: Type.Optional(Type.String()),
});
export type DataItem = Static<typeof DataItemSchema>;

/** A source's cached items, as the console preview and terminals get them. */
export const DataFeedSchema = Type.Object({
  sourceId: Type.Integer(),
  items: Type.Array(DataItemSchema),
  /** When the items were fetched (null: never yet). */
  fetchedAt: Nullable(Type.String()),
});
export type DataFeed = Static<typeof DataFeedSchema>;

/** A data source of the tenant. */
export const DataSourceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  format: Type.Enum([...DATA_SOURCE_FORMATS]),
  /** JSON: dotted path to the array of items (`data.items`; empty: the answer itself). */
  itemPath: Type.String(),
  /** JSON: field of an item shown as its title / text. */
  titleField: Type.String(),
  textField: Type.String(),
  intervalSeconds: Type.Integer(),
  enabled: Type.Boolean(),
  fromStore: Type.Boolean(),
  lastStatus: Nullable(Type.Enum([...DATA_FETCH_STATES])),
  lastError: Nullable(Type.String()),
  lastFetchedAt: Nullable(Type.String()),
  itemCount: Type.Integer(),
  updatedAt: Type.String(),
});
export type DataSource = Static<typeof DataSourceSchema>;

/** GET dataSources. */
export const DataSourceListQuerySchema = Type.Object({
  ...PageFields,
  sort: Type.Optional(Type.Enum(['name', 'lastFetchedAt', 'updatedAt'])),
});
export type DataSourceListQuery = Static<typeof DataSourceListQuerySchema>;

/** POST saveDataSource: creates (no id) or updates a data source of the caller's tenant. */
export const DataSourceSaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 100 }),
  url: Type.String({ maxLength: 2048 }),
  format: Type.Enum([...DATA_SOURCE_FORMATS]),
  itemPath: Type.Optional(Type.String({ maxLength: 200 })),
  titleField: Type.Optional(Type.String({ maxLength: 100 })),
  textField: Type.Optional(Type.String({ maxLength: 100 })),
  intervalSeconds: Type.Integer({
    minimum: DATA_SOURCE_LIMITS.minIntervalSeconds,
    maximum: DATA_SOURCE_LIMITS.maxIntervalSeconds,
  }),
  enabled: Type.Optional(Type.Boolean()),
});
export type DataSourceSaveBody = Static<typeof DataSourceSaveBodySchema>;

/** What the platform's store offers. */
export const STORE_KINDS = ['widget', 'dataSource'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** GET /a/api/common/apiStore: the store, searched and paged. */
export const ApiStoreQuerySchema = Type.Object({
  ...PageFields,
  kind: Type.Optional(Type.Enum([...STORE_KINDS])),
});
export type ApiStoreQuery = Static<typeof ApiStoreQuerySchema>;

/** One item of the store. */
export const ApiStoreItemSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...STORE_KINDS]),
  name: Type.String(),
  description: Type.String(),
  /** A widget's size, a data source's format. */
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  format: Nullable(Type.Enum([...DATA_SOURCE_FORMATS])),
  /** The caller's tenant has added it. */
  added: Type.Boolean(),
  /** Published from the caller's own catalogue (the platform's): the caller may take it out of the store. */
  mine: Type.Boolean(),
  publishedAt: Type.String(),
});
export type ApiStoreItem = Static<typeof ApiStoreItemSchema>;

/** POST publishToStore (platform users): shares one of the platform's packages or data sources. */
export const StorePublishBodySchema = Type.Object({
  kind: Type.Enum([...STORE_KINDS]),
  /** The package or data source id. */
  id: Id,
  description: Type.Optional(Type.String({ maxLength: 500 })),
});
export type StorePublishBody = Static<typeof StorePublishBodySchema>;

/** POST addFromStore / unpublishFromStore. */
export const StoreItemBodySchema = Type.Object({ id: Id });
