import { intakeReviewColumns, recordIntake, reviewIntake } from '../review/review-intake.js';
import type {
  PlanDetail,
  PlanDocument,
  PlanProblem,
  PlanProgram,
  PlanSaveBody,
  PlanSaved,
} from '@apm/contract';
import { planProblems, programCycleMs } from '@apm/schedule';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { planPublications, plans, programs, users } from '../../db/schema/index.js';
import { forbidden, revisionConflict } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeFilterPath, ownerOfficeId } from '../offices/office-scope.js';
import { programScope } from '../programs/program-queries.js';
import type { SettingsService } from '../settings/service.js';
import { fieldError } from '../users/user-access.js';
import { checkPlanDocument, programLengths } from './plan-document.js';
import { pagePlans, planScope, selectPlans, todayIn, toSummary, type PlanListQuery } from './plan-queries.js';

/** Tells the terminals of plans that their manifests changed (after the change is written). */
export type PlanAnnouncer = (terminalIds: readonly number[]) => Promise<void>;

const notInScope = (id: number, field = 'id') =>
  fieldError(404, field, `No plan ${id} in your scope`, 'notFound');

const requirePermission = (auth: AuthContext, permission: string) => {
  if (!auth.permissions.has(permission)) throw forbidden(`Requires permission ${permission}`, 'noPermission');
};

/**
 * Play plans: save (create or update; checked by the shared resolver's rules, programs in the
 * caller's scope), check, list, detail, delete, copy. While the audit switch is on a saved plan
 * waits for review and terminals do not follow it; the terminals of a changed or deleted plan are
 * told at once.
 */
