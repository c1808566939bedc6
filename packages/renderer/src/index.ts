/**
 * The program renderer shared by the editor preview and the player: `createRenderer` mounts a
 * program document into an element; the pure modules (sequencing, clock and countdown formats,
 * fitting, transitions) are exported for hosts and tests.
 */
export const RENDERER_VERSION = 2;

export { createRenderer } from './renderer.js';
export { mountProgramPreview } from './preview.js';
export { mountSceneCanvas, type SceneCanvas, type SceneCanvasOptions } from './scene-canvas.js';
export { placeWidget } from './scene-view.js';
export { SceneSequence, type SequenceScene, type SequenceStep } from './sequence.js';
export {
  fitCanvas,
  fitScreen,
  type Box,
  type CanvasSize,
  type Fit,
  type ScreenFit,
  type ScreenFitOptions,
} from './scale.js';
export { keyboardAction, type KeyAction } from './keyboard.js';
export { formatClock, clockParts, isValidTimeZone, type ClockParts } from './clock-format.js';
export { countdownParts, formatCountdown, type CountdownParts } from './countdown.js';
export { transitionAnimation, transitionAnimationName, marqueeMotion } from './transitions.js';
export { weatherSymbol, formatTemperature } from './weather-symbol.js';
export {
  correction,
  loopCycleMs,
  loopPoint,
  mediaErrorMs,
  mediaTarget,
  type Correction,
  type LoopPoint,
  type LoopScene,
} from './lockstep.js';
export type {
  FitMode,
  LockstepFrame,
  LockstepOptions,
  WallTile,
  PlayEvent,
  PreviewState,
  ProgramDocument,
  Renderer,
  RendererOptions,
  ScreenState,
  WeatherReport,
} from './types.js';
export {
  mountMessageLayer,
  mountMessagePreview,
  MESSAGE_DESIGN_HEIGHT,
  MESSAGE_DESIGN_WIDTH,
  type MessageLayer,
  type MessageLayerMemory,
  type MessageLayerOptions,
  type MessagePreview,
  type MessagePreviewOptions,
} from './messages/index.js';
