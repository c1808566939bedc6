import { Type, type Static, type TSchema } from 'typebox';
import { ProgramDocumentSchema } from './program.js';
import { PlanDocumentSchema } from './plan.js';
import { TerminalMessagePayloadSchema } from './message.js';
import { TerminalStrategySchema } from './strategy.js';
import {
  DebugErrorSchema,
  DebugLogLineSchema,
  DebugRequestIdSchema,
  DEBUG_ERRORS_MAX,
  DEBUG_LOG_BATCH_MAX,
} from './terminal-debug.js';

export * from './terminal-debug.js';

/**
 * The terminal protocol (ours, DESIGN.md "Terminal protocol"): HTTP calls under
 * `/apm-web/terminal` and one WebSocket channel. A terminal registers with its device id and
 * gets a device token and a pairing code; an operator claims it by that code; the channel then
 * carries heartbeats, commands and their acknowledgements.
 */
export const TERMINAL_PROTOCOL_VERSION = 1;
/** Base of the device-side HTTP calls and the channel (under the API base). */
export const TERMINAL_BASE = '/terminal';
/** WebSocket channel path (under the API base); the token goes in the `token` query parameter. */
export const TERMINAL_WS_PATH = '/terminal/ws';
/** Seconds between heartbeats; a terminal silent for `TERMINAL_OFFLINE_SECONDS` is offline. */
export const HEARTBEAT_SECONDS = 30;
export const TERMINAL_OFFLINE_SECONDS = 90;

/**
 * The heartbeat interval terminals are told for an offline threshold: three heartbeats fit in the
 * threshold (a terminal is offline only after missing about three), at most every 30 s, at least
 * every second — a server set to call terminals offline sooner asks them to beat sooner.
 */
export const heartbeatSecondsFor = (offlineSeconds: number): number =>
  Math.max(1, Math.min(HEARTBEAT_SECONDS, Math.floor(offlineSeconds / 3)));
/** Largest channel frame accepted, in bytes; bigger frames close the channel (1009). */
export const TERMINAL_MAX_FRAME_BYTES = 64 * 1024;
/** Largest screenshot a terminal may upload. */
export const TERMINAL_MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;
/** How long a command to an offline terminal waits, unless the operator says otherwise. */
export const COMMAND_DEFAULT_TTL_SECONDS = 24 * 3600;

/** Close codes of the channel besides the standard ones. */
export const CHANNEL_CLOSE = {
  /** A frame that is not JSON or not a known message; the reason names what is wrong. */
  badMessage: 4400,
  /** Missing, unknown or revoked device token (also: the terminal was removed). */
  badToken: 4401,
  /** A newer connection of the same terminal replaced this one. */
  replaced: 4409,
  /**
   * The server instance is shutting down (a deploy, a scale-in): reconnect, through the load
   * balancer, to another instance after the delay the preceding `reconnect` message named.
   */
  draining: 4503,
} as const;

/** Header for device-side HTTP calls: `Authorization: Device <token>` (or `?token=`). */
export const DEVICE_AUTH_SCHEME = 'Device';

