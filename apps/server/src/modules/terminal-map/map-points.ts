import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { mergeLiveStatus, type LiveStatusSource } from '../terminals/live-status.js';
import { filterConditions } from '../terminals/terminal-queries.js';
import { claimedInScope, terminalStatesInScope } from '../terminals/terminal-scope.js';
import { fieldError } from '../users/user-access.js';

/** How a terminal shows on the map: offline, online with an open alarm (abnormal), or online. */
export const MAP_STATES = ['online', 'abnormal', 'offline'] as const;
export type MapState = (typeof MAP_STATES)[number];

/** A positioned terminal, compact: `[id, latitude, longitude, state, name]`. */
export type MapPoint = [number, number, number, MapState, string];
/** A terminal without a position, compact: `[id, state, name]`. */
export type UnpositionedPoint = [number, MapState, string];

/** Filters of the map: office (and below), group (and subgroups), state. */
export interface MapFilters {
  officeId?: number;
  groupId?: number;
  state?: MapState;
}

/** What the map draws: every positioned terminal, and the first unpositioned ones with their count. */
export interface MapPoints {
  points: MapPoint[];
  unpositioned: UnpositionedPoint[];
  unpositionedCount: number;
}

/** A terminal as the statement answers it: id, position, stored presence, open alarm, name. */
type StoredRow = [number, number | null, number | null, boolean, boolean, string];

/** Most unpositioned terminals listed (the count tells how many there are). */
export const MAX_UNPOSITIONED_LISTED = 200;

/** The state a terminal shows: presence first, then whether an alarm about it is still open. */
export const mapStateOf = (online: boolean, alarmed: boolean): MapState =>
  !online ? 'offline' : alarmed ? 'abnormal' : 'online';

/**
 * The terminal map's data: the claimed terminals in the caller's data range (filtered by office,
 * group and state) read in one statement, with live presence laid over the stored one, as compact
 * rows a browser clusters itself.
 */
export class TerminalMapService {
  constructor(
    private readonly db: Database,
    /** The gateway's live presence; without it the presence last flushed to the database is used. */
    private readonly presence: LiveStatusSource | undefined,
  ) {}

  /** Positioned terminals as points, the unpositioned ones listed (first {@link MAX_UNPOSITIONED_LISTED}) and counted. */
  async points(auth: AuthContext, filters: MapFilters): Promise<MapPoints> {
    const conds = await filterConditions(this.db, auth, {
      officeId: filters.officeId,
      groupId: filters.groupId,
    });
    // One statement answering one JSON text: row by row, the embedded database spends most of the
    // time handing rows over (10,000 rows: about 3 times slower than this).
    const result = (await this.db.execute(sql`
      select coalesce(json_agg(json_build_array(
        "terminals"."id", "terminals"."latitude", "terminals"."longitude", "terminals"."online",
        exists (select 1 from abnormal_alarms a where a.terminal_id = "terminals"."id"
                and a.ended_at is null and a.cleared_at is null),
        "terminals"."name") order by "terminals"."id"), '[]')::text as rows
      from ${terminals} where ${and(claimedInScope(auth), ...conds)}`)) as unknown as {
      rows: { rows: string }[];
    };
    const rows = JSON.parse(result.rows[0]?.rows ?? '[]') as StoredRow[];
    const live = await mergeLiveStatus(
      this.presence,
      rows.map(([id, , , online]) => ({ id, online, lastSeenAt: null, status: null })),
    );
    const out: MapPoints = { points: [], unpositioned: [], unpositionedCount: 0 };
    for (const [id, latitude, longitude, online, alarmed, name] of rows) {
      const state = mapStateOf(live.get(id)?.online ?? online, alarmed);
      if (filters.state && state !== filters.state) continue;
      if (latitude === null || longitude === null) {
        out.unpositionedCount++;
        if (out.unpositioned.length < MAX_UNPOSITIONED_LISTED) out.unpositioned.push([id, state, name]);
      } else out.points.push([id, latitude, longitude, state, name]);
    }
    return out;
  }

  /**
   * Checks that a terminal is one the caller may place: in scope (404 naming `id`) and claimed
   * (400 naming `id`: a pending terminal has no place yet).
   */
  async assertPlaceable(auth: AuthContext, id: number): Promise<void> {
    const [row] = await terminalStatesInScope(this.db, auth, [id], 'id');
    if (row?.state !== 'claimed') throw fieldError(400, 'id', `id: terminal ${id} is not claimed yet`);
  }

  /** Keeps a position on the terminal row (the address, no longer true of the new place, is cleared unless given). */
  async storePosition(
    id: number,
    latitude: number,
    longitude: number,
    address: string | null,
  ): Promise<void> {
    await this.db
      .update(terminals)
      .set({ latitude, longitude, address, updatedAt: new Date() })
      .where(eq(terminals.id, id));
  }
}
