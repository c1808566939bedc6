import type { PlanDocument, PlanEntry } from '@apm/contract';

/** A plan entry: a normal entry of priority 5 playing `programIds`, every day from `startDate`, all day unless `windows`. */
export function entry(id: string, programIds: number[], extra: Partial<PlanEntry> = {}): PlanEntry {
  return {
    id,
    name: `Entry ${id}`,
    kind: 'normal',
    priority: 5,
    items: programIds.map((programId) => ({ programId })),
    startDate: '2030-01-01',
    endDate: null,
    weekdays: [],
    rrule: null,
    exdates: [],
    rdates: [],
    windows: [],
    everyMinutes: null,
    perHour: null,
    ...extra,
  };
}

/** A plan document of entries and a default program. */
export const planDoc = (entries: PlanEntry[], defaultProgramId: number | null = null): PlanDocument => ({
  entries,
  defaultProgramId,
});
