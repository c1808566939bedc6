import { Type, type Static } from 'typebox';

/**
 * Terminal debugging (console page `terminal/debug`): a terminal's live log stream on demand, its
 * last errors, a ping with round-trip time. The channel messages are in terminal-protocol.ts; the
 * schemas they carry and the console's answers are here.
 */

/** Levels of a terminal's log lines, least severe first. */
export const DEBUG_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type DebugLogLevel = (typeof DEBUG_LOG_LEVELS)[number];

/** Longest log line text a terminal sends (longer ones are cut). */
export const DEBUG_LOG_TEXT_MAX = 500;
/** Most lines one `debugLog` frame carries (a batch also stays far below the frame limit). */
export const DEBUG_LOG_BATCH_MAX = 50;
/** Errors a terminal keeps (and answers), newest last. */
export const DEBUG_ERRORS_MAX = 50;
/** Longest error message kept: 50 of them fit one frame in any script. */
export const DEBUG_ERROR_TEXT_MAX = 300;
/**
 * Seconds a terminal streams its log after being told to: the console renews the lease while it
 * watches, so a closed tab stops the stream by itself.
 */
export const DEBUG_STREAM_LEASE_SECONDS = 60;
/** Seconds the server waits for a ping's or an errors request's answer. */
export const DEBUG_ANSWER_TIMEOUT_SECONDS = 5;

/** What a terminal's errors come from. */
export const DEBUG_ERROR_KINDS = ['error', 'rejection', 'media', 'command', 'download', 'console'] as const;
export type DebugErrorKind = (typeof DEBUG_ERROR_KINDS)[number];

/** A request of the server answered by a terminal (ping, errors). */
export const DebugRequestIdSchema = Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' });

/** One line of a terminal's log. `seq` counts up from 0 at each start of the player (`boot`). */
export const DebugLogLineSchema = Type.Object({
  seq: Type.Integer({ minimum: 0 }),
  at: Type.String({ maxLength: 40 }),
  level: Type.Enum([...DEBUG_LOG_LEVELS]),
  text: Type.String({ maxLength: DEBUG_LOG_TEXT_MAX }),
});
export type DebugLogLine = Static<typeof DebugLogLineSchema>;

/** One of a terminal's last errors. */
export const DebugErrorSchema = Type.Object({
  at: Type.String({ maxLength: 40 }),
  kind: Type.Enum([...DEBUG_ERROR_KINDS]),
  message: Type.String({ maxLength: DEBUG_ERROR_TEXT_MAX }),
});
export type DebugError = Static<typeof DebugErrorSchema>;

/** Why a terminal did not answer: the server holds no live channel of it, or it stayed silent. */
export const DEBUG_NO_ANSWER = ['offline', 'timeout'] as const;
export type DebugNoAnswer = (typeof DEBUG_NO_ANSWER)[number];

/** A log line as the console reads it: `n` orders lines in the server's buffer. */
export const DebugLogEntrySchema = Type.Object({
  ...DebugLogLineSchema.properties,
  n: Type.Integer(),
  /** The player start the line is from (a reload starts another). */
  boot: Type.String(),
});
export type DebugLogEntry = Static<typeof DebugLogEntrySchema>;

/** GET terminalDebug/logs: lines after the cursor, the next cursor, whether a stream is leased. */
export const DebugLogPageSchema = Type.Object({
  lines: Type.Array(DebugLogEntrySchema),
  /** Pass it back to get the lines after these. */
  cursor: Type.String(),
  /** The cursor named another buffer (the server's was dropped): these lines start from its beginning. */
  reset: Type.Boolean(),
  /** When the stream's lease ends (ISO 8601), or null when no console watches. */
  streamingUntil: Type.Union([Type.String(), Type.Null()]),
});
export type DebugLogPage = Static<typeof DebugLogPageSchema>;

/** POST terminalDebug/ping. */
export const DebugPingResultSchema = Type.Object({
  answered: Type.Boolean(),
  /** Round trip between the server and the terminal over its channel, ms (null without an answer). */
  rttMs: Type.Union([Type.Number(), Type.Null()]),
  reason: Type.Union([Type.Enum([...DEBUG_NO_ANSWER]), Type.Null()]),
});
export type DebugPingResult = Static<typeof DebugPingResultSchema>;

/** GET terminalDebug/errors. */
export const DebugErrorsResultSchema = Type.Object({
  answered: Type.Boolean(),
  reason: Type.Union([Type.Enum([...DEBUG_NO_ANSWER]), Type.Null()]),
  /** Newest first. */
  errors: Type.Array(DebugErrorSchema),
});
export type DebugErrorsResult = Static<typeof DebugErrorsResultSchema>;

/** POST terminalDebug/logStream: the lease taken or renewed. */
export const DebugStreamLeaseSchema = Type.Object({
  streamingUntil: Type.Union([Type.String(), Type.Null()]),
  /** Consoles watching this terminal's stream (this one included while it holds a lease). */
  watchers: Type.Integer(),
});
export type DebugStreamLease = Static<typeof DebugStreamLeaseSchema>;

/** POST terminalDebug/reload and terminalDebug/clearCache: the command sent, to follow until acknowledged. */
export const DebugCommandSentSchema = Type.Object({
  commandId: Type.Integer(),
  batchId: Type.String(),
});
export type DebugCommandSent = Static<typeof DebugCommandSentSchema>;