/** POST /apm-web/terminal/register */
export const TerminalRegisterBodySchema = Type.Object({
  deviceId: Type.String({ minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  platform: Type.Enum(['web', 'android', 'simulator']),
  appVersion: Type.String({ minLength: 1, maxLength: 50 }),
  resolution: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}x[0-9]{1,5}$' })),
});
export type TerminalRegisterBody = Static<typeof TerminalRegisterBodySchema>;

export const TERMINAL_STATE_VALUES = ['pending', 'claimed'] as const;
export type TerminalPairingState = (typeof TERMINAL_STATE_VALUES)[number];

/** Answer of `register` and of GET /apm-web/terminal/me. The token is only in `register`'s answer. */
export const RegistrationSchema = Type.Object({
  terminalId: Type.Integer(),
  token: Type.Optional(Type.String()),
  state: Type.Enum([...TERMINAL_STATE_VALUES]),
  /** Shown on the screen while pending (six characters, no look-alikes). */
  pairingCode: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  heartbeatSeconds: Type.Integer(),
  protocolVersion: Type.Integer(),
});
export type Registration = Static<typeof RegistrationSchema>;

/** Status a terminal reports in every heartbeat. */
export const TerminalStatusSchema = Type.Object({
  playing: Type.Object({
    kind: Type.Enum(['program', 'message', 'idle']),
    id: Type.Optional(Type.Integer()),
    name: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  disk: Type.Optional(Type.Object({ free: Type.Number({ minimum: 0 }), total: Type.Number({ minimum: 0 }) })),
  volume: Type.Integer({ minimum: 0, maximum: 100 }),
  appVersion: Type.String({ maxLength: 50 }),
  /** The terminal's clock, ISO 8601 (the server compares it with its own). */
  clock: Type.String({ maxLength: 40 }),
  resolution: Type.String({ maxLength: 20 }),
  /**
   * Messages on screen now (ids), so that the console shows which are showing; absent from terminals
   * that do not report them (the console then goes by the `showMessage` ack).
   */
  messages: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 100 }),
  ),
  /**
   * What keeps failing to play now (a broken video, a page that will not load); absent while
   * playback is fine. It raises a `playError` alarm, which ends when a heartbeat comes without it.
   */
  playError: Type.Optional(Type.String({ maxLength: 500 })),
  /**
   * The terminal's estimate of the server's clock from `clockProbe` round trips: server minus
   * terminal (ms), the best round trip's delay (ms), its clock's drift (ppm), how many trips.
   */
  clockSync: Type.Optional(
    Type.Object({
      offsetMs: Type.Number(),
      delayMs: Type.Number({ minimum: 0 }),
      driftPpm: Type.Number(),
      samples: Type.Integer({ minimum: 0 }),
    }),
  ),
  /**
   * Synchronized playback: the sync group played, and how far the terminal's media frames were from
   * the group's loop over the last minute (ms, absolute: median and 95th percentile; frames counted).
   */
  lockstep: Type.Optional(
    Type.Object({
      groupId: Type.Integer(),
      errorP50Ms: Type.Number({ minimum: 0 }),
      errorP95Ms: Type.Number({ minimum: 0 }),
      frames: Type.Integer({ minimum: 0 }),
    }),
  ),
  /** Materials of the manifest present in the cache, of how many. */
  downloads: Type.Optional(
    Type.Object({ done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) }),
  ),
});
export type TerminalStatus = Static<typeof TerminalStatusSchema>;

const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * Display and device settings kept in a terminal's settings (re-sent on connect in `welcome`) and
 * pushed with the `displaySettings` command: screen brightness in percent, rotation of the content
 * in degrees, the daily window in which it may download (local `HH:MM`, `end` before `start` spans
 * midnight; null: any time), the interval of automatic screenshots in minutes (0: none).
 */
export const DisplaySettingsSchema = Type.Object({
  brightness: Type.Optional(Type.Integer({ minimum: 10, maximum: 100 })),
  rotation: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(90), Type.Literal(180), Type.Literal(270)]),
  ),
  downloadWindow: Type.Optional(
    Type.Union([
      Type.Object({ start: Type.String({ pattern: HHMM }), end: Type.String({ pattern: HHMM }) }),
      Type.Null(),
    ]),
  ),
  screenshotIntervalMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
});
export type DisplaySettings = Static<typeof DisplaySettingsSchema>;
/** The keys of {@link DisplaySettingsSchema}, in the order the console shows them. */
export const DISPLAY_SETTING_KEYS = [
  'brightness',
  'rotation',
  'downloadWindow',
  'screenshotIntervalMinutes',
] as const;
export type DisplaySettingKey = (typeof DISPLAY_SETTING_KEYS)[number];

