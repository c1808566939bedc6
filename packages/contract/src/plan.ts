import { Type, type Static, type TSchema } from 'typebox';

/**
 * A play plan's document: entries that put programs in time (date range, days, recurrence, windows),
 * and a default program for when nothing is scheduled. The schedule resolver (`@apm/schedule`) turns
 * it, with the terminal's time zone, into the timeline of what plays.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** How an entry takes the screen. */
export const PLAN_ENTRY_KINDS = ['normal', 'interrupt', 'exclusive'] as const;
/**
 * `normal`: rotates with the other normal entries of the highest priority active at the time;
 * `interrupt`: plays its programs every N minutes (or N times an hour) inside its windows, then returns;
 * `exclusive`: takes the screen for its whole window (over interrupts and normal entries).
 */
export type PlanEntryKind = (typeof PLAN_ENTRY_KINDS)[number];

/** Days of the week as RFC 5545 names them, Monday first. */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** Lowest and highest entry priority; the higher wins. */
export const PLAN_PRIORITY_MIN = 1;
export const PLAN_PRIORITY_MAX = 9;

/** A calendar date `YYYY-MM-DD` (the terminal's wall calendar). */
export const PlanDateSchema = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'YYYY-MM-DD',
});
/** A wall-clock time `HH:MM`, 00:00–23:59 (24:00 allowed as an end). */
export const PlanTimeSchema = Type.String({
  pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$',
  description: 'HH:MM',
});

/** One program of an entry's sequence. */
export const PlanItemSchema = Type.Object({
  programId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  /** Seconds it plays each turn; absent or null: one cycle of the program (its main scenes). */
  durationSec: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 86_400 }))),
});
export type PlanItem = Static<typeof PlanItemSchema>;

/** A time-of-day window; an `end` at or before `start` ends on the next day (across midnight). */
export const PlanWindowSchema = Type.Object({ start: PlanTimeSchema, end: PlanTimeSchema });
export type PlanWindow = Static<typeof PlanWindowSchema>;

/** One entry of a plan. */
export const PlanEntrySchema = Type.Object({
  /** Stable within the plan (timeline segments name it). */
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Type.String({ maxLength: 100 }),
  kind: Type.Enum([...PLAN_ENTRY_KINDS]),
  priority: Type.Integer({ minimum: PLAN_PRIORITY_MIN, maximum: PLAN_PRIORITY_MAX }),
  /** Programs played in turn (a sequence); one item plays alone. */
  items: Type.Array(PlanItemSchema, { minItems: 1, maxItems: 50 }),
  /** First day (inclusive); also the recurrence's start. */
  startDate: PlanDateSchema,
  /** Last day (inclusive); null: no end. */
  endDate: Nullable(PlanDateSchema),
  /** Days of the week it plays on; empty: every day. */
  weekdays: Type.Array(Type.Enum([...WEEKDAY_CODES]), { maxItems: 7, uniqueItems: true }),
  /**
   * RFC 5545 recurrence of the days it plays (the RRULE value, e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO`),
   * starting on `startDate`; null: every day of the range.
   */
  rrule: Nullable(Type.String({ minLength: 1, maxLength: 500 })),
  /** Days taken out (EXDATE). */
  exdates: Type.Array(PlanDateSchema, { maxItems: 366 }),
  /** Days added (RDATE), inside the date range. */
  rdates: Type.Array(PlanDateSchema, { maxItems: 366 }),
  /** Time-of-day windows on each of its days; empty: the whole day. */
  windows: Type.Array(PlanWindowSchema, { maxItems: 24 }),
  /** Interrupts: fires every this many minutes from each window's start. */
  everyMinutes: Nullable(Type.Integer({ minimum: 1, maximum: 1440 })),
  /** Interrupts: fires this many times an hour (evenly), when `everyMinutes` is null. */
  perHour: Nullable(Type.Integer({ minimum: 1, maximum: 60 })),
});
export type PlanEntry = Static<typeof PlanEntrySchema>;

/** A plan's schedule. */
export const PlanDocumentSchema = Type.Object({
  entries: Type.Array(PlanEntrySchema, { maxItems: 500 }),
  /** Plays when no entry of any plan of the terminal does. */
  defaultProgramId: Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type PlanDocument = Static<typeof PlanDocumentSchema>;

/** What a timeline segment plays: an entry's kind, the default program, a program published without plan, or nothing. */
export const SEGMENT_KINDS = [...PLAN_ENTRY_KINDS, 'default', 'published', 'idle'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** Something scheduled for a segment's time that the segment hides. */
export const HiddenEntrySchema = Type.Object({
  planId: Nullable(Type.Integer()),
  entryId: Nullable(Type.String()),
  kind: Type.Enum([...SEGMENT_KINDS]),
});
export type HiddenEntry = Static<typeof HiddenEntrySchema>;

/** One stretch of a terminal's timeline (`playPlan/timeline`): ISO 8601 instants, end exclusive. */
export const TimelineSegmentSchema = Type.Object({
  start: Type.String(),
  end: Type.String(),
  programId: Nullable(Type.Integer()),
  planId: Nullable(Type.Integer()),
  entryId: Nullable(Type.String()),
  kind: Type.Enum([...SEGMENT_KINDS]),
  hides: Type.Array(HiddenEntrySchema),
});
export type TimelineSegment = Static<typeof TimelineSegmentSchema>;

/** Why a plan cannot be saved as it is, or what to look at (`playPlan/save` answers them). */
export const PLAN_PROBLEM_CODES = [
  'rrule',
  'dateRange',
  'windowNeverOccurs',
  'exclusiveOverlap',
  'interruptRate',
  'unknownProgram',
  'duplicateId',
] as const;
export type PlanProblemCode = (typeof PLAN_PROBLEM_CODES)[number];

/** One problem of a plan: which entry (null: the plan), what, and a message in English for logs. */
export const PlanProblemSchema = Type.Object({
  code: Type.Enum([...PLAN_PROBLEM_CODES]),
  entryId: Nullable(Type.String()),
  /** The other entry, for overlaps. */
  otherEntryId: Type.Optional(Nullable(Type.String())),
  /** The field of the entry at fault, e.g. `rrule`, `windows[1]`. */
  field: Type.Optional(Type.String()),
  /** The first date it occurs on, for overlaps. */
  date: Type.Optional(Type.String()),
  /** `error` refuses the save; `warning` is shown and saved. */
  severity: Type.Enum(['error', 'warning']),
  message: Type.String(),
});
export type PlanProblem = Static<typeof PlanProblemSchema>;
