import type { PlanDocument, ProgramDocument } from '@apm/contract';
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

export type { ScheduleProgram, TerminalSchedule } from '@apm/schedule';
