import type { DataFeed, PlayEvent, ProgramDocument } from '@apm/contract';

/**
 * What the weather widget shows; the host fetches it (the server's weather call — the contract's
 * `Weather` has these fields).
 */
export interface WeatherReport {
  /** Current temperature in the requested units (°C metric, °F imperial). */
  temperature: number;
  /** WMO weather code (as Open-Meteo reports it), shown as a symbol. */
  weatherCode?: number | null;
  /** The resolved place name (the server's `Weather.city`), shown instead of the configured city. */
  city?: string | null;
  /** Night shows a moon for a clear sky. */
  isDay?: boolean;
}

/** How the program canvas is fitted into the container when no fixed scale is set. */
export type FitMode = 'contain' | 'cover' | 'fill';

/** A presented frame (or a tick, for sound) of a media widget in lockstep: how far it was from the loop. */
export interface LockstepFrame {
  widgetId: string;
  /** Ms ahead of the loop (negative: behind). */
  errorMs: number;
  /** The frame's media time, s. */
  mediaTimeS: number;
  /** When it was shown, on `performance.now()`'s clock. */
  at: number;
  /** The playback rate it played at. */
  rate: number;
}

/** A video wall's tile: this screen shows `column`, `row` (0-based) of the canvas split `columns`×`rows`. */
export interface WallTile {
  columns: number;
  rows: number;
  column: number;
  row: number;
}

/**
 * Lockstep playback (a sync group): the main scenes follow a shared clock instead of their own
 * timers, and media keep to it by rate; navigation (keys, touches, buttons) does not move the loop.
 */
export interface LockstepOptions {
  /** The loop's position (ms since its agreed start) at a `performance.now()` instant; null while unknown. */
  positionAt(perfMs: number): number | null;
  /** Wall mode: the tile of the canvas this screen shows, filling it. */
  tile?: WallTile;
  /** Each frame a media widget presented, with its error against the loop. */
  onFrame?(frame: LockstepFrame): void;
}

/** Options of `createRenderer`. */
export interface RendererOptions {
  /** Lockstep playback with other screens (see {@link LockstepOptions}); absent: the program's own timing. */
  lockstep?: LockstepOptions;
  /** URL of a material's bytes (an object URL of the player's cache, or the console's file URL). */
  resolveMaterialUrl: (materialId: number) => string;
  /** Current weather of a city; the weather widget shows "--" while it fails. */
  fetchWeather?: (city: string, units: 'metric' | 'imperial') => Promise<WeatherReport>;
  /** The cached items of a data source, as the server keeps them; data widgets show nothing while it fails. */
  fetchDataFeed?: (sourceId: number) => Promise<DataFeed>;
  /**
   * Proof of play: a scene left after being shown, a program cycle completed or cut short, an image or
   * video item shown (`material`), a widget type shown with a scene (`widget`), a button pressed (`click`).
   */
  onPlayEvent?: (event: PlayEvent) => void;
  /** The exit button was pressed. */
  onExit?: () => void;
  /** A video or audio widget could play none of its files (a broken or missing material). */
  onMediaError?: (message: string) => void;
  /** The visible scene, the stack or the scale changed. */
  onStateChange?: (state: PreviewState) => void;
  /** The last main scene's time ran out (once per cycle). */
  onCycleEnd?: () => void;
  /** Start again at the first main scene after the last one (default true); false stops there. */
  loop?: boolean;
  /** Program id reported in play events (the player knows it; the editor preview does not). */
  programId?: number;
  /** `player` on a terminal, `preview` in the console; both render the same way. */
  mode?: 'preview' | 'player';
  /** Fitting when no fixed scale is set (default `contain`: letterboxed). */
  fit?: FitMode;
  /** Master volume 0–100 applied on top of each widget's own volume (default 100). */
  volume?: number;
  /** Locale for month and weekday names of clocks (default the browser's). */
  locale?: string;
  /**
   * Keyboard navigation (default: on in `player` mode, off in `preview`): ArrowRight/PageDown show
   * the next scene, ArrowLeft/PageUp the previous one, and Enter/Space touch an "until touched"
   * scene, listening on the whole document. Off, only the focused renderer takes Enter/Space.
   */
  keyboard?: boolean;
}

/** The preview state of spec section 3: scene stack, active main scene, scale, slide index. */
export interface PreviewState {
  /** Scene ids from the active main scene (bottom) to the visible scene (top). */
  sceneStack: string[];
  /** The main scene the program flow is at. */
  activeMainSceneId: string;
  /** The visible scene. */
  sceneId: string;
  /** Index of the visible scene in the program's scenes. */
  slideIndex: number;
  /** Canvas px → container px (horizontal, vertical; equal unless fit is `fill`). */
  scale: number;
  scaleX: number;
  scaleY: number;
  playing: boolean;
  mode: 'preview' | 'player';
  /**
   * The program's target screen (`realWidth`×`realHeight` device px) and its box in container px
   * (`x`, `y`, `width`, `height`); `scale` is device px → container px.
   */
  screen: ScreenState;
}

/** The target screen in the preview state. */
export interface ScreenState {
  realWidth: number;
  realHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

/** A mounted renderer. */
export interface Renderer {
  /** Starts or resumes the timeline and media. */
  play(): void;
  /** Pauses the timeline and media (the scene stays visible). */
  stop(): void;
  /** Shows a scene: a main scene becomes the flow's position, another is pushed on the stack. */
  goToScene(sceneId: string): boolean;
  /** The next main scene (after the last one, the first). */
  next(): void;
  /** Back down the stack, or the previous main scene. */
  previous(): void;
  /** A fixed scale (canvas px → container px); `null` fits the container again. */
  setScale(scale: number | null): void;
  /** Master volume 0–100. */
  setVolume(volume: number): void;
  getState(): PreviewState;
  /** Removes everything the renderer added and releases media and timers. */
  destroy(): void;
}

export type { PlayEvent, ProgramDocument };
