import { Type, type Static, type TSchema } from 'typebox';
import { REVIEW_STATE_VALUES } from './material.js';
import { PlanDocumentSchema, PlanProblemSchema, TimelineSegmentSchema } from './plan.js';

/**
 * Console calls of play plans (`/a/api/playPlan`), their review (`/a/api/review/plan`) and
 * timelines. Plans are published to terminals like programs (`terminalSelect`, `saveTerminals`,
 * `searchOffice`, `delivery`), and reviewed like them while the audit switch is on.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Columns the plan list sorts by. */
export const PLAN_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'startDate', 'endDate'] as const;
export type PlanSortField = (typeof PLAN_SORT_FIELDS)[number];

/** Where a plan stands in time, from its entries' date ranges (today in the server's zone). */
export const PLAN_VALIDITY = ['upcoming', 'current', 'expired'] as const;
export type PlanValidity = (typeof PLAN_VALIDITY)[number];

/** A plan as lists show it (without its document). */
export const PlanSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  createdBy: Nullable(Type.Integer()),
  creatorName: Nullable(Type.String()),
  /** Increases on every save. */
  revision: Type.Integer(),
  entryCount: Type.Integer(),
  /** The earliest start and latest end of its entries (null end: one entry has none; null start: no entries). */
  startDate: Nullable(Type.String()),
  endDate: Nullable(Type.String()),
  validity: Type.Enum([...PLAN_VALIDITY]),
  /** Distinct programs its entries and default program use. */
  programIds: Type.Array(Type.Integer()),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  reviewNote: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  /** How many terminals it is published to. */
  terminalCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PlanSummary = Static<typeof PlanSummarySchema>;

/** A program a plan uses, with what the resolver needs of it (`detail`, `programLengths`). */
export const PlanProgramSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** One cycle of its main scenes, ms. */
  cycleMs: Type.Integer(),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type PlanProgram = Static<typeof PlanProgramSchema>;

/** A plan with its document (`detail`). */
export const PlanDetailSchema = Type.Object({
  ...PlanSummarySchema.properties,
  document: PlanDocumentSchema,
  reviewerName: Nullable(Type.String()),
  programs: Type.Array(PlanProgramSchema),
});
export type PlanDetail = Static<typeof PlanDetailSchema>;

/** Body of `save` (POST): a new plan without `id`. */
export const PlanSaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** The office it belongs to (new plans; default the caller's). */
  officeId: Type.Optional(Id),
  document: PlanDocumentSchema,
  /** The revision the editor opened; a newer one on the server answers 409 planConflict. */
  baseRevision: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type PlanSaveBody = Static<typeof PlanSaveBodySchema>;

/** Answer of `save` and `copy`: errors never get here (400 naming `document.entries[i].<field>`). */
export const PlanSavedSchema = Type.Object({
  id: Type.Integer(),
  revision: Type.Integer(),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  /** Warnings of the saved plan (overlapping exclusives, entries that never play...). */
  problems: Type.Array(PlanProblemSchema),
});
export type PlanSaved = Static<typeof PlanSavedSchema>;

/** Body of `check` (POST): the problems of an unsaved document, errors included. */
export const PlanCheckBodySchema = Type.Object({ document: PlanDocumentSchema });
export const PlanCheckSchema = Type.Object({ problems: Type.Array(PlanProblemSchema) });
export type PlanCheck = Static<typeof PlanCheckSchema>;

/** Answer of `publishPlan`-style `saveTerminals` for plans. */
export const PlanPublishResultSchema = Type.Object({
  planId: Type.Integer(),
  terminalIds: Type.Array(Type.Integer()),
  added: Type.Array(Type.Integer()),
  removed: Type.Array(Type.Integer()),
});
export type PlanPublishResult = Static<typeof PlanPublishResultSchema>;

/** One terminal's timeline (`timeline`). */
export const TerminalTimelineSchema = Type.Object({
  terminalId: Type.Integer(),
  terminalName: Type.String(),
  /** The zone its windows are read in (its own, else its office's, else the server's). */
  timeZone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  segments: Type.Array(TimelineSegmentSchema),
});
export type TerminalTimeline = Static<typeof TerminalTimelineSchema>;

/** Answer of `timeline` for a group or an office: one page of terminals. */
export const TimelinePageSchema = Type.Object({
  list: Type.Array(TerminalTimelineSchema),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
});
export type TimelinePage = Static<typeof TimelinePageSchema>;

/** Longest range `timeline` answers, in days. */
export const TIMELINE_MAX_DAYS = 31;
