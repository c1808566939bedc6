/** The material ids of the document being edited and their total size, kept current as it changes. */
import { programMaterialIds, type ProgramDocument } from '@apm/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { materialDetailQuery } from '../../services/material';

/** What {@link useProgramSize} answers. */
export interface ProgramSize {
  materialIds: number[];
  /** Bytes of the distinct materials known so far. */
  size: number;
  /** Whether some material's size is still loading. */
  pending: boolean;
}

/** The program's distinct materials and the sum of their sizes (each material asked for once, then cached). */
export function useProgramSize(document: ProgramDocument): ProgramSize {
  const materialIds = useMemo(() => programMaterialIds(document), [document]);
  const details = useQueries({
    queries: materialIds.map((id) => materialDetailQuery(id)),
  });
  const size = details.reduce((sum, q) => sum + (q.data?.size ?? 0), 0);
  return { materialIds, size, pending: details.some((q) => q.isPending) };
}
