import type { Manifest, PlanDocument, ProgramDocument } from '@apm/contract';
import { programCycleMs, type ResolveInput } from '@apm/schedule';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { planPublications, plans, programs } from '../../db/schema/index.js';
import { chunks } from '../programs/announce.js';

/** A plan published to a terminal, as its manifest carries it (the document only when loaded with documents). */
export interface TerminalPlanRow {
  id: number;
  name: string;
  revision: number;
  programIds: number[];
  document: PlanDocument | null;
}

/** A program a terminal's manifest carries, as the schedule needs it. */
export interface ScheduleProgram {
  id: number;
  /** Its document, as far as its length goes. */
  document: Parameters<typeof programCycleMs>[0];
  /** False when only a plan plays it (not published to the terminal itself). */
  published: boolean;
  startAt?: string | null;
  endAt?: string | null;
}

/** Everything a terminal's timeline is resolved from: exactly what its manifest holds. */
export interface TerminalSchedule {
  timeZone: string;
  plans: readonly { id: number; document: PlanDocument }[];
  programs: readonly ScheduleProgram[];
}

/**
 * The one resolver input of a terminal, from its schedule over `[from, to)`: the server's timeline
 * and the player (from its manifest, {@link scheduleOfManifest}) both call this.
 */
export function resolverInput(schedule: TerminalSchedule, from: number, to: number): ResolveInput {
  return {
    plans: schedule.plans.map((p) => ({ id: p.id, document: p.document })),
    programMs: new Map(schedule.programs.map((p) => [p.id, programCycleMs(p.document)])),
    timeZone: schedule.timeZone,
    from,
    to,
    published: schedule.programs
      .filter((p) => p.published)
      .map((p) => ({ programId: p.id, startAt: p.startAt ?? null, endAt: p.endAt ?? null })),
  };
}

/** The schedule a manifest describes (what the player resolves its timeline from). */
export function scheduleOfManifest(manifest: Manifest, fallbackZone = 'UTC'): TerminalSchedule {
  return {
    timeZone: manifest.terminal.timeZone ?? fallbackZone,
    plans: manifest.plans.map((p) => ({ id: p.id, document: p.document })),
    programs: manifest.programs.map((p) => ({
      id: p.id,
      document: p.document,
      published: p.published !== false,
      startAt: p.startAt ?? null,
      endAt: p.endAt ?? null,
    })),
  };
}

/** The approved plans published to each terminal, by plan id (the resolver's plan order). */
export async function publishedPlans(
  db: Database,
  terminalIds: readonly number[],
  withDocuments: boolean,
): Promise<Map<number, TerminalPlanRow[]>> {
  const out = new Map<number, TerminalPlanRow[]>();
  const documents = new Map<number, PlanDocument>();
  for (const chunk of chunks([...new Set(terminalIds)])) {
    const rows = await db
      .select({
        terminalId: planPublications.terminalId,
        id: plans.id,
        name: plans.name,
        revision: plans.revision,
        programIds: plans.programIds,
      })
      .from(planPublications)
      .innerJoin(plans, and(eq(plans.id, planPublications.planId), eq(plans.reviewState, 'approved')))
      .where(inArray(planPublications.terminalId, chunk))
      .orderBy(asc(planPublications.terminalId), asc(plans.id));
    for (const { terminalId, ...plan } of rows) {
      out.set(terminalId, [
        ...(out.get(terminalId) ?? []),
        { ...plan, programIds: plan.programIds ?? [], document: null },
      ]);
    }
  }
  if (withDocuments) {
    // Many terminals share a few plans: each document is read once.
    const ids = [...new Set([...out.values()].flat().map((p) => p.id))];
    for (const chunk of chunks(ids)) {
      const rows = await db
        .select({ id: plans.id, document: plans.document })
        .from(plans)
        .where(inArray(plans.id, chunk));
      for (const r of rows) documents.set(r.id, r.document as unknown as PlanDocument);
    }
    for (const list of out.values()) for (const p of list) p.document = documents.get(p.id) ?? null;
  }
  return out;
}

/** An approved program a plan plays, as the manifest needs it. */
export interface PlanProgramRow {
  programId: number;
  name: string;
  revision: number;
  materialIds: number[];
  document: ProgramDocument | null;
}

/** Approved programs by id (the programs plans play); unapproved and unknown ones are left out. */
export async function approvedPrograms(
  db: Database,
  ids: readonly number[],
  withDocuments: boolean,
): Promise<Map<number, PlanProgramRow>> {
  const out = new Map<number, PlanProgramRow>();
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await db
      .select({
        programId: programs.id,
        name: programs.name,
        revision: programs.revision,
        materialIds: programs.materialIds,
        document: withDocuments ? programs.document : sql<null>`null`,
      })
      .from(programs)
      .where(and(inArray(programs.id, chunk), eq(programs.reviewState, 'approved')));
    for (const r of rows) {
      out.set(r.programId, {
        ...r,
        materialIds: r.materialIds ?? [],
        document: (r.document as ProgramDocument | null) ?? null,
      });
    }
  }
  return out;
}
