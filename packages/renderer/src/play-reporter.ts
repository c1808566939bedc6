import type { PlayEvent } from '@apm/contract';
import { Stopwatch } from './timer.js';

/** What a widget shows, as proof of play reports it. */
export type PlaySubject = { kind: 'material'; materialId: number } | { kind: 'widget'; widgetType: string };

/** Something on screen being timed: it counts only while running, and reports once when it ends. */
export interface Showing {
  pause(): void;
  resume(): void;
  /** Reports it (when it ran at all); later calls do nothing. */
  end(): void;
  /** Ends it without a report (an item that could not be played). */
  cancel(): void;
}

/**
 * Proof of play below the scene level: the materials of image and video widgets (each item, for as
 * long as it was on screen while playing), the widget types of each scene shown, and the presses of
 * interactive widgets. Events carry the renderer's program id.
 */
export class PlayReporter {
  constructor(
    private readonly emit: (event: PlayEvent) => void,
    private readonly programId?: number,
    /** Whether the renderer plays now: what is mounted while it is stopped starts paused. */
    private readonly playing: () => boolean = () => true,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts timing a subject, running at once while the renderer plays unless `running` is false. */
  begin(subject: PlaySubject, running = true): Showing {
    const watch = new Stopwatch(this.now);
    let done = false;
    if (running && this.playing()) watch.start();
    return {
      pause: () => watch.pause(),
      resume: () => {
        if (!done) watch.start();
      },
      end: () => {
        if (done) return;
        done = true;
        watch.pause();
        if (watch.startedAt === null || watch.elapsed <= 0) return;
        this.report(subject, watch.startedAt, watch.elapsed);
      },
      cancel: () => {
        done = true;
        watch.pause();
      },
    };
  }

  /** An interactive widget was pressed. */
  click(widgetType: string, widgetId: string): void {
    const event: PlayEvent = {
      kind: 'click',
      widgetType,
      widgetId,
      startedAt: new Date(this.now()).toISOString(),
      durationMs: 0,
    };
    if (this.programId !== undefined) event.programId = this.programId;
    this.emit(event);
  }

  private report(subject: PlaySubject, startedAt: number, elapsed: number): void {
    const event: PlayEvent = {
      ...subject,
      startedAt: new Date(startedAt).toISOString(),
      durationMs: Math.min(Math.round(elapsed), 86_400_000),
    };
    if (this.programId !== undefined) event.programId = this.programId;
    this.emit(event);
  }
}
