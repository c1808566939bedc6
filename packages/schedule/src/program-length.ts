import type { Segment } from './timeline.js';
import type { TimelineSegment } from '@apm/contract';

/** The scenes of a program document, as far as its length goes. */
interface ProgramScenes {
  scenes: readonly { main: boolean; durationMs: number }[];
}

/** One cycle of a program (ms): its main scenes' durations, or its first scene's when none is main. */
export function programCycleMs(document: ProgramScenes): number {
  const main = document.scenes.filter((s) => s.main);
  const scenes = main.length ? main : document.scenes.slice(0, 1);
  return scenes.reduce((sum, s) => sum + s.durationMs, 0);
}

/** A segment with ISO 8601 instants, as the API answers it. */
export function segmentToIso(segment: Segment): TimelineSegment {
  return {
    ...segment,
    start: new Date(segment.start).toISOString(),
    end: new Date(segment.end).toISOString(),
  };
}
