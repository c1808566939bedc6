import type { DeliveryPage, DeliveryState } from '@apm/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { planPublications, plans, programs, terminals } from '../../db/schema/index.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { deliveryPage } from '../programs/publish-delivery.js';
import { deliveryOf } from '../programs/publish-delivery-state.js';
import { terminalScope } from '../programs/terminal-choice.js';
import { fieldError } from '../users/user-access.js';
import { planScope } from './plan-queries.js';

/** Filters of a plan's `delivery`. */
export interface PlanDeliveryQuery {
  planId: number;
  pageNo: number;
  pageSize: number;
  state?: DeliveryState;
  /** Part of the terminal's name or device id. */
  keyword?: string;
}

/**
 * Where a published plan stands on each of its terminals (of the caller's range), by the rules of
 * programs' delivery over all the plan's programs: the files are every material of its programs, and
 * it is playing when one of its programs is on screen (or was shown since the plan was published).
 */
export class PlanDeliveryService {
  constructor(
    private readonly db: Database,
    private readonly presence: Pick<TerminalPresence, 'liveStatus'>,
  ) {}

  /** One page of the plan's terminals with their delivery state, and the count of every state. */
  async delivery(auth: AuthContext, q: PlanDeliveryQuery): Promise<DeliveryPage> {
    const [plan] = await this.db
      .select({ id: plans.id, programIds: plans.programIds })
      .from(plans)
      .where(and(eq(plans.id, q.planId), planScope(auth)));
    if (!plan) throw fieldError(404, 'planId', `No plan ${q.planId} in your scope`, 'notFound');
    const programIds = plan.programIds ?? [];
    const materialRows = programIds.length
      ? await this.db
          .select({ materialIds: programs.materialIds })
          .from(programs)
          .where(inArray(programs.id, programIds))
      : [];
    const materialIds = [...new Set(materialRows.flatMap((r) => r.materialIds ?? []))];
    const conds: SQL[] = [eq(planPublications.planId, plan.id), terminalScope(auth)];
    const word = q.keyword?.trim().toLowerCase();
    if (word) {
      const pattern = `%${escapeLike(word)}%`;
      conds.push(
        sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
      );
    }
    const rows = await this.db
      .select({ terminalId: planPublications.terminalId, publishedAt: planPublications.publishedAt })
      .from(planPublications)
      .innerJoin(terminals, eq(terminals.id, planPublications.terminalId))
      .where(and(...conds))
      .orderBy(asc(terminals.name), asc(terminals.id));
    const ids = rows.map((r) => r.terminalId);
    const played = await this.playedSincePublished(plan.id, programIds, ids);
    const live = await this.presence.liveStatus(ids);
    const mine = new Set(programIds);
    const states = rows.map((r, i) => {
      const l = live[i]!;
      const playing = l.status?.playing;
      const onScreen =
        playing?.kind === 'program' && playing.id !== undefined && mine.has(playing.id) ? playing.id : -1;
      const facts = deliveryOf({
        programId: onScreen,
        materialIds,
        live: l,
        played: played.has(r.terminalId),
      });
      return { ...r, facts, online: l.online, lastSeenAt: l.lastSeenAt, startAt: null, endAt: null };
    });
    return deliveryPage(this.db, states, q);
  }

  /** Terminals that sent proof of playing one of the plan's programs since the plan was published to them. */
  private async playedSincePublished(
    planId: number,
    programIds: number[],
    ids: number[],
  ): Promise<Set<number>> {
    if (!ids.length || !programIds.length) return new Set();
    const rows = await queryRows<{ terminal_id: number }>(
      this.db,
      sql`SELECT DISTINCT e.terminal_id FROM play_events e
        INNER JOIN plan_publications p ON p.terminal_id = e.terminal_id AND p.plan_id = ${planId}
        WHERE e.kind = 'program' AND e.program_id = ANY(${intArray(programIds)})
          AND e.terminal_id = ANY(${intArray(ids)})
          AND e.started_at >= p.published_at - interval '2 minutes'`,
    );
    return new Set(rows.map((r) => Number(r.terminal_id)));
  }
}