/** Commands an operator can send, with the params each takes. */
export const COMMAND_PARAMS = {
  reboot: Type.Object({}),
  screenshot: Type.Object({}),
  playProgram: Type.Object({ programId: Type.Integer({ minimum: 1 }) }),
  playMessage: Type.Object({ messageId: Type.Integer({ minimum: 1 }) }),
  /**
   * A message to hold and show by its schedule (replacing an older revision of the same id); the ack
   * result is `{ showing: boolean }` — whether it is on screen when acknowledged.
   */
  showMessage: Type.Object({ message: TerminalMessagePayloadSchema }),
  /** Ends a message on the screen and forgets it (stopped, deleted, or taken off this terminal). */
  stopMessage: Type.Object({ messageId: Type.Integer({ minimum: 1 }) }),
  clearPrograms: Type.Object({}),
  refreshPrograms: Type.Object({}),
  deleteFiles: Type.Object({
    materialIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 })),
  }),
  volume: Type.Object({ volume: Type.Integer({ minimum: 0, maximum: 100 }) }),
  powerSchedule: Type.Object({
    entries: Type.Array(
      Type.Object({
        weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7 }),
        on: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
        off: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
      }),
      { maxItems: 50 },
    ),
  }),
  setLocation: Type.Object({
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    address: Type.Optional(Type.String({ maxLength: 300 })),
  }),
  updateApp: Type.Object({ url: Type.String({ maxLength: 2048 }), version: Type.String({ maxLength: 50 }) }),
  /**
   * Auto get position: the terminal answers with its own position, the ack result being
   * `{ latitude, longitude, accuracy }` (degrees, metres); the server keeps it on the terminal.
   */
  reportLocation: Type.Object({}),
  /**
   * A terminal strategy to keep and apply (null: the terminal's strategy was taken off, it goes back
   * to its own settings); the ack result is `{ revision, unsupported: string[] }` — the policies
   * (`brightness`, `downloadWindows`, ...) this terminal cannot apply.
   */
  applyStrategy: Type.Object({ strategy: Type.Union([TerminalStrategySchema, Type.Null()]) }),
  /**
   * Display and device settings to apply (only those given); the ack result is
   * `{ applied: DisplaySettingKey[], unsupported: DisplaySettingKey[] }` — those this terminal cannot apply.
   */
  displaySettings: DisplaySettingsSchema,
  /**
   * Clear cache (terminal debugging): the terminal empties its media cache and stored manifest, fetches
   * the manifest and every material again, then acknowledges with `{ deletedFiles, version, downloaded }`.
   */
  clearCache: Type.Object({}),
} satisfies Record<string, TSchema>;
export type CommandName = keyof typeof COMMAND_PARAMS;
export const COMMAND_NAMES = Object.keys(COMMAND_PARAMS) as CommandName[];
export type CommandParams<N extends CommandName> = Static<(typeof COMMAND_PARAMS)[N]>;

/** Most events in one `play` or `headCount` message. */
export const PLAY_BATCH_MAX = 200;
/** The kinds of proof-of-play event. */
export const PLAY_EVENT_KINDS = ['program', 'scene', 'message', 'material', 'widget', 'click'] as const;
export type PlayEventKind = (typeof PLAY_EVENT_KINDS)[number];

/** The terminal's id of an event it reports: the key of exactly-once ingest. */
const EventIdSchema = Type.String({ minLength: 1, maxLength: 64 });

/** One proof-of-play event: what was shown (or clicked), from when, for how long. */
export const PlayEventSchema = Type.Object({
  id: Type.Optional(EventIdSchema),
  kind: Type.Enum([...PLAY_EVENT_KINDS]),
  programId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  sceneId: Type.Optional(Type.String({ maxLength: 64 })),
  messageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  materialId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  /** The widget's type (`widget`, `click`), e.g. `button`, `clock`. */
  widgetType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** The widget's id in the program (`click`). */
  widgetId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  startedAt: Type.String({ format: 'date-time' }),
  durationMs: Type.Integer({ minimum: 0, maximum: 86_400_000 }),
});
export type PlayEvent = Static<typeof PlayEventSchema>;

