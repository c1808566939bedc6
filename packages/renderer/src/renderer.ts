import type { PlayEvent, ProgramDocument, Scene } from '@apm/contract';
import { createImagePreloader, sceneFirstImages } from './preload.js';
import { fitScreen } from './scale.js';
import { keyboardAction } from './keyboard.js';
import { LoopDriver, type LoopPoint } from './lockstep.js';
import { PlayReporter } from './play-reporter.js';
import { mountScene, type SceneView } from './scene-view.js';
import { SceneSequence, type SequenceStep } from './sequence.js';
import { ensureStyles } from './styles.js';
import { PausableTimeout, Stopwatch } from './timer.js';
import { transitionAnimation } from './transitions.js';
import type { PreviewState, Renderer, RendererOptions } from './types.js';
import type { WidgetContext } from './widgets/context.js';

/**
 * Renders a program into `container` (it fills it): the stage is the canvas at design size,
 * scaled to fit (or to a fixed scale); scenes follow each other by their durations, touches
 * and buttons. Nothing plays until `play()`; the first main scene is shown at once.
 */
export function createRenderer(
  container: HTMLElement,
  program: ProgramDocument,
  options: RendererOptions,
): Renderer {
  const doc = container.ownerDocument;
  ensureStyles(doc);
  const mode = options.mode ?? 'player';
  const loop = options.loop ?? true;
  const scenes = new Map<string, Scene>(program.scenes.map((s) => [s.id, s]));
  const sequence = new SceneSequence(program.scenes);
  const lockstep = options.lockstep ?? null;

  const root = doc.createElement('div');
  root.className = 'apm-renderer';
  root.dataset.mode = mode;
  // Focusable so Enter or Space can stand in for a touch without a pointer.
  root.tabIndex = 0;
  const screen = doc.createElement('div');
  screen.className = 'apm-screen';
  const stage = doc.createElement('div');
  stage.className = 'apm-stage';
  stage.style.width = `${program.canvas.w}px`;
  stage.style.height = `${program.canvas.h}px`;
  screen.appendChild(stage);
  root.appendChild(screen);
  container.appendChild(root);

  let fixedScale: number | null = null;
  const fitOptions = () => ({
    mode: options.fit ?? 'contain',
    preview: mode === 'preview',
    scale: fixedScale,
  });
  let fit = fitScreen(program.canvas, { width: 0, height: 0 }, fitOptions());
  let volume = clampVolume(options.volume ?? 100);
  let playing = false;
  let destroyed = false;
  let view: SceneView | null = null;
  let sceneTimer: PausableTimeout | null = null;
  let sceneWatch = new Stopwatch();
  let cycleWatch = new Stopwatch();
  const leaving = new Map<SceneView, ReturnType<typeof setTimeout>>();
  const preload = createImagePreloader(doc);

  const ctx: WidgetContext = {
    resolveMaterialUrl: options.resolveMaterialUrl,
    fetchWeather: options.fetchWeather,
    fetchDataFeed: options.fetchDataFeed,
    volume: () => volume / 100,
    locale: options.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language),
    next: () => renderer.next(),
    previous: () => renderer.previous(),
    goToScene: (id) => void renderer.goToScene(id),
    exit: () => options.onExit?.(),
    mediaFailed: (message) => options.onMediaError?.(message),
    plays: options.onPlayEvent
      ? new PlayReporter(options.onPlayEvent, options.programId, () => playing)
      : undefined,
  };
  // Lockstep: the shared clock moves the main scenes (no timers, no navigation) and holds media to it.
  let loopCycle = -1;
  const driver = lockstep
    ? new LoopDriver(lockstepScenes(program.scenes), lockstep.positionAt, (point) => onLoop(point))
    : null;
  if (driver) ctx.lockstep = { sceneOffsetAt: (at) => driver.sceneOffsetAt(at), onFrame: lockstep?.onFrame };

  /** Reports what was shown, for how long it played (not while stopped); nothing if it never played. */
  const emit = (kind: 'scene' | 'program', watch: Stopwatch, sceneId?: string) => {
    if (watch.startedAt === null || watch.elapsed <= 0 || !options.onPlayEvent) return;
    const event: PlayEvent = {
      kind,
      startedAt: new Date(watch.startedAt).toISOString(),
      durationMs: Math.min(Math.round(watch.elapsed), 86_400_000),
    };
    if (sceneId) event.sceneId = sceneId;
    if (options.programId !== undefined) event.programId = options.programId;
    options.onPlayEvent(event);
  };
  const emitScene = () => {
    if (view) emit('scene', sceneWatch, view.el.dataset.sceneId);
    sceneWatch = new Stopwatch();
    if (playing) sceneWatch.start();
  };
  const emitProgram = () => {
    emit('program', cycleWatch);
    cycleWatch = new Stopwatch();
    if (playing) cycleWatch.start();
  };

  const state = (): PreviewState => ({
    sceneStack: sequence.stack,
    activeMainSceneId: sequence.activeMain,
    sceneId: sequence.current,
    slideIndex: sequence.slideIndex,
    scale: fit.scaleX === fit.scaleY ? fit.scaleX : Math.min(fit.scaleX, fit.scaleY),
    scaleX: fit.scaleX,
    scaleY: fit.scaleY,
    playing,
    mode,
    screen: { ...fit.screen, realWidth: fit.realWidth, realHeight: fit.realHeight, scale: fit.screenScale },
  });
  const changed = () => options.onStateChange?.(state());

  const tile = lockstep?.tile ?? null;
  const layout = () => {
    // A wall's screen fits its tile of the canvas, and the stage moves so that tile is what shows.
    const fitted = tile
      ? { w: program.canvas.w / tile.columns, h: program.canvas.h / tile.rows }
      : program.canvas;
    fit = fitScreen(fitted, { width: root.clientWidth, height: root.clientHeight }, fitOptions());
    const { x, y, width, height } = fit.screen;
    Object.assign(screen.style, {
      left: `${x}px`,
      top: `${y}px`,
      width: `${width}px`,
      height: `${height}px`,
    });
    const tileX = tile ? tile.column * fitted.w * fit.scaleX : 0;
    const tileY = tile ? tile.row * fitted.h * fit.scaleY : 0;
    stage.style.transform = `translate(${fit.offsetX - x - tileX}px, ${fit.offsetY - y - tileY}px) scale(${fit.scaleX}, ${fit.scaleY})`;
  };

  const armTimer = () => {
    sceneTimer?.cancel();
    sceneTimer = null;
    const scene = scenes.get(sequence.current)!;
    if (scene.untilTouched || driver) return;
    sceneTimer = new PausableTimeout(onElapsed, scene.durationMs);
    if (playing) sceneTimer.resume();
  };

  /** Shows the sequence's current scene, entering with its transition over the one before. */
  const show = (first = false) => {
    const scene = scenes.get(sequence.current)!;
    const old = view;
    if (old) {
      emitScene();
      const animation = transitionAnimation(scene.transition);
      if (animation) {
        leaving.set(
          old,
          setTimeout(() => {
            leaving.delete(old);
            old.destroy();
          }, scene.transition.durationMs),
        );
        old.pause();
      } else old.destroy();
    }
    view = mountScene(doc, scene, ctx);
    // Letterbox bars take the scene's own background, as if the scene filled the screen.
    screen.style.backgroundColor = scene.background.color;
    if (old && !first) {
      const animation = transitionAnimation(scene.transition);
      if (animation) view.el.style.animation = animation;
    }
    stage.appendChild(view.el);
    if (!playing) view.pause();
    armTimer();
    const upcoming = scenes.get(sequence.upcoming)!;
    preload(upcoming === scene ? [] : sceneFirstImages(upcoming).map((id) => ctx.resolveMaterialUrl(id)));
    changed();
  };

  const move = (step: SequenceStep) => {
    if (step.wrapped) {
      emitProgram();
      options.onCycleEnd?.();
    }
    show();
  };

  /** The shared clock is in another scene (or the same one, a cycle on): show it. */
  function onLoop(point: LoopPoint) {
    if (destroyed) return;
    if (loopCycle >= 0 && point.cycle !== loopCycle) emitProgram();
    loopCycle = point.cycle;
    sequence.goTo(point.sceneId);
    show();
  }

  function onElapsed() {
    if (destroyed) return;
    if (!loop && sequence.atLastMain) {
      renderer.stop();
      emitScene();
      emitProgram();
      options.onCycleEnd?.();
      return;
    }
    move(sequence.elapsed());
  }

  const touch = () => {
    if (!playing || driver) return false;
    const scene = scenes.get(sequence.current)!;
    if (scene.untilTouched) move(sequence.elapsed());
    return scene.untilTouched;
  };
  const onPointerDown = () => void touch();
  root.addEventListener('pointerdown', onPointerDown);

  // With keyboard navigation the whole document listens (a remote has nothing to focus first);
  // without it only the focused renderer takes Enter or Space as a touch.
  const keyboard = options.keyboard ?? mode === 'player';
  const keyTarget: Document | HTMLElement = keyboard ? doc : root;
  const onKeyDown = (event: Event) => {
    const action = keyboardAction(event as KeyboardEvent, root, keyboard);
    if (action === null || destroyed) return;
    if (action === 'touch') {
      if (touch()) event.preventDefault();
      return;
    }
    renderer[action]();
    event.preventDefault();
  };
  keyTarget.addEventListener('keydown', onKeyDown);

  const onResize = () => {
    if (fixedScale !== null || destroyed) return;
    layout();
    changed();
  };
  // Older smart-TV browsers lack ResizeObserver; the window's size is the screen's there.
  const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
  resizeObserver?.observe(root);
  const win = doc.defaultView;
  if (!resizeObserver) win?.addEventListener('resize', onResize);

  const renderer: Renderer = {
    play() {
      if (destroyed || playing) return;
      playing = true;
      sceneWatch.start();
      cycleWatch.start();
      view?.resume();
      sceneTimer?.resume();
      driver?.start();
      changed();
    },
    stop() {
      if (destroyed || !playing) return;
      playing = false;
      sceneWatch.pause();
      cycleWatch.pause();
      view?.pause();
      sceneTimer?.pause();
      driver?.stop();
      changed();
    },
    goToScene(sceneId) {
      if (destroyed || driver) return false;
      const step = sequence.goTo(sceneId);
      if (!step) return false;
      show();
      return true;
    },
    next() {
      if (!destroyed && !driver) move(sequence.next());
    },
    previous() {
      if (!destroyed && !driver) move(sequence.previous());
    },
    setScale(scale) {
      if (destroyed) return;
      fixedScale = scale;
      layout();
      changed();
    },
    setVolume(v) {
      volume = clampVolume(v);
      view?.volumeChanged();
    },
    getState: state,
    destroy() {
      if (destroyed) return;
      emitScene();
      emitProgram();
      destroyed = true;
      playing = false;
      sceneTimer?.cancel();
      driver?.stop();
      resizeObserver?.disconnect();
      win?.removeEventListener('resize', onResize);
      root.removeEventListener('pointerdown', onPointerDown);
      keyTarget.removeEventListener('keydown', onKeyDown);
      for (const [old, handle] of leaving) {
        clearTimeout(handle);
        old.destroy();
      }
      leaving.clear();
      view?.destroy();
      view = null;
      root.remove();
    },
  };

  layout();
  show(true);
  return renderer;
}

/** The loop of a lockstep program: its main scenes (all of them when none is main) with their durations. */
function lockstepScenes(all: readonly Scene[]): { id: string; durationMs: number }[] {
  const main = all.filter((s) => s.main);
  return (main.length ? main : all.slice(0, 1)).map((s) => ({ id: s.id, durationMs: s.durationMs }));
}

function clampVolume(v: number): number {
  return Number.isFinite(v) ? Math.min(100, Math.max(0, Math.round(v))) : 100;
}
