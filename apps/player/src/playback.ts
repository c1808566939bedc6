import type { DataFeed, PlayEvent } from '@apm/contract';
import { createRenderer, type LockstepOptions, type Renderer, type WeatherReport } from '@apm/renderer';
import type { ManifestProgram } from './manifest-plan.js';

/** What plays now, for heartbeats. */
export interface NowPlaying {
  kind: 'program' | 'idle';
  id?: number;
  name?: string;
}

/** What playback needs from the rest of the player. */
export interface PlaybackHost {
  /** The stage element the renderer mounts in. */
  stage: HTMLElement;
  resolveMaterialUrl(materialId: number): string;
  fetchWeather(city: string, units: 'metric' | 'imperial'): Promise<WeatherReport>;
  /** A data source's items for data widgets. */
  fetchDataFeed?(sourceId: number): Promise<DataFeed>;
  onPlayEvent(event: PlayEvent): void;
  /** Playing started or stopped (the screen shows the stage, or the waiting panel). */
  onChange(now: NowPlaying): void;
}

/**
 * Plays a list of programs full-screen, one after the other: each program runs one cycle of
 * its main scenes, then the next one starts; a single program loops. `playNow` jumps to one.
 */
export class Playback {
  private programs: ManifestProgram[] = [];
  private index = 0;
  private renderer: Renderer | null = null;
  private volume = 100;
  private paused = false;
  private skipTimer: ReturnType<typeof setTimeout> | undefined;
  /** Synchronized playback of a sync group: the one program follows the group's clock. */
  private lockstep: LockstepOptions | null = null;
  /** What keeps the current program from playing (heartbeats report it: a playError alarm); null while fine. */
  error: string | null = null;

  constructor(private readonly host: PlaybackHost) {}

  /**
   * Replaces the programs; keeps playing the current one when it is still there (unchanged). With
   * `lockstep` the (one) program plays on a sync group's clock; a new lockstep restarts it.
   */
  setPrograms(programs: ManifestProgram[], lockstep: LockstepOptions | null = null): void {
    const current = this.programs[this.index];
    const sameLockstep = lockstep === this.lockstep;
    this.programs = programs;
    this.lockstep = lockstep;
    const keep =
      current && sameLockstep
        ? programs.findIndex((p) => p.id === current.id && p.revision === current.revision)
        : -1;
    if (keep >= 0 && this.renderer) {
      this.index = keep;
      return;
    }
    this.index = 0;
    this.mount();
  }

  /** Starts a program of the list now; false when it is not in the list. */
  playNow(programId: number): boolean {
    const index = this.programs.findIndex((p) => p.id === programId);
    if (index < 0) return false;
    this.index = index;
    this.mount();
    return true;
  }

  /** Master volume 0–100 for every video and audio. */
  setVolume(volume: number): void {
    this.volume = volume;
    this.renderer?.setVolume(volume);
  }

  /** Pauses (power schedule off-time) or resumes playback. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (paused) this.renderer?.stop();
    else this.renderer?.play();
  }

  /** What plays now. */
  nowPlaying(): NowPlaying {
    const program = this.renderer ? this.programs[this.index] : undefined;
    return program ? { kind: 'program', id: program.id, name: program.name } : { kind: 'idle' };
  }

  /** The renderer's state (scene stack, scale...), or null when idle. */
  state() {
    return this.renderer?.getState() ?? null;
  }

  /** Stops and removes everything. */
  clear(): void {
    this.error = null;
    this.programs = [];
    this.index = 0;
    this.unmount();
    this.host.onChange(this.nowPlaying());
  }

  private unmount(): void {
    clearTimeout(this.skipTimer);
    this.renderer?.destroy();
    this.renderer = null;
    this.host.stage.replaceChildren();
  }

  private mount(): void {
    this.unmount();
    this.error = null;
    const program = this.programs[this.index];
    if (!program) {
      this.host.onChange(this.nowPlaying());
      return;
    }
    const single = this.programs.length === 1 || this.lockstep !== null;
    try {
      this.renderer = this.render(program, single);
    } catch (err) {
      // One program the renderer cannot show must not stop the others.
      console.error(`program ${program.id} cannot be rendered`, err);
      this.error =
        `program ${program.id} cannot be shown: ${err instanceof Error ? err.message : String(err)}`.slice(
          0,
          500,
        );
      this.renderer = null;
      if (!single) this.skipTimer = setTimeout(() => this.advance(), 10_000);
      this.host.onChange(this.nowPlaying());
      return;
    }
    if (!this.paused) this.renderer.play();
    this.host.onChange(this.nowPlaying());
  }

  private advance(): void {
    this.index = (this.index + 1) % Math.max(1, this.programs.length);
    this.mount();
  }

  private render(program: ManifestProgram, single: boolean): Renderer {
    return createRenderer(this.host.stage, program.document, {
      mode: 'player',
      programId: program.id,
      loop: single,
      lockstep: this.lockstep ?? undefined,
      volume: this.volume,
      resolveMaterialUrl: (id) => this.host.resolveMaterialUrl(id),
      fetchWeather: (city, units) => this.host.fetchWeather(city, units),
      fetchDataFeed: this.host.fetchDataFeed && ((id) => this.host.fetchDataFeed!(id)),
      onPlayEvent: (event) => this.host.onPlayEvent(event),
      onMediaError: (message) => {
        this.error = `program ${program.id}: ${message}`.slice(0, 500);
      },
      // A kiosk has nowhere to exit to: the exit button starts the program over.
      onExit: () => queueMicrotask(() => this.mount()),
      onCycleEnd: () => {
        if (!single) queueMicrotask(() => this.advance());
      },
    });
  }
}
