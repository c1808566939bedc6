import type { ProgramDocument } from '@apm/contract';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, programPublications, programs, terminals } from '../../db/schema/index.js';
import { effectiveZones } from '../plans/time-zones.js';
import type { HeldMessage } from './manifest-messages.js';
import {
  approvedPrograms,
  publishedPlans,
  type TerminalPlanRow,
  type TerminalSchedule,
} from '../plans/terminal-schedule.js';

/** A program of a terminal's manifest. */
export interface PublishedRow {
  programId: number;
  name: string;
  revision: number;
  sort: number;
  /** The publication's window, ISO 8601 (null: open). */
  startAt: string | null;
  endAt: string | null;
  /** False when only a plan plays it (it is not published to the terminal itself). */
  published: boolean;
  materialIds: number[];
  /** Loaded for the manifest only; versions do not need it (the revision stands for it). */
  document: ProgramDocument | null;
}

/** What a terminal's manifest is made of. */
export interface LoadedTerminal {
  terminal: { id: number; name: string; settings: Record<string, unknown> };
  /** The zone its plans' windows are read in (its own, else its office's, else the server's). */
  timeZone: string;
  /** Programs published to it in play order, then the programs only its plans play. */
  published: PublishedRow[];
  /** Approved plans published to it, by id. */
  plans: TerminalPlanRow[];
  /** Messages it holds (see `addHeldMessages`), by id. */
  messages: HeldMessage[];
}

/**
 * The terminals with the approved programs published to them (in play order, windows not yet
 * ended), their approved plans, the approved programs those plans play, and their zones.
 */
export async function loadTerminals(
  db: Database,
  terminalIds: number[],
  withDocuments: boolean,
  defaultZone: string,
): Promise<Map<number, LoadedTerminal>> {
  const out = new Map<number, LoadedTerminal>();
  if (!terminalIds.length) return out;
  const rows = await db
    .select({
      terminalId: terminals.id,
      terminalName: terminals.name,
      settings: terminals.settings,
      officePath: offices.path,
      programId: programs.id,
      name: programs.name,
      revision: programs.revision,
      sort: programPublications.sort,
      startAt: programPublications.startAt,
      endAt: programPublications.endAt,
      materialIds: programs.materialIds,
    })
    .from(terminals)
    .leftJoin(offices, eq(offices.id, terminals.officeId))
    .leftJoin(
      programPublications,
      and(
        eq(programPublications.terminalId, terminals.id),
        or(isNull(programPublications.endAt), gt(programPublications.endAt, sql`now()`)),
      ),
    )
    .leftJoin(
      programs,
      and(eq(programs.id, programPublications.programId), eq(programs.reviewState, 'approved')),
    )
    .where(inArray(terminals.id, terminalIds))
    .orderBy(asc(terminals.id), asc(programPublications.sort), asc(programs.id));
  const sources = new Map<
    number,
    { id: number; settings: Record<string, unknown>; officePath: string | null }
  >();
  for (const r of rows) {
    let entry = out.get(r.terminalId);
    if (!entry) {
      const terminal = { id: r.terminalId, name: r.terminalName, settings: r.settings ?? {} };
      entry = { terminal, timeZone: defaultZone, published: [], plans: [], messages: [] };
      out.set(r.terminalId, entry);
      sources.set(r.terminalId, { id: r.terminalId, settings: terminal.settings, officePath: r.officePath });
    }
    if (r.programId === null || r.name === null || r.revision === null || r.sort === null) continue;
    entry.published.push({
      programId: r.programId,
      name: r.name,
      revision: r.revision,
      sort: r.sort,
      startAt: r.startAt?.toISOString() ?? null,
      endAt: r.endAt?.toISOString() ?? null,
      published: true,
      materialIds: r.materialIds ?? [],
      document: null,
    });
  }
  if (withDocuments) {
    // Terminals share programs: each document is read once, not once per terminal.
    const ids = [...out.values()].flatMap((e) => e.published.map((p) => p.programId));
    const documents = await approvedPrograms(db, ids, true);
    for (const entry of out.values())
      for (const p of entry.published) p.document = documents.get(p.programId)?.document ?? null;
  }
  const zones = await effectiveZones(db, [...sources.values()], defaultZone);
  const planRows = await publishedPlans(db, [...out.keys()], withDocuments);
  const planProgramIds = [...planRows.values()].flat().flatMap((p) => p.programIds);
  const planPrograms = await approvedPrograms(db, planProgramIds, withDocuments);
  for (const [id, entry] of out) {
    entry.timeZone = zones.get(id) ?? defaultZone;
    entry.plans = planRows.get(id) ?? [];
    const have = new Set(entry.published.map((p) => p.programId));
    let sort = entry.published.reduce((max, p) => Math.max(max, p.sort), -1);
    for (const programId of [...new Set(entry.plans.flatMap((p) => p.programIds))].sort((a, b) => a - b)) {
      const program = planPrograms.get(programId);
      if (!program || have.has(programId)) continue;
      sort += 1;
      entry.published.push({ ...program, sort, startAt: null, endAt: null, published: false });
    }
  }
  return out;
}

/** The schedule of a loaded terminal (loaded with documents): what its timeline is resolved from. */
export function scheduleOf(loaded: LoadedTerminal): TerminalSchedule {
  return {
    timeZone: loaded.timeZone,
    plans: loaded.plans.flatMap((p) =>
      p.document ? [{ id: p.id, revision: p.revision, document: p.document }] : [],
    ),
    programs: loaded.published.flatMap((p) =>
      p.document
        ? [
            {
              id: p.programId,
              revision: p.revision,
              document: p.document,
              published: p.published,
              startAt: p.startAt,
              endAt: p.endAt,
            },
          ]
        : [],
    ),
  };
}
