import type { PlanDetail, PlanDocument, PlanProgram } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getProgramLengths, planKeys } from '../../services/plans';

/** The programs a document uses, sorted ids (entries' items and the default program). */
export function usedProgramIds(document: PlanDocument): number[] {
  const ids = new Set<number>();
  for (const entry of document.entries) for (const item of entry.items) ids.add(item.programId);
  if (document.defaultProgramId) ids.add(document.defaultProgramId);
  return [...ids].sort((a, b) => a - b);
}

/** What the editor knows of the programs it uses: names and cycle lengths (for the resolver). */
export interface PlanPrograms {
  byId: ReadonlyMap<number, PlanProgram>;
  programMs: ReadonlyMap<number, number>;
  /** The name of a program, or `#id` while it is not known. */
  nameOf(id: number | null | undefined): string;
}

/**
 * The programs of the document: those the detail brought, and the lengths of programs added since
 * (`programLengths`, asked again when the set changes).
 */
export function usePlanPrograms(document: PlanDocument, detail: PlanDetail | null): PlanPrograms {
  const ids = usedProgramIds(document);
  const known = new Set(detail?.programs.map((p) => p.id));
  const missing = ids.filter((id) => !known.has(id));
  const lengths = useQuery({
    queryKey: planKeys.programLengths(missing),
    queryFn: ({ signal }) => getProgramLengths(missing, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const fetched = lengths.data;
  return useMemo(() => {
    const byId = new Map<number, PlanProgram>();
    for (const p of detail?.programs ?? []) byId.set(p.id, p);
    for (const p of fetched ?? []) byId.set(p.id, p);
    const programMs = new Map([...byId].map(([id, p]) => [id, p.cycleMs]));
    return {
      byId,
      programMs,
      nameOf: (id) => (id ? (byId.get(id)?.name ?? `#${id}`) : ''),
    };
  }, [detail, fetched]);
}
