import { Type, type Static, type TSchema } from 'typebox';

/**
 * The program format: a versioned JSON document of a canvas and scenes of widgets. The server
 * stores every program at `PROGRAM_FORMAT_VERSION` (older documents are migrated forward by
 * `migrateProgram`), and one renderer (`@apm/renderer`) plays it in the editor preview and on
 * terminals.
 */
export const PROGRAM_FORMAT_VERSION = 2;

/** Widget types of this format version. */
export const WIDGET_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'web',
  'clock',
  'weather',
  'qrcode',
  'countdown',
  'button',
  'live',
  'html',
  'data',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Animation presets (spec section 3) for scene and image transitions; `none` cuts. */
export const TRANSITION_NAMES = [
  'none',
  'back',
  'bounce',
  'fade',
  'flip',
  'lightSpeed',
  'rotate',
  'roll',
  'zoom',
  'slide',
] as const;
export const TRANSITION_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
/** What a button does: the default buttons exit, before (previous) and after (next), or a jump. */
export const BUTTON_ACTIONS = ['exit', 'previous', 'next', 'scene'] as const;
export const FIT_VALUES = ['cover', 'contain', 'fill'] as const;

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** A CSS colour as `#rgb`, `#rrggbb` or `#rrggbbaa`, or `transparent`. */
export const ColorSchema = Type.String({
  pattern: '^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$',
});
const MaterialId = Type.Integer({ minimum: 1 });
const HttpUrl = Type.String({ maxLength: 2048, pattern: '^https?://[^\\s]+$' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const TransitionSchema = Type.Object({
  name: Type.Enum([...TRANSITION_NAMES]),
  direction: Type.Optional(Type.Enum([...TRANSITION_DIRECTIONS])),
  durationMs: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type Transition = Static<typeof TransitionSchema>;

export const FontSchema = Type.Object({
  family: Type.String({ maxLength: 100 }),
  size: Type.Number({ minimum: 4, maximum: 1000, description: 'px on the canvas' }),
  color: ColorSchema,
  bold: Type.Optional(Type.Boolean()),
  italic: Type.Optional(Type.Boolean()),
  underline: Type.Optional(Type.Boolean()),
  lineHeight: Type.Optional(Type.Number({ minimum: 0.5, maximum: 5 })),
});
export type Font = Static<typeof FontSchema>;

export const CanvasSchema = Type.Object({
  w: Type.Integer({ minimum: 16, maximum: 16384, description: 'Design width in canvas px' }),
  h: Type.Integer({ minimum: 16, maximum: 16384, description: 'Design height in canvas px' }),
  realWidth: Type.Integer({ minimum: 16, maximum: 16384, description: 'Screen width in device px' }),
  realHeight: Type.Integer({ minimum: 16, maximum: 16384, description: 'Screen height in device px' }),
});
export type Canvas = Static<typeof CanvasSchema>;

/** Type-specific properties of each widget type. */
export const WIDGET_PROPS = {
  text: Type.Object({
    /** Rich text as limited HTML; the renderer sanitises it. */
    html: Type.String({ maxLength: 100_000 }),
    font: FontSchema,
    background: Type.Optional(ColorSchema),
    align: Type.Enum(['left', 'center', 'right', 'justify']),
    verticalAlign: Type.Enum(['top', 'middle', 'bottom']),
    marquee: Nullable(
      Type.Object({
        direction: Type.Enum([...TRANSITION_DIRECTIONS]),
        speed: Type.Number({ minimum: 1, maximum: 2000, description: 'canvas px per second' }),
      }),
    ),
  }),
  image: Type.Object({
    items: Type.Array(
      Type.Object({
        materialId: MaterialId,
        durationMs: Type.Integer({ minimum: 500, maximum: 86_400_000 }),
        transition: TransitionSchema,
      }),
      { maxItems: 500 },
    ),
    fit: Type.Enum([...FIT_VALUES]),
  }),
  video: Type.Object({
    items: Type.Array(Type.Object({ materialId: MaterialId }), { maxItems: 500 }),
    muted: Type.Boolean(),
    loop: Type.Boolean(),
    fit: Type.Enum([...FIT_VALUES]),
  }),
  audio: Type.Object({
    items: Type.Array(Type.Object({ materialId: MaterialId }), { maxItems: 500 }),
    loop: Type.Boolean(),
    volume: Type.Integer({ minimum: 0, maximum: 100 }),
  }),
  web: Type.Object({
    url: HttpUrl,
    /** Reload period in seconds; 0 never reloads. */
    refreshSeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
  }),
  clock: Type.Object({
    /** dayjs format tokens; the product default is `hh:mm:ss`. */
    format: Type.String({ minLength: 1, maxLength: 100 }),
    /** IANA time zone; null shows the terminal's local time. */
    timeZone: Nullable(Type.String({ maxLength: 64 })),
    font: FontSchema,
    align: Type.Enum(['left', 'center', 'right']),
  }),
  weather: Type.Object({
    city: Type.String({ minLength: 1, maxLength: 100 }),
    units: Type.Enum(['metric', 'imperial']),
    font: FontSchema,
    refreshMinutes: Type.Integer({ minimum: 5, maximum: 1440 }),
  }),
  qrcode: Type.Object({
    text: Type.String({ minLength: 1, maxLength: 2000 }),
    foreground: ColorSchema,
    background: ColorSchema,
    margin: Type.Integer({ minimum: 0, maximum: 20 }),
  }),
  countdown: Type.Object({
    /** ISO 8601 instant counted down to. */
    target: Type.String({ format: 'date-time' }),
    /** Tokens D, HH, mm, ss; e.g. `D [days] HH:mm:ss`. */
    format: Type.String({ minLength: 1, maxLength: 100 }),
    doneText: Type.String({ maxLength: 500 }),
    font: FontSchema,
  }),
  button: Type.Object({
    label: Type.String({ maxLength: 200 }),
    action: Type.Enum([...BUTTON_ACTIONS]),
    /** The scene a `scene` button jumps to. */
    targetSceneId: Type.Optional(Id),
    font: FontSchema,
    background: ColorSchema,
    radius: Type.Integer({ minimum: 0, maximum: 1000 }),
  }),
  live: Type.Object({
    /** An HLS (`.m3u8`) stream, played with hls.js where the browser has no native HLS. */
    url: HttpUrl,
    muted: Type.Boolean(),
  }),
  html: Type.Object({
    /** The tenant's custom widget (its catalogue entry); the server checks it on save. */
    packageId: Type.Integer({ minimum: 1 }),
    /** The package's zip in the material library: terminals download it like any material. */
    materialId: MaterialId,
    /** Values of the package's settings, by key (checked against its schema on save). */
    settings: Type.Record(
      Type.String({ maxLength: 64 }),
      Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]),
      { maxProperties: 50 },
    ),
  }),
  data: Type.Object({
    /** The tenant's data source whose cached items the widget shows. */
    sourceId: Type.Integer({ minimum: 1 }),
    /** `list`: items one under another; `ticker`: one line scrolling sideways. */
    display: Type.Enum(['list', 'ticker']),
    maxItems: Type.Integer({ minimum: 1, maximum: 50 }),
    font: FontSchema,
    background: Type.Optional(ColorSchema),
    /** Ticker speed in canvas px per second. */
    speed: Type.Number({ minimum: 1, maximum: 2000 }),
    /** How often the shown items are asked for again, in seconds. */
    refreshSeconds: Type.Integer({ minimum: 30, maximum: 86_400 }),
  }),
} satisfies Record<WidgetType, TSchema>;

/** What every widget has: position and size on the canvas, rotation and z-order. */
export const WidgetBaseSchema = Type.Object({
  id: Id,
  type: Type.Enum([...WIDGET_TYPES]),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  x: Type.Number({ minimum: -16384, maximum: 16384 }),
  y: Type.Number({ minimum: -16384, maximum: 16384 }),
  w: Type.Number({ minimum: 1, maximum: 16384 }),
  h: Type.Number({ minimum: 1, maximum: 16384 }),
  rotation: Type.Number({ minimum: -360, maximum: 360, description: 'degrees' }),
  z: Type.Integer({ minimum: 0, maximum: 10_000 }),
  opacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  hidden: Type.Optional(Type.Boolean()),
  /** Locked in the editor (not moved, resized or deleted there); players ignore it. */
  locked: Type.Optional(Type.Boolean()),
  props: Type.Object({}, { additionalProperties: true }),
});

/** A widget of one type, with the props of that type. */
export type Widget<T extends WidgetType = WidgetType> = T extends WidgetType
  ? Omit<Static<typeof WidgetBaseSchema>, 'type' | 'props'> & {
      type: T;
      props: Static<(typeof WIDGET_PROPS)[T]>;
    }
  : never;
export type WidgetProps<T extends WidgetType> = Static<(typeof WIDGET_PROPS)[T]>;

export const SceneSchema = Type.Object({
  id: Id,
  name: Type.String({ maxLength: 200 }),
  /** Main scenes play in order; others are only reached by a button. */
  main: Type.Boolean(),
  background: Type.Object({
    color: ColorSchema,
    materialId: Nullable(MaterialId),
    fit: Type.Enum([...FIT_VALUES]),
  }),
  /** How long the scene shows; ignored when `untilTouched`. */
  durationMs: Type.Integer({ minimum: 1000, maximum: 86_400_000 }),
  /** The scene stays until someone touches the screen (or presses a button). */
  untilTouched: Type.Boolean(),
  transition: TransitionSchema,
  widgets: Type.Array(WidgetBaseSchema, { maxItems: 500 }),
});
export type Scene = Omit<Static<typeof SceneSchema>, 'widgets'> & { widgets: Widget[] };

/** A program document at the current format version. */
export const ProgramDocumentSchema = Type.Object({
  formatVersion: Type.Literal(PROGRAM_FORMAT_VERSION),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  canvas: CanvasSchema,
  scenes: Type.Array(SceneSchema, { minItems: 1, maxItems: 200 }),
});
export type ProgramDocument = Omit<Static<typeof ProgramDocumentSchema>, 'scenes'> & { scenes: Scene[] };

/** The ids of the materials a program uses (backgrounds, image, video and audio items, HTML widget packages), distinct, in order. */
export function programMaterialIds(doc: ProgramDocument): number[] {
  const ids = new Set<number>();
  for (const scene of doc.scenes) {
    if (scene.background.materialId) ids.add(scene.background.materialId);
    for (const widget of scene.widgets) {
      if (widget.type === 'image' || widget.type === 'video' || widget.type === 'audio') {
        for (const item of widget.props.items) ids.add(item.materialId);
      } else if (widget.type === 'html') ids.add(widget.props.materialId);
    }
  }
  return [...ids];
}
