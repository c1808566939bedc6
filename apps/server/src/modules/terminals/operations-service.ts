import { and, asc, count, countDistinct, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  messageTerminals,
  planPublications,
  plans,
  programPublications,
  programs,
  terminals,
} from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';
import { groupInScope, groupWithDescendants } from './group-queries.js';
import { lastCommands, terminalInScope } from './settings-state.js';
import { claimedInScope } from './terminal-scope.js';

/** Whose publications to count: one terminal, or the terminals of a group or an office (and below). */
export interface CountTarget {
  terminalId?: number;
  groupId?: number;
  officeId?: number;
}

/** Missing terminal operations: the play queue, the app update sent last, publish counts. */
export class TerminalOperations {
  constructor(
    private readonly db: Database,
    private readonly presence: Pick<TerminalPresence, 'live'>,
  ) {}

  /**
   * The programs published to a terminal (404 out of scope) in the order the player rotates them
   * (`sort`, then id), and the plans that decide what plays when they hold entries now.
   */
  async playQueue(auth: AuthContext, terminalId: number) {
    await terminalInScope(this.db, auth, terminalId);
    const [queue, planRows] = await Promise.all([
      this.db
        .select({
          id: programs.id,
          name: programs.name,
          sort: programPublications.sort,
          startAt: programPublications.startAt,
          endAt: programPublications.endAt,
        })
        .from(programPublications)
        .innerJoin(programs, eq(programs.id, programPublications.programId))
        .where(eq(programPublications.terminalId, terminalId))
        .orderBy(asc(programPublications.sort), asc(programs.id)),
      this.db
        .select({ id: plans.id, name: plans.name })
        .from(planPublications)
        .innerJoin(plans, eq(plans.id, planPublications.planId))
        .where(eq(planPublications.terminalId, terminalId))
        .orderBy(asc(plans.id)),
    ]);
    return {
      terminalId,
      programs: queue.map((p, index) => ({
        id: p.id,
        name: p.name,
        position: index + 1,
        sort: p.sort,
        startAt: p.startAt?.toISOString() ?? null,
        endAt: p.endAt?.toISOString() ?? null,
      })),
      plans: planRows,
    };
  }

  /**
   * Sets the play order of a terminal's published programs: `programIds` must name each of them
   * once (400 naming `programIds` otherwise). Answers whether the order changed.
   */
  async setPlayQueue(auth: AuthContext, terminalId: number, programIds: number[]): Promise<boolean> {
    const current = await this.playQueue(auth, terminalId);
    const published = new Set(current.programs.map((p) => p.id));
    const given = new Set(programIds);
    if (given.size !== programIds.length)
      throw fieldError(400, 'programIds', 'programIds: a program is named twice');
    const stranger = programIds.find((id) => !published.has(id));
    if (stranger !== undefined) {
      throw fieldError(
        400,
        'programIds',
        `programIds: program ${stranger} is not published to this terminal`,
      );
    }
    const left = [...published].filter((id) => !given.has(id));
    if (left.length) throw fieldError(400, 'programIds', `programIds: program ${left[0]} is missing`);
    if (current.programs.every((p, i) => p.id === programIds[i] && p.sort === i)) return false;
    await this.db.transaction(async (tx) => {
      for (const [index, programId] of programIds.entries()) {
        await tx
          .update(programPublications)
          .set({ sort: index })
          .where(
            and(eq(programPublications.terminalId, terminalId), eq(programPublications.programId, programId)),
          );
      }
    });
    return true;
  }

  /** The app version a terminal reports and the last app update sent to it with its delivery state. */
  async apkUpdateInfo(auth: AuthContext, terminalId: number) {
    const row = await terminalInScope(this.db, auth, terminalId);
    const [[live], last] = await Promise.all([
      this.presence.live([terminalId]),
      lastCommands(this.db, [terminalId], ['updateApp']),
    ]);
    const update = last.get(terminalId)?.get('updateApp') ?? null;
    return {
      terminalId,
      platform: row.platform,
      appVersion: live?.status?.appVersion ?? row.appVersion ?? null,
      lastUpdate: update
        ? {
            ...update,
            version: typeof update.params.version === 'string' ? update.params.version : null,
            url: typeof update.params.url === 'string' ? update.params.url : null,
          }
        : null,
    };
  }

  /** How many programs, plans and messages are published to a terminal or to a group's or office's terminals. */
  async publishCounts(auth: AuthContext, target: CountTarget) {
    const given = [target.terminalId, target.groupId, target.officeId].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw fieldError(400, 'terminalId', 'Name exactly one of terminalId, groupId or officeId');
    }
    let where: SQL;
    if (target.terminalId !== undefined) {
      await terminalInScope(this.db, auth, target.terminalId);
      where = eq(terminals.id, target.terminalId);
    } else if (target.groupId !== undefined) {
      const group = await groupInScope(this.db, auth, target.groupId, 'groupId');
      where = and(
        claimedInScope(auth),
        inArray(terminals.groupId, await groupWithDescendants(this.db, group)),
      )!;
    } else {
      const office = await officeInScope(this.db, auth, target.officeId!, 'officeId');
      where = and(claimedInScope(auth), officesUnder(terminals.officeId, office.path))!;
    }
    const ids = this.db.select({ id: terminals.id }).from(terminals).where(where);
    const [[t], [p], [l], [m]] = await Promise.all([
      this.db.select({ n: count() }).from(terminals).where(where),
      this.db
        .select({ n: countDistinct(programPublications.programId), pairs: count() })
        .from(programPublications)
        .where(inArray(programPublications.terminalId, ids)),
      this.db
        .select({ n: countDistinct(planPublications.planId), pairs: count() })
        .from(planPublications)
        .where(inArray(planPublications.terminalId, ids)),
      this.db
        .select({ n: countDistinct(messageTerminals.messageId), pairs: count() })
        .from(messageTerminals)
        .where(and(inArray(messageTerminals.terminalId, ids), isNull(messageTerminals.stoppedAt))),
    ]);
    return {
      terminals: Number(t?.n ?? 0),
      programs: Number(p?.n ?? 0),
      plans: Number(l?.n ?? 0),
      messages: Number(m?.n ?? 0),
      publications: {
        programs: Number(p?.pairs ?? 0),
        plans: Number(l?.pairs ?? 0),
        messages: Number(m?.pairs ?? 0),
      },
    };
  }
}
