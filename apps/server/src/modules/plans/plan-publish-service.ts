import type { PlanPublishResult, PublishMode } from '@apm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { planPublications, plans, programs, terminals } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { assertPublishable } from '../materials/material-service.js';
import { chunks } from '../programs/announce.js';
import {
  selectTerminals,
  targetTerminals,
  terminalScope,
  type TerminalChoiceQuery,
} from '../programs/terminal-choice.js';
import { fieldError } from '../users/user-access.js';
import type { PlanAnnouncer } from './plan-service.js';
import { planScope } from './plan-queries.js';

/** Filters of a plan's `terminalSelect`. */
export interface PlanTerminalQuery extends TerminalChoiceQuery {
  /** Marks the terminals this plan is published to; with `published`, filters on it. */
  planId?: number;
}

/** What a plan's `saveTerminals` takes. */
export interface PlanTerminalsInput {
  planId: number;
  terminalIds: number[];
  groupIds: number[];
  /** `replace` (default): exactly the chosen terminals; `add`: the chosen ones besides the others. */
  mode?: PublishMode;
}

/**
 * Publishing plans to terminals (`/a/api/playPlan/terminalSelect|saveTerminals`), with the terminal
 * choice of programs: the same scope, filters and targets; every terminal whose plans changed is told.
 */
export class PlanPublishService {
  constructor(
    private readonly db: Database,
    private readonly announce: PlanAnnouncer,
  ) {}

  /** One page of claimed terminals in the caller's scope, marked when the plan is published to them. */
  terminalSelect(auth: AuthContext, q: PlanTerminalQuery) {
    const mark = q.planId
      ? sql<boolean>`exists (select 1 from ${planPublications} where ${planPublications.terminalId} = ${terminals.id} and ${planPublications.planId} = ${q.planId})`
      : undefined;
    return selectTerminals(this.db, auth, q, mark);
  }

  /**
   * Saves a plan's terminals: afterwards exactly the chosen terminals (and the claimed terminals of the
   * chosen groups and subgroups) of the caller's scope follow it (`replace`), or those besides the ones
   * it had (`add`). The plan must be approved, and so must its programs and their materials (409).
   */
  async saveTerminals(auth: AuthContext, input: PlanTerminalsInput): Promise<PlanPublishResult> {
    const [plan] = await this.db
      .select({ id: plans.id, name: plans.name, state: plans.reviewState, programIds: plans.programIds })
      .from(plans)
      .where(and(eq(plans.id, input.planId), planScope(auth)));
    if (!plan) throw fieldError(404, 'planId', `No plan ${input.planId} in your scope`, 'notFound');
    if (plan.state !== 'approved') {
      throw new AppError(
        409,
        `Plan ${plan.name} is ${plan.state}; only approved plans can be published`,
        'notApproved',
        {
          fields: { planId: `plan is ${plan.state}` },
        },
      );
    }
    await this.assertProgramsPublishable(auth, plan.programIds ?? []);
    const target = await targetTerminals(this.db, auth, input.terminalIds, input.groupIds);
    const { added, removed } = await this.writeSelection(auth, plan.id, target, input.mode ?? 'replace');
    await this.announce([...added, ...removed]);
    return { planId: plan.id, terminalIds: target, added, removed };
  }

  /** 409 unless every program of the plan is approved and its materials publishable. */
  private async assertProgramsPublishable(auth: AuthContext, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const rows = await this.db
      .select({
        id: programs.id,
        name: programs.name,
        state: programs.reviewState,
        materialIds: programs.materialIds,
      })
      .from(programs)
      .where(inArray(programs.id, ids));
    const waiting = rows.filter((r) => r.state !== 'approved');
    if (waiting.length) {
      const names = waiting.map((r) => `${r.name} (${r.state})`).join(', ');
      throw new AppError(
        409,
        `Only plans of approved programs can be published; not approved: ${names}`,
        'notApproved',
        {
          programIds: waiting.map((r) => r.id),
        },
      );
    }
    await assertPublishable(
      this.db,
      auth,
      rows.flatMap((r) => r.materialIds ?? []),
    );
  }

  /** Makes the plan's publications in the caller's scope exactly `target` (`replace`) or adds `target`. */
  private async writeSelection(auth: AuthContext, planId: number, target: number[], mode: PublishMode) {
    const write = this.db.transaction(async (tx) => {
      const current = await tx
        .select({ terminalId: planPublications.terminalId })
        .from(planPublications)
        .innerJoin(terminals, eq(terminals.id, planPublications.terminalId))
        .where(and(eq(planPublications.planId, planId), terminalScope(auth)));
      const had = new Set(current.map((r) => r.terminalId));
      const wanted = new Set(target);
      const removed =
        mode === 'replace' ? [...had].filter((id) => !wanted.has(id)).sort((a, b) => a - b) : [];
      const added = target.filter((id) => !had.has(id));
      for (const chunk of chunks(removed)) {
        await tx
          .delete(planPublications)
          .where(and(eq(planPublications.planId, planId), inArray(planPublications.terminalId, chunk)));
      }
      for (const chunk of chunks(added)) {
        await tx
          .insert(planPublications)
          .values(chunk.map((terminalId) => ({ planId, terminalId, publishedBy: auth.userId })))
          // A concurrent save of the same selection may have written some: theirs stand.
          .onConflictDoNothing();
      }
      return { added, removed };
    });
    return write.catch((err: unknown) => {
      const e = err as { code?: string; cause?: { code?: string } } | null;
      if (e?.code === '23503' || e?.cause?.code === '23503')
        throw conflict('A chosen terminal or the plan was just removed; try again', 'removedMeanwhile');
      throw err;
    });
  }
}
