import type {
  OfficeNode,
  Terminal,
  TerminalLiveStatus,
  TerminalScreenshot,
  TerminalStatusCount,
} from '@apm/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  offices,
  programPublications,
  programs,
  terminalGroups,
  terminalScreenshots,
  terminals,
} from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import type { OfficeService } from '../offices/service.js';
import { officeZone, settingsZone } from '../plans/time-zones.js';
import { fieldError } from '../users/user-access.js';
import { nameDownloads, type NamedDownload } from './download-names.js';
import { mergeLiveStatus, type LiveStatusSource } from './live-status.js';
import { toScreenshot } from './screenshot-service.js';
import {
  countTerminals,
  filterConditions,
  terminalColumns,
  terminalRows,
  toTerminal,
  type TerminalFilters,
  type TerminalPaging,
} from './terminal-queries.js';
import { claimedInScope, seesPending, terminalScope } from './terminal-scope.js';

/** A page of a list. */
export interface Page<T> {
  list: T[];
  count: number;
  pageNo: number;
  pageSize: number;
}

/** An office node of the terminal tree, with the claimed terminals of its subtree counted. */
export type OfficeTerminalNode = OfficeNode & { terminalCount: number; onlineCount: number };

/** A program published to a terminal (`getRltPrograms`). */
export interface PublishedProgram {
  id: number;
  name: string;
  revision: number;
  reviewState: string;
  sort: number;
  publishedAt: string;
}

/** A terminal with what only its details show. */
export type TerminalDetails = Terminal & {
  pairingCode: string | null;
  settings: Record<string, unknown>;
  remarks: string | null;
  downloads: NamedDownload[];
  /** Its own IANA zone (settings); null: it inherits. */
  timeZone: string | null;
  /** The zone without its own: the nearest office up the tree with one, else the server's. */
  inheritedTimeZone: string;
  /** The zone its plans are read in: `timeZone`, else `inheritedTimeZone`. */
  effectiveTimeZone: string;
};

/**
 * The console's view of terminals: lists, counts, the office tree with counts, details and live
 * status, always within the caller's data range (pending terminals only for platform users).
 */
export class TerminalService {
  /** The gateway's live presence (the routes set it; see {@link LiveStatusSource}). */
  presence: LiveStatusSource | undefined;

  constructor(
    private readonly db: Database,
    private readonly officeService: OfficeService,
    /** The server's time zone, where neither the terminal nor an office up the tree names one. */
    private readonly defaultZone: string,
  ) {}

  /** Terminals in scope matching the filters: sorted and paged in SQL, live status laid over. */
  async list(auth: AuthContext, filters: TerminalFilters, paging: TerminalPaging): Promise<Page<Terminal>> {
    const where = and(
      await terminalScope(this.db, auth),
      ...(await filterConditions(this.db, auth, filters)),
    );
    const [rows, total] = await Promise.all([
      terminalRows(this.db, where, paging),
      countTerminals(this.db, where),
    ]);
    const live = await mergeLiveStatus(this.presence, rows);
    return {
      list: rows.map((r) => toTerminal(r, live.get(r.id))),
      count: total,
      pageNo: paging.pageNo,
      pageSize: paging.pageSize,
    };
  }

  /** Counts in scope (optionally of an office subtree or group): online from live presence. */
  async statusCount(
    auth: AuthContext,
    filters: Pick<TerminalFilters, 'officeId' | 'groupId'>,
  ): Promise<TerminalStatusCount> {
    const conds = await filterConditions(this.db, auth, filters);
    const claimed = and(claimedInScope(auth), ...conds);
    const pendingShown = !conds.length && (await seesPending(this.db, auth));
    const pending = pendingShown ? await countTerminals(this.db, eq(terminals.state, 'pending')) : 0;
    const rows = await this.db
      .select({
        id: terminals.id,
        online: terminals.online,
        lastSeenAt: terminals.lastSeenAt,
        status: sql<null>`null`,
      })
      .from(terminals)
      .where(claimed);
    const live = await mergeLiveStatus(this.presence, rows);
    let online = 0;
    for (const status of live.values()) if (status.online) online++;
    const total = rows.length;
    return { total: total + pending, online, offline: total - online, pending };
  }

