import type { PlanDocument } from '@apm/contract';
import type { Segment } from '@apm/schedule';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { previewPlan } from '../../services/plans';
import { useDebounced } from '../../utils/use-debounced';
import { segmentsFromIso } from './state/terminal-week';

/** How long the document must stay unchanged before a terminal's preview is asked again (ms). */
export const PREVIEW_DEBOUNCE_MS = 500;

/**
 * Whether the server can preview a document as it stands: an entry just added has no program yet,
 * which the server refuses (400); such a draft is not asked about until it is complete.
 */
export function previewable(document: PlanDocument): boolean {
  return document.entries.every((entry) => entry.items.length > 0);
}

/** What {@link useTerminalPreview} asks: the unsaved document on a terminal over a range (ISO instants). */
export interface TerminalPreviewInput {
  document: PlanDocument;
  /** The saved plan it stands for: its published copy on the terminal is replaced by the document. */
  planId: number | null;
  /** Null: nothing is asked. */
  terminalId: number | null;
  from: string;
  to: string;
}

/** A terminal's preview as the editor draws it. */
export interface TerminalPreview {
  /** The terminal's zone (null until the first answer). */
  timeZone: string | null;
  /** Segments of the last answer (epoch ms), null before the first. */
  segments: Segment[] | null;
  from: number;
  to: number;
  /** Waiting for edits to settle or for the server. */
  loading: boolean;
  error: Error | null;
  retry(): void;
}

/**
 * The unsaved document as it plays on a terminal (`playPlan/preview`: its zone, its other plans),
 * asked again once edits have settled for {@link PREVIEW_DEBOUNCE_MS}; the last answer of the same
 * terminal stays on screen meanwhile.
 */
export function useTerminalPreview(input: TerminalPreviewInput): TerminalPreview {
  const { planId, terminalId, from, to } = input;
  const document = useDebounced(input.document, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['plans', 'preview', 'editor', terminalId, planId, from, to, document] as const,
    queryFn: ({ signal }) =>
      previewPlan({ document, ...(planId ? { planId } : {}), terminalId: terminalId!, from, to }, signal),
    enabled: terminalId !== null && previewable(document),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === terminalId ? previous : undefined,
    retry: false,
    staleTime: 30_000,
  });
  const data = query.data;
  const segments = useMemo(() => (data ? segmentsFromIso(data.segments) : null), [data]);
  return {
    timeZone: data?.timeZone ?? null,
    segments,
    from: data ? Date.parse(data.from) : 0,
    to: data ? Date.parse(data.to) : 0,
    loading: terminalId !== null && (query.isFetching || document !== input.document),
    error: query.error,
    retry: () => void query.refetch(),
  };
}
