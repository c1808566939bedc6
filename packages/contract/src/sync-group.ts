import { Type, type Static, type TSchema } from 'typebox';
import { TERMINAL_HEALTH } from './alarm.js';

/**
 * Console calls of synchronized playback (`/a/api/syncGroup/...`): list, syncGroupDetail (members with
 * their live state), saveSyncGroup (create or update), deleteSyncGroup, restartSyncGroup (a new
 * epoch) and programSelect (the programs a group may play). Members of a group play its program's
 * main scenes in lockstep; what a member receives is the manifest's `sync` (`ManifestSyncSchema`).
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** `mirror`: every member shows the whole canvas; `wall`: each member shows its tile of one wide canvas. */
export const SYNC_MODES = ['mirror', 'wall'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];
/** Most columns and rows of a wall. */
export const SYNC_GRID_MAX = 16;
/** Most members of a group (a full 16 × 16 wall). */
export const SYNC_MEMBERS_MAX = SYNC_GRID_MAX * SYNC_GRID_MAX;
/** Fewest members of a mirror group (one terminal alone has nothing to be in sync with). */
export const SYNC_MIRROR_MIN = 2;
/** Longest group name. */
export const SYNC_NAME_MAX = 100;

/** Columns the group list sorts by. */
export const SYNC_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'memberCount'] as const;
export type SyncSortField = (typeof SYNC_SORT_FIELDS)[number];

/** GET list: filters, sort and paging (server-side). */
export const SyncGroupListQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Part of the group's or its program's name, case-insensitive. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  mode: Type.Optional(Type.Enum([...SYNC_MODES])),
  sort: Type.Optional(Type.Enum([...SYNC_SORT_FIELDS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
});
export type SyncGroupListQuery = Static<typeof SyncGroupListQuerySchema>;

/** A sync group as lists show it. */
export const SyncGroupSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mode: Type.Enum([...SYNC_MODES]),
  officeId: Type.Integer(),
  officeName: Type.String(),
  /** Null once the program was deleted: the members then play as if in no group. */
  programId: Nullable(Type.Integer()),
  programName: Nullable(Type.String()),
  /** The program's canvas in pixels (what a wall splits into tiles). */
  programWidth: Nullable(Type.Integer()),
  programHeight: Nullable(Type.Integer()),
  /** The wall's grid (1 × 1 for a mirror). */
  columns: Type.Integer(),
  rows: Type.Integer(),
  /** Server time (ms since 1970) the loop began. */
  epochMs: Type.Integer(),
  memberCount: Type.Integer(),
  /** Members online now (live presence). */
  onlineCount: Type.Integer(),
  creatorName: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type SyncGroupSummary = Static<typeof SyncGroupSummarySchema>;

/** A member with its tile and its live state (as the real-time monitor gives it). */
export const SyncMemberSchema = Type.Object({
  terminalId: Type.Integer(),
  name: Type.String(),
  officeName: Type.String(),
  /** 0-based tile of a wall (0, 0 in a mirror). */
  column: Type.Integer(),
  row: Type.Integer(),
  online: Type.Boolean(),
  health: Type.Enum([...TERMINAL_HEALTH]),
  lastSeenAt: Nullable(Type.String()),
  /** The terminal's clock minus the server's when its last heartbeat arrived, in ms. */
  clockSkewMs: Nullable(Type.Number()),
  /** The terminal's own estimate of the server's clock (server minus terminal, ms) and its best round trip. */
  clockOffsetMs: Nullable(Type.Number()),
  clockDelayMs: Nullable(Type.Number()),
  /**
   * How far the member's video frames were from the group's loop over the last minute (95th
   * percentile, ms), as its heartbeat reports it; null before it reported frames of this group.
   */
  frameErrorP95Ms: Nullable(Type.Number()),
});
export type SyncMember = Static<typeof SyncMemberSchema>;

/** A sync group with its members (ordered by row, column, name). */
export const SyncGroupDetailSchema = Type.Object({
  ...SyncGroupSummarySchema.properties,
  members: Type.Array(SyncMemberSchema),
});
export type SyncGroupDetail = Static<typeof SyncGroupDetailSchema>;

/** A member as saved: the terminal, and in a wall its tile. */
export const SyncMemberInputSchema = Type.Object({
  terminalId: Id,
  column: Type.Optional(Type.Integer({ minimum: 0, maximum: SYNC_GRID_MAX - 1 })),
  row: Type.Optional(Type.Integer({ minimum: 0, maximum: SYNC_GRID_MAX - 1 })),
});
export type SyncMemberInput = Static<typeof SyncMemberInputSchema>;

/**
 * POST saveSyncGroup: creates (no id) or updates a group. A change of program, mode, grid or members
 * restarts the loop (a new epoch) for every member.
 */
export const SyncGroupSaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  /** The office a new group belongs to (in the caller's range); default: the caller's. */
  officeId: Type.Optional(Id),
  name: Type.String({ maxLength: SYNC_NAME_MAX }),
  mode: Type.Enum([...SYNC_MODES]),
  programId: Id,
  /** A wall's grid (required for a wall; a mirror is 1 × 1). */
  columns: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_GRID_MAX })),
  rows: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_GRID_MAX })),
  members: Type.Array(SyncMemberInputSchema, { maxItems: SYNC_MEMBERS_MAX }),
});
export type SyncGroupSaveBody = Static<typeof SyncGroupSaveBodySchema>;

/** POST deleteSyncGroup. */
export const SyncGroupIdsBodySchema = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }),
});

/** POST restartSyncGroup. */
export const SyncGroupIdBodySchema = Type.Object({ id: Id });

/** GET programSelect: approved programs of the caller's range a group may play, searched and paged. */
export const SyncProgramQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});

/** A program as the group editor offers it. */
export const SyncProgramSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The canvas, in pixels. */
  width: Type.Integer(),
  height: Type.Integer(),
  /** Length of one loop of its main scenes, in ms. */
  cycleMs: Type.Integer(),
  /** False when a main scene waits for a touch (`untilTouched`): such a program cannot be synchronized. */
  syncable: Type.Boolean(),
});
export type SyncProgram = Static<typeof SyncProgramSchema>;

/**
 * Why a program's document cannot be played in sync (a main scene waits for a touch), or null; and
 * its loop's length. Scenes that are not main are only reached by a button and do not count.
 */
export function syncLoopOf(document: unknown): { cycleMs: number; problem: string | null } {
  const scenes = (document as { scenes?: { main?: boolean; untilTouched?: boolean; durationMs?: number }[] })
    ?.scenes;
  const main = Array.isArray(scenes) ? scenes.filter((s) => s?.main) : [];
  if (!main.length) return { cycleMs: 0, problem: 'the program has no main scene' };
  const cycleMs = main.reduce((sum, s) => sum + (Number(s.durationMs) || 0), 0);
  if (main.some((s) => s.untilTouched))
    return { cycleMs, problem: "a synchronized program's scenes need fixed durations" };
  return { cycleMs, problem: null };
}
