import type { PlanDocument } from '@apm/contract';
import { useMemo, useState } from 'react';
import { useCanChooseTerminal, type ChosenTerminal } from '../plans/timeline/PreviewTerminalSelect';
import { useProgramNames } from '../plans/timeline/use-program-names';
import { previewRange } from './state/terminal-week';
import { useOtherPlanLabels, type OtherLabel } from './use-other-plans';
import type { PlanPrograms } from './use-plan-programs';
import { useTerminalPreview, type TerminalPreview } from './use-terminal-preview';

/** What {@link useTerminalView} needs. */
export interface TerminalViewInput {
  document: PlanDocument;
  planId: number | null;
  /** The Monday of the week on screen. */
  monday: string;
  programs: PlanPrograms;
}

/** Plan production's "preview on a terminal": the choice, the server's answer and how to name it. */
export interface TerminalView {
  /** Whether the user may choose terminals (else the choice is hidden). */
  canChoose: boolean;
  terminal: ChosenTerminal | null;
  setTerminal(terminal: ChosenTerminal | null): void;
  /** The visible week on the terminal. */
  preview: TerminalPreview;
  /** The terminal's zone once known; null without a terminal. */
  zone: string | null;
  otherLabel: OtherLabel;
  /** Any program's name (the plan's and other plans'). */
  programName(id: number | null): string;
}

/**
 * The state of "preview on a terminal": the chosen terminal (none by default: the plan alone in the
 * browser), its preview of the visible week, and names of its other plans and their programs.
 */
export function useTerminalView({ document, planId, monday, programs }: TerminalViewInput): TerminalView {
  const canChoose = useCanChooseTerminal();
  const [chosen, setTerminal] = useState<ChosenTerminal | null>(null);
  const terminal = canChoose ? chosen : null;
  const range = useMemo(() => previewRange(monday), [monday]);
  const preview = useTerminalPreview({ document, planId, terminalId: terminal?.id ?? null, ...range });
  const otherLabel = useOtherPlanLabels(terminal ? preview.segments : null, planId);
  const ids = useMemo(() => {
    const set = new Set<number>();
    for (const s of preview.segments ?? []) if (s.programId !== null) set.add(s.programId);
    return [...set].sort((a, b) => a - b);
  }, [preview.segments]);
  const known = useMemo(() => [...programs.byId.values()], [programs.byId]);
  const name = useProgramNames(terminal ? ids : [], known);
  return {
    canChoose,
    terminal,
    setTerminal,
    preview,
    zone: terminal ? preview.timeZone : null,
    otherLabel,
    programName: (id) => (id === null ? '' : name(id)),
  };
}