/** One audience count: `count` people seen during `periodSeconds` from `startedAt`. */
export const HeadCountEventSchema = Type.Object({
  id: EventIdSchema,
  startedAt: Type.String({ format: 'date-time' }),
  periodSeconds: Type.Integer({ minimum: 1, maximum: 3600 }),
  count: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type HeadCountEvent = Static<typeof HeadCountEventSchema>;

/** Messages a terminal sends on the channel. */
export const TerminalMessageSchemas = {
  /** A clock round trip: `t0` is the terminal's clock (ms since the epoch); the server answers `clockEcho` at once. */
  clockProbe: Type.Object({
    type: Type.Literal('clockProbe'),
    id: Type.Integer({ minimum: 0 }),
    t0: Type.Number(),
  }),
  heartbeat: Type.Object({
    type: Type.Literal('heartbeat'),
    seq: Type.Integer({ minimum: 0 }),
    status: TerminalStatusSchema,
  }),
  ack: Type.Object({
    type: Type.Literal('ack'),
    commandId: Type.Integer({ minimum: 1 }),
    ok: Type.Boolean(),
    result: Type.Optional(Type.Object({}, { additionalProperties: true })),
    error: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  progress: Type.Object({
    type: Type.Literal('progress'),
    items: Type.Array(
      Type.Object({
        materialId: Type.Integer({ minimum: 1 }),
        received: Type.Number({ minimum: 0 }),
        total: Type.Number({ minimum: 0 }),
        error: Type.Optional(Type.String({ maxLength: 500 })),
      }),
      { maxItems: 200 },
    ),
  }),
  /**
   * Proof of play. Each event has the terminal's `id` (e.g. a random UUID); the terminal keeps it until
   * a `playAck` names it, and resends it after reconnecting. An event without `id` (older players) gets
   * one derived from its content. `material`: an image or video item shown; `widget`: a widget shown;
   * `click`: a touch on an interactive widget.
   */
  play: Type.Object({
    type: Type.Literal('play'),
    events: Type.Array(PlayEventSchema, { maxItems: PLAY_BATCH_MAX }),
  }),
  /** Audience counts of a terminal with a camera, acknowledged by `headCountAck` like `play`. */
  headCount: Type.Object({
    type: Type.Literal('headCount'),
    events: Type.Array(HeadCountEventSchema, { maxItems: PLAY_BATCH_MAX }),
  }),
  /** The answer to `debugPing` (terminal debugging): the server times the round trip. */
  debugPong: Type.Object({ type: Type.Literal('debugPong'), requestId: DebugRequestIdSchema }),
  /** The answer to `debugErrors`: the terminal's last errors, oldest first. */
  debugErrorsAnswer: Type.Object({
    type: Type.Literal('debugErrorsAnswer'),
    requestId: DebugRequestIdSchema,
    errors: Type.Array(DebugErrorSchema, { maxItems: DEBUG_ERRORS_MAX }),
  }),
  /** Log lines streamed while a `debugLogStream` lease runs (first the recent ones it kept). */
  debugLog: Type.Object({
    type: Type.Literal('debugLog'),
    boot: Type.String({ minLength: 1, maxLength: 64 }),
    lines: Type.Array(DebugLogLineSchema, { minItems: 1, maxItems: DEBUG_LOG_BATCH_MAX }),
  }),
} satisfies Record<string, TSchema>;
export type TerminalMessage = {
  [K in keyof typeof TerminalMessageSchemas]: Static<(typeof TerminalMessageSchemas)[K]>;
}[keyof typeof TerminalMessageSchemas];

/** Messages the server sends on the channel. */
export type ServerMessage =
  | {
      type: 'welcome';
      terminalId: number;
      state: TerminalPairingState;
      pairingCode: string | null;
      name: string;
      heartbeatSeconds: number;
      serverTime: string;
      /** Version of the current manifest; fetch it when it differs from the cached one. */
      manifestVersion: string | null;
      settings: Record<string, unknown>;
    }
  | { type: 'heartbeatAck'; seq: number; serverTime: string }
  /** The answer to `clockProbe`: `t1` when it arrived and `t2` when this left, on the server's clock (ms, fractional). */
  | { type: 'clockEcho'; id: number; t0: number; t1: number; t2: number }
  | { type: 'claimed'; name: string; officeId: number; groupId: number | null }
  | {
      type: 'command';
      commandId: number;
      name: CommandName;
      params: Record<string, unknown>;
      expiresAt: string;
    }
  | { type: 'manifest'; version: string }
  | { type: 'error'; code: string; message: string }
  /** The terminal was removed or its token revoked: the gateway closes its channel (4401). */
  | { type: 'revoked'; reason: string }
  /**
   * This instance is draining: the channel closes (4503) and the terminal reconnects after
   * `afterMs` (each terminal its own delay within a jitter window, so a fleet does not return at once).
   */
  | { type: 'reconnect'; afterMs: number }
  /** Terminal debugging: answer `debugPong` with this id at once. */
  | { type: 'debugPing'; requestId: string }
  /** Terminal debugging: answer `debugErrorsAnswer` with this id and the last errors. */
  | { type: 'debugErrors'; requestId: string }
  /** Terminal debugging: stream log lines (`debugLog`) for `seconds` from now; 0 stops the stream. */
  | { type: 'debugLogStream'; seconds: number }
  /** These `play` events are stored (or were already): the terminal may forget them. */
  | { type: 'playAck'; ids: string[] }
  /** These `headCount` events are stored (or were already). */
  | { type: 'headCountAck'; ids: string[] };

/** A material a terminal must hold: where to fetch it, and what its bytes are. */
export const ManifestMaterialSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  mime: Type.String(),
  /** Download URL under the API base (device token in the header or `token` query). */
  url: Type.String(),
  size: Type.Integer(),
  md5: Type.String(),
});
export type ManifestMaterial = Static<typeof ManifestMaterialSchema>;

/** A play plan as the terminal receives it. */
export const ManifestPlanSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  revision: Type.Integer(),
  document: PlanDocumentSchema,
});
export type ManifestPlan = Static<typeof ManifestPlanSchema>;