  /** Office nodes (the visible roots, or the children of `parentId`) with subtree terminal counts. */
  async officeTree(auth: AuthContext, parentId: number | undefined): Promise<OfficeTerminalNode[]> {
    const nodes =
      parentId === undefined
        ? await this.officeService.roots(auth)
        : await this.officeService.children(auth, parentId);
    if (!nodes.length) return [];
    const sub = alias(offices, 'sub');
    const counts = await this.db
      .select({
        id: offices.id,
        n: sql<number>`count(${terminals.id})::int`,
        online: sql<number>`count(${terminals.id}) filter (where ${terminals.online})::int`,
      })
      .from(offices)
      .innerJoin(sub, sql`${sub.path} like ${offices.path} || '%'`)
      .innerJoin(terminals, eq(terminals.officeId, sub.id))
      .where(
        and(
          inArray(
            offices.id,
            nodes.map((n) => n.id),
          ),
          claimedInScope(auth),
        ),
      )
      .groupBy(offices.id);
    const byId = new Map(counts.map((c) => [c.id, c]));
    return nodes.map((n) => ({
      ...n,
      terminalCount: Number(byId.get(n.id)?.n ?? 0),
      onlineCount: Number(byId.get(n.id)?.online ?? 0),
    }));
  }

  /** Terminals in scope whose name or device id contains `keyword` (at most 50, by name). */
  async search(auth: AuthContext, keyword: string): Promise<Terminal[]> {
    if (!keyword.trim()) return [];
    const page = await this.list(
      auth,
      { keyword },
      { pageNo: 1, pageSize: 50, sortField: 'name', sortOrder: 'asc' },
    );
    return page.list;
  }

  /** One terminal in scope with its settings, remarks, pairing code and download progress; 404 naming `id`. */
  async details(auth: AuthContext, id: number): Promise<TerminalDetails> {
    const [row] = await this.db
      .select({
        ...terminalColumns,
        pairingCode: terminals.pairingCode,
        settings: terminals.settings,
        remarks: terminals.remarks,
        officePath: offices.path,
      })
      .from(terminals)
      .leftJoin(offices, eq(offices.id, terminals.officeId))
      .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
      .where(and(eq(terminals.id, id), await terminalScope(this.db, auth)));
    if (!row) throw fieldError(404, 'id', `id: no terminal ${id} in your scope`, 'notFound');
    const live = (await mergeLiveStatus(this.presence, [row])).get(id);
    const { pairingCode, settings, remarks, officePath, ...rest } = row;
    const timeZone = settingsZone(settings);
    const inheritedTimeZone = officePath
      ? await officeZone(this.db, officePath, this.defaultZone)
      : this.defaultZone;
    return {
      ...toTerminal(rest, live),
      pairingCode,
      settings,
      remarks,
      downloads: await nameDownloads(this.db, id, live?.downloads ?? []),
      timeZone,
      inheritedTimeZone,
      effectiveTimeZone: timeZone ?? inheritedTimeZone,
    };
  }

  /** Live status of the terminals in scope among `ids` (the others are left out). */
  async liveStatus(auth: AuthContext, ids: number[]): Promise<TerminalLiveStatus[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        id: terminals.id,
        online: terminals.online,
        lastSeenAt: terminals.lastSeenAt,
        status: terminals.status,
      })
      .from(terminals)
      .where(and(inArray(terminals.id, ids), await terminalScope(this.db, auth)));
    const live = await mergeLiveStatus(this.presence, rows);
    return ids.flatMap((id) => live.get(id) ?? []);
  }

  /** The programs published to a terminal in scope, in play order (404 naming `terminalId`). */
  async programs(auth: AuthContext, terminalId: number): Promise<PublishedProgram[]> {
    await this.assertVisible(auth, terminalId);
    const rows = await this.db
      .select({
        id: programs.id,
        name: programs.name,
        revision: programs.revision,
        reviewState: programs.reviewState,
        sort: programPublications.sort,
        publishedAt: programPublications.publishedAt,
      })
      .from(programPublications)
      .innerJoin(programs, eq(programs.id, programPublications.programId))
      .where(eq(programPublications.terminalId, terminalId))
      .orderBy(asc(programPublications.sort), asc(programs.id));
    return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
  }

  /** The latest screenshot of each of `ids` (for the screen wall). */
  async latestScreenshots(ids: number[]): Promise<Map<number, TerminalScreenshot>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectDistinctOn([terminalScreenshots.terminalId])
      .from(terminalScreenshots)
      .where(inArray(terminalScreenshots.terminalId, ids))
      .orderBy(terminalScreenshots.terminalId, desc(terminalScreenshots.id));
    return new Map(rows.map((r) => [r.terminalId, toScreenshot(r)]));
  }

  /** 404 unless the terminal is in scope. */
  async assertVisible(auth: AuthContext, id: number, field = 'terminalId'): Promise<void> {
    const [row] = await this.db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.id, id), await terminalScope(this.db, auth)));
    if (!row) throw fieldError(404, field, `${field}: no terminal ${id} in your scope`, 'notFound');
  }
}
