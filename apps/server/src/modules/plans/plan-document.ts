import type { PlanDocument, PlanProblem } from '@apm/contract';
import { planProblems, programCycleMs } from '@apm/schedule';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programs } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { programScope } from '../programs/program-queries.js';

/** What the server keeps beside a plan's document, for lists, filters and usage checks. */
export interface PlanFacts {
  /** Distinct programs of its entries and its default program, ascending. */
  programIds: number[];
  entryCount: number;
  /** Earliest start of its entries; null without entries. */
  startDate: string | null;
  /** Latest end of its entries; null when one has no end, or without entries. */
  endDate: string | null;
}

/** The facts of a document. */
export function planFacts(document: PlanDocument): PlanFacts {
  const ids = new Set<number>(document.entries.flatMap((e) => e.items.map((i) => i.programId)));
  if (document.defaultProgramId !== null) ids.add(document.defaultProgramId);
  const starts = document.entries.map((e) => e.startDate).sort();
  const ends = document.entries.map((e) => e.endDate);
  return {
    programIds: [...ids].sort((a, b) => a - b),
    entryCount: document.entries.length,
    startDate: starts[0] ?? null,
    endDate: ends.length && ends.every((e) => e !== null) ? (ends as string[]).sort().at(-1)! : null,
  };
}

/** The request field a problem is about: `document.entries[<i>].<field>`, or `document` for the plan. */
export function problemField(document: PlanDocument, problem: PlanProblem): string {
  if (problem.entryId === null) return problem.field ? `document.${problem.field}` : 'document';
  const ids = document.entries.map((e) => e.id);
  // A duplicate id is reported on the entry that repeats it.
  const index =
    problem.code === 'duplicateId' ? ids.lastIndexOf(problem.entryId) : ids.indexOf(problem.entryId);
  const entry = index < 0 ? 'document.entries' : `document.entries[${index}]`;
  return problem.field ? `${entry}.${problem.field}` : entry;
}

/** A 400 naming each field of the problems (the shared `fields` shape of validation errors). */
export function problemsError(document: PlanDocument, problems: readonly PlanProblem[]) {
  const fields: Record<string, string> = {};
  for (const p of problems) {
    const field = problemField(document, p);
    fields[field] = fields[field] ? `${fields[field]}; ${p.message}` : `${field}: ${p.message}`;
  }
  return badRequest(Object.values(fields).join('; '), 'validation', { fields, problems });
}

/** A checked document: its facts, its programs' cycle lengths and its warnings. */
export interface CheckedPlan extends PlanFacts {
  programMs: Map<number, number>;
  problems: PlanProblem[];
}

/** One cycle of each of the programs (ms), for those that exist; `scope` limits which may be seen. */
export async function programLengths(
  db: Database,
  ids: readonly number[],
  auth?: AuthContext,
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: programs.id, document: programs.document })
    .from(programs)
    .where(and(inArray(programs.id, [...new Set(ids)]), auth ? programScope(auth) : undefined));
  return new Map(
    rows.map((r) => [r.id, programCycleMs(r.document as unknown as Parameters<typeof programCycleMs>[0])]),
  );
}

/**
 * Time windows one plan may hold (an entry without windows counts one): every timeline and save
 * check walks each of them on each day, and that work must stay bounded for any plan.
 */
export const MAX_PLAN_WINDOWS = 2000;

/**
 * Checks a document for saving: every program it names must be one the caller may see (400 naming
 * `document.entries[i].items[j].programId` or `document.defaultProgramId`), and the resolver's
 * checks must find no error (400 naming each field); answers its facts and its problems (warnings).
 */
export async function checkPlanDocument(
  db: Database,
  auth: AuthContext,
  document: PlanDocument,
  timeZone: string,
): Promise<CheckedPlan> {
  const windows = document.entries.reduce((sum, e) => sum + Math.max(1, e.windows.length), 0);
  if (windows > MAX_PLAN_WINDOWS) {
    const field = 'document.entries';
    const msg = `${field}: at most ${MAX_PLAN_WINDOWS} time windows in one plan (this one has ${windows}): split it`;
    throw badRequest(msg, 'validation', { fields: { [field]: msg } });
  }
  const facts = planFacts(document);
  const programMs = await programLengths(db, facts.programIds, auth);
  const unknown: Record<string, string> = {};
  document.entries.forEach((entry, i) =>
    entry.items.forEach((item, j) => {
      if (!programMs.has(item.programId)) {
        const field = `document.entries[${i}].items[${j}].programId`;
        unknown[field] = `${field}: no program ${item.programId} in your scope`;
      }
    }),
  );
  if (document.defaultProgramId !== null && !programMs.has(document.defaultProgramId)) {
    const field = 'document.defaultProgramId';
    unknown[field] = `${field}: no program ${document.defaultProgramId} in your scope`;
  }
  if (Object.keys(unknown).length) {
    throw badRequest(Object.values(unknown).join('; '), 'validation', { fields: unknown });
  }
  const problems = planProblems(document, { timeZone, programMs });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) throw problemsError(document, errors);
  return { ...facts, programMs, problems };
}
