import type {
  DeliveryCounts,
  DeliveryPage,
  DeliveryRetry,
  DeliveryState,
  PublishDelivery,
} from '@apm/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, programPublications, programs, terminalGroups, terminals } from '../../db/schema/index.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { TerminalCommandService } from '../../terminal/commands.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { fieldError } from '../users/user-access.js';
import { announceManifests } from './announce.js';
import type { ProgramManifestService } from './manifest-service.js';
import { deliveryOf, type DeliveryFacts } from './publish-delivery-state.js';
import { programScope } from './program-queries.js';
import { terminalScope } from './terminal-choice.js';

/** Filters of `delivery`. */
export interface DeliveryQuery {
  programId: number;
  pageNo: number;
  pageSize: number;
  /** Only terminals in this state. */
  state?: DeliveryState;
  /** Part of the terminal's name or device id. */
  keyword?: string;
}

/** A terminal's proof of play may start a little before publishing by its own clock. */
const CLOCK_SLACK = sql`interval '2 minutes'`;

/**
 * Where a published program stands on each of its terminals (of the caller's range), derived from
 * live presence (connection, download reports, what is on screen) and proof of play; and retrying
 * the terminals whose download failed. States live in memory, so the state filter and counts are
 * computed over the program's publications and only the page is read in detail.
 */
export class PublishDeliveryService {
  constructor(
    private readonly db: Database,
    private readonly presence: Pick<TerminalPresence, 'liveStatus'>,
    private readonly commands: Pick<TerminalCommandService, 'send'>,
    private readonly manifest: ProgramManifestService,
    private readonly bus: TerminalBus,
  ) {}

  /** One page of the program's terminals with their delivery state, and the count of every state. */
  async delivery(auth: AuthContext, q: DeliveryQuery): Promise<DeliveryPage> {
    const { states } = await this.states(auth, q.programId, q.keyword);
    return deliveryPage(this.db, states, q);
  }

  /**
   * Tells the failed terminals (all of the program's, or those of `terminalIds`) to fetch their
   * manifest and files again: a `refreshPrograms` command (queued for offline ones) and a manifest
   * announcement. Answers the terminals retried; terminals not failed are left alone.
   */
  async retry(auth: AuthContext, programId: number, terminalIds: number[]): Promise<DeliveryRetry> {
    const { states } = await this.states(auth, programId);
    const only = terminalIds.length ? new Set(terminalIds) : null;
    if (only) {
      const published = new Set(states.map((s) => s.terminalId));
      const unknown = [...only].filter((id) => !published.has(id));
      if (unknown.length) {
        const msg = `Program ${programId} is not published to terminal ${unknown.slice(0, 20).join(', ')} in your scope`;
        throw fieldError(404, 'terminalIds', msg, 'notFound');
      }
    }
    const failed = states
      .filter((s) => s.facts.state === 'failed' && (!only || only.has(s.terminalId)))
      .map((s) => s.terminalId);
    if (failed.length) {
      await this.commands.send({ terminalIds: failed, name: 'refreshPrograms', createdBy: auth.userId });
      await announceManifests(this.manifest, this.bus, failed);
    }
    return { programId, terminalIds: failed };
  }

  /** The program's publications in the caller's range, in name order, with their derived state. */
  private async states(auth: AuthContext, programId: number, keyword?: string) {
    const [program] = await this.db
      .select({ id: programs.id, materialIds: programs.materialIds })
      .from(programs)
      .where(and(eq(programs.id, programId), programScope(auth)));
    if (!program) throw fieldError(404, 'programId', `No program ${programId} in your scope`, 'notFound');
    const conds: SQL[] = [eq(programPublications.programId, programId), terminalScope(auth)];
    const word = keyword?.trim().toLowerCase();
    if (word) {
      const pattern = `%${escapeLike(word)}%`;
      conds.push(
        sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
      );
    }
    const rows = await this.db
      .select({
        terminalId: programPublications.terminalId,
        publishedAt: programPublications.publishedAt,
        startAt: programPublications.startAt,
        endAt: programPublications.endAt,
      })
      .from(programPublications)
      .innerJoin(terminals, eq(terminals.id, programPublications.terminalId))
      .where(and(...conds))
      .orderBy(asc(terminals.name), asc(terminals.id));
    const ids = rows.map((r) => r.terminalId);
    const played = await this.playedSincePublished(programId, ids);
    const live = await this.presence.liveStatus(ids);
    const materialIds = program.materialIds ?? [];
    const states = rows.map((r, i) => {
      const l = live[i]!;
      const facts: DeliveryFacts = deliveryOf({
        programId,
        materialIds,
        live: l,
        played: played.has(r.terminalId),
      });
      return { ...r, facts, online: l.online, lastSeenAt: l.lastSeenAt };
    });
    return { states };
  }

  /** Terminals that sent proof of playing the program since it was published to them. */
  private async playedSincePublished(programId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await queryRows<{ terminal_id: number }>(
      this.db,
      sql`SELECT DISTINCT e.terminal_id FROM play_events e
        INNER JOIN program_publications p ON p.terminal_id = e.terminal_id AND p.program_id = e.program_id
        WHERE e.program_id = ${programId} AND e.kind = 'program' AND e.terminal_id = ANY(${intArray(ids)})
          AND e.started_at >= p.published_at - ${CLOCK_SLACK}`,
    );
    return new Set(rows.map((r) => Number(r.terminal_id)));
  }
}

/** One terminal's delivery of published content, as {@link deliveryPage} pages it. */
export interface TerminalDeliveryState {
  terminalId: number;
  facts: DeliveryFacts;
  online: boolean;
  lastSeenAt: string | null;
  startAt: Date | null;
  endAt: Date | null;
  publishedAt: Date;
}

/**
 * One page of delivery states (filtered by state, in the order given) with the terminals' details,
 * and the count of every state: the delivery views of programs and plans.
 */
export async function deliveryPage(
  db: Database,
  states: readonly TerminalDeliveryState[],
  q: { pageNo: number; pageSize: number; state?: DeliveryState },
): Promise<DeliveryPage> {
  const counts: DeliveryCounts = { waiting: 0, downloading: 0, playing: 0, failed: 0, offline: 0 };
  for (const s of states) counts[s.facts.state] += 1;
  const matching = q.state ? states.filter((s) => s.facts.state === q.state) : states;
  const page = matching.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
  const details = page.length
    ? await db
        .select({
          id: terminals.id,
          name: terminals.name,
          officeName: offices.name,
          groupName: terminalGroups.name,
          resolution: terminals.resolution,
        })
        .from(terminals)
        .innerJoin(offices, eq(offices.id, terminals.officeId))
        .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
        .where(
          inArray(
            terminals.id,
            page.map((s) => s.terminalId),
          ),
        )
    : [];
  const byId = new Map(details.map((d) => [d.id, d]));
  const list: PublishDelivery[] = page.flatMap((s) => {
    const d = byId.get(s.terminalId);
    if (!d) return []; // removed meanwhile
    return [
      {
        terminalId: s.terminalId,
        name: d.name,
        officeName: d.officeName,
        groupName: d.groupName,
        resolution: d.resolution,
        online: s.online,
        lastSeenAt: s.lastSeenAt,
        ...s.facts,
        startAt: s.startAt?.toISOString() ?? null,
        endAt: s.endAt?.toISOString() ?? null,
        publishedAt: s.publishedAt.toISOString(),
      },
    ];
  });
  return { list, count: matching.length, pageNo: q.pageNo, pageSize: q.pageSize, counts };
}
