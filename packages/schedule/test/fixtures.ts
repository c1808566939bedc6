import type { PlanDocument, PlanEntry } from '@apm/contract';
import { resolveTimeline, type PublishedProgram, type Segment } from '../src/index.js';

/** An entry with the editor's defaults: normal, priority 5, every day from 2026-01-01, all day. */
export function entry(fields: Partial<PlanEntry> & Pick<PlanEntry, 'id'>): PlanEntry {
  return {
    name: '',
    kind: 'normal',
    priority: 5,
    items: [{ programId: 1 }],
    startDate: '2026-01-01',
    endDate: null,
    weekdays: [],
    rrule: null,
    exdates: [],
    rdates: [],
    windows: [],
    everyMinutes: null,
    perHour: null,
    ...fields,
  };
}

/** A plan document of entries. */
export function plan(entries: PlanEntry[], defaultProgramId: number | null = null): PlanDocument {
  return { entries, defaultProgramId };
}

/** Resolves one plan (id 1) over `[from, to)` given as ISO instants. */
export function resolve(
  document: PlanDocument,
  timeZone: string,
  from: string,
  to: string,
  programMs: Record<number, number> = {},
  published: PublishedProgram[] = [],
): Segment[] {
  return resolveTimeline({
    plans: [{ id: 1, document }],
    programMs: new Map(Object.entries(programMs).map(([id, ms]) => [Number(id), ms])),
    timeZone,
    from: Date.parse(from),
    to: Date.parse(to),
    published,
  });
}

/** Segments as `start→end program kind entry` lines in UTC, for readable expectations. */
export function lines(segments: Segment[]): string[] {
  const t = (ms: number) => new Date(ms).toISOString().slice(5, 16).replace('T', ' ');
  return segments.map((s) => `${t(s.start)}→${t(s.end)} ${s.programId ?? '-'} ${s.kind} ${s.entryId ?? '-'}`);
}

/** What plays at an instant (the segment covering it). */
export function at(segments: Segment[], iso: string): Segment | undefined {
  const ms = Date.parse(iso);
  return segments.find((s) => s.start <= ms && ms < s.end);
}