/**
 * Synchronized playback as a member terminal receives it. Every member plays the program's main
 * scenes (fixed durations only) as one loop that started at `epochMs` on the server's clock: at
 * server time `t` the loop is at `(t - epochMs) mod cycle`, so members that agree on the server's
 * time show the same frame without talking to each other.
 */
export const ManifestSyncSchema = Type.Object({
  groupId: Type.Integer(),
  name: Type.String(),
  /** `mirror`: every member shows the whole canvas; `wall`: each shows its tile of one wide canvas. */
  mode: Type.Union([Type.Literal('mirror'), Type.Literal('wall')]),
  /** Server time (ms since 1970) at which the loop's first cycle began. */
  epochMs: Type.Integer(),
  /** The program played: it is in `programs` too (with its materials), `published` false unless published. */
  programId: Type.Integer(),
  /** Wall mode: the grid and this terminal's tile in it (0-based column and row). */
  wall: Type.Optional(
    Type.Object({
      columns: Type.Integer({ minimum: 1, maximum: 16 }),
      rows: Type.Integer({ minimum: 1, maximum: 16 }),
      column: Type.Integer({ minimum: 0, maximum: 15 }),
      row: Type.Integer({ minimum: 0, maximum: 15 }),
    }),
  ),
});
export type ManifestSync = Static<typeof ManifestSyncSchema>;

/** GET /apm-web/terminal/manifest: what the terminal plays now and next (ETag = `version`). */
export const ManifestSchema = Type.Object({
  version: Type.String(),
  generatedAt: Type.String(),
  terminal: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    settings: Type.Object({}, { additionalProperties: true }),
    /** IANA zone its plans' wall-clock windows are read in (its own, else its office's, else the server's). */
    timeZone: Type.Optional(Type.String()),
  }),
  programs: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      revision: Type.Integer(),
      sort: Type.Integer(),
      /** The publication's window (ISO 8601): the terminal plays it only inside; absent or null = open. */
      startAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      endAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      /** False when the program is only here because a plan plays it (absent: published to the terminal). */
      published: Type.Optional(Type.Boolean()),
      document: ProgramDocumentSchema,
      materials: Type.Array(ManifestMaterialSchema),
    }),
  ),
  /** Play plans published to the terminal (approved ones while the audit switch is on): the player resolves them itself. */
  plans: Type.Array(ManifestPlanSchema),
  /**
   * Messages the terminal holds (sent to it, not stopped, not past their end; approved ones while the
   * audit switch is on): a message held but absent here was stopped while the terminal was away.
   */
  messages: Type.Array(TerminalMessagePayloadSchema),
  /** Strategies arrive with their issue; empty until then. */
  strategies: Type.Array(Type.Object({}, { additionalProperties: true })),
  /**
   * The sync group the terminal plays in (absent or null: none). While it is set, the terminal plays
   * the group's program in lockstep with the other members instead of its plans and programs.
   */
  sync: Type.Optional(Type.Union([ManifestSyncSchema, Type.Null()])),
});
export type Manifest = Static<typeof ManifestSchema>;