export class PlanService {
  /** @param timeZone The server's zone: today's date of validity filters, overlaps of unsaved plans. */
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly announceTerminals: PlanAnnouncer,
    private readonly timeZone: string,
  ) {}

  /** Creates (no id; needs plan:list:add) or updates (needs plan:list:edit) a plan. */
  async save(auth: AuthContext, input: PlanSaveBody): Promise<PlanSaved> {
    requirePermission(auth, input.id === undefined ? 'plan:list:add' : 'plan:list:edit');
    const name = input.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is required');
    const checked = await checkPlanDocument(this.db, auth, input.document, this.timeZone);
    const intake = await reviewIntake(this.db, this.settings, auth, 'plan');
    const { reviewState } = intake;
    const values = {
      name,
      document: input.document as unknown as Record<string, unknown>,
      programIds: checked.programIds,
      entryCount: checked.entryCount,
      startDate: checked.startDate,
      endDate: checked.endDate,
      ...intakeReviewColumns(intake),
      updatedAt: new Date(),
    };
    let saved: { id: number; revision: number; officeId: number };
    if (input.id === undefined) {
      const officeId = await ownerOfficeId(this.db, auth, input.officeId);
      [saved] = (await this.db
        .insert(plans)
        .values({ ...values, officeId, createdBy: auth.userId })
        .returning({ id: plans.id, revision: plans.revision, officeId: plans.officeId })) as [typeof saved];
    } else {
      const [row] = await this.db
        .update(plans)
        .set({ ...values, revision: sql`${plans.revision} + 1` })
        .where(
          and(
            eq(plans.id, input.id),
            planScope(auth),
            input.baseRevision === undefined ? undefined : eq(plans.revision, input.baseRevision),
          ),
        )
        .returning({ id: plans.id, revision: plans.revision, officeId: plans.officeId });
      if (!row) throw await this.saveRefusal(auth, input.id);
      saved = row;
      await this.announce([saved.id]);
    }
    await recordIntake(this.db, auth, 'plan', intake, [{ ...saved, name }]);
    const problems = checked.problems.filter((p) => p.severity === 'warning');
    return { id: saved.id, revision: saved.revision, reviewState, problems };
  }

  /** Every problem of an unsaved document (errors and warnings), unknown programs included. */
  async check(auth: AuthContext, document: PlanDocument): Promise<PlanProblem[]> {
    const ids = new Set(document.entries.flatMap((e) => e.items.map((i) => i.programId)));
    if (document.defaultProgramId !== null) ids.add(document.defaultProgramId);
    const programMs = await programLengths(this.db, [...ids], auth);
    const unknown: PlanProblem[] = [];
    for (const entry of document.entries) {
      entry.items.forEach((item, j) => {
        if (!programMs.has(item.programId))
          unknown.push({
            code: 'unknownProgram',
            entryId: entry.id,
            field: `items[${j}].programId`,
            severity: 'error',
            message: `no program ${item.programId} in your scope`,
          });
      });
    }
    if (document.defaultProgramId !== null && !programMs.has(document.defaultProgramId))
      unknown.push({
        code: 'unknownProgram',
        entryId: null,
        field: 'defaultProgramId',
        severity: 'error',
        message: `no program ${document.defaultProgramId} in your scope`,
      });
    return [...unknown, ...planProblems(document, { timeZone: this.timeZone, programMs })];
  }

  /** One page of the plans the caller may see. */
  async list(auth: AuthContext, q: Omit<PlanListQuery, 'officePath'> & { officeId?: number }) {
    const { officeId, ...rest } = q;
    const officePath = await officeFilterPath(this.db, auth, officeId);
    return pagePlans(this.db, planScope(auth), { ...rest, officePath }, todayIn(this.timeZone));
  }

  /** A plan with its document and its programs; 404 outside the caller's scope. */
  async detail(auth: AuthContext, id: number): Promise<PlanDetail> {
    const [row] = await selectPlans(this.db).where(and(eq(plans.id, id), planScope(auth)));
    if (!row) throw notInScope(id);
    const [extra] = await this.db
      .select({ document: plans.document, reviewerName: users.name })
      .from(plans)
      .leftJoin(users, eq(users.id, plans.reviewedBy))
      .where(eq(plans.id, id));
    return {
      ...toSummary(row, todayIn(this.timeZone)),
      document: extra!.document as unknown as PlanDocument,
      reviewerName: extra?.reviewerName ?? null,
      programs: await this.programsById(row.programIds ?? []),
    };
  }

  /** The programs among `ids` the caller may see, with their cycle lengths (`programLengths`). */
  programLengths(auth: AuthContext, ids: number[]): Promise<PlanProgram[]> {
    return this.programsById(ids, auth);
  }

  /** Programs by id with what the resolver needs of them; with `auth`, only those in its scope. */
  private async programsById(ids: number[], auth?: AuthContext): Promise<PlanProgram[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        id: programs.id,
        name: programs.name,
        document: programs.document,
        reviewState: programs.reviewState,
        width: programs.width,
        height: programs.height,
      })
      .from(programs)
      .where(and(inArray(programs.id, ids), auth ? programScope(auth) : undefined))
      .orderBy(asc(programs.id));
    return rows.map(({ document, ...r }) => ({
      ...r,
      cycleMs: programCycleMs(document as unknown as Parameters<typeof programCycleMs>[0]),
    }));
  }

  /** Deletes plans (all or nothing); published ones are taken off their terminals, which are told. */
  async delete(auth: AuthContext, ids: number[]): Promise<void> {
    const terminalIds = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: plans.id })
        .from(plans)
        .where(and(inArray(plans.id, ids), planScope(auth)))
        .for('update');
      const missing = ids.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) throw notInScope(missing[0]!, 'ids');
      const published = await tx
        .delete(planPublications)
        .where(inArray(planPublications.planId, ids))
        .returning({ terminalId: planPublications.terminalId });
      await tx.delete(plans).where(inArray(plans.id, ids));
      return [...new Set(published.map((p) => p.terminalId))];
    });
    await this.announceTerminals(terminalIds);
  }

  /** Copies a plan (same document and office, new name, not published; needs plan:list:add). */
  async copy(auth: AuthContext, id: number, name?: string): Promise<PlanSaved> {
    const [row] = await this.db
      .select({ name: plans.name, document: plans.document, officeId: plans.officeId })
      .from(plans)
      .where(and(eq(plans.id, id), planScope(auth)));
    if (!row) throw notInScope(id);
    return this.save(auth, {
      name: name?.trim() || `${row.name} (copy)`.slice(0, 100),
      document: row.document as unknown as PlanDocument,
      officeId: row.officeId,
    });
  }

  /** Tells the terminals following these plans that their manifest changed. */
  async announce(planIds: number[]): Promise<void> {
    if (!planIds.length) return;
    const rows = await this.db
      .select({ terminalId: planPublications.terminalId })
      .from(planPublications)
      .where(inArray(planPublications.planId, planIds));
    await this.announceTerminals([...new Set(rows.map((r) => r.terminalId))]);
  }

  /** Why an update matched no row: out of scope (404), or saved by someone else since (409). */
  private async saveRefusal(auth: AuthContext, id: number): Promise<Error> {
    const [current] = await this.db
      .select({ revision: plans.revision, updatedAt: plans.updatedAt })
      .from(plans)
      .where(and(eq(plans.id, id), planScope(auth)));
    if (!current) return notInScope(id);
    return revisionConflict('plan', 'planConflict', current);
  }
}
