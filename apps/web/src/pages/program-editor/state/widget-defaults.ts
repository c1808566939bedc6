import type { Canvas, Font, ProgramDocument, Scene, Widget, WidgetProps, WidgetType } from '@apm/contract';
import { PROGRAM_FORMAT_VERSION } from '@apm/contract';

/** The font a new widget starts with, scaled to the canvas height (48 px on a 1080 px canvas). */
export function defaultFont(canvas: Canvas): Font {
  return { family: 'sans-serif', size: Math.max(12, Math.round(canvas.h / 22.5)), color: '#ffffff' };
}

/** The props a new widget of each type starts with (a valid document at once, before any edit). */
export function defaultProps<T extends WidgetType>(type: T, canvas: Canvas): WidgetProps<T> {
  const font = defaultFont(canvas);
  const props: { [K in WidgetType]: WidgetProps<K> } = {
    text: {
      html: 'Text',
      font,
      align: 'left',
      verticalAlign: 'top',
      marquee: null,
    },
    image: { items: [], fit: 'cover' },
    video: { items: [], muted: true, loop: true, fit: 'cover' },
    audio: { items: [], loop: true, volume: 80 },
    web: { url: 'https://example.com', refreshSeconds: 0 },
    clock: { format: 'HH:mm:ss', timeZone: null, font, align: 'center' },
    weather: { city: 'Beijing', units: 'metric', font, refreshMinutes: 30 },
    qrcode: { text: 'https://example.com', foreground: '#000000', background: '#ffffff', margin: 2 },
    countdown: {
      target: new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)).toISOString(),
      format: 'D [d] HH:mm:ss',
      doneText: '',
      font,
    },
    button: {
      label: 'Button',
      action: 'next',
      font,
      background: '#1677ff',
      radius: 8,
    },
    live: { url: 'https://example.com/live.m3u8', muted: true },
    // The palette adds these with the package or source the operator chose (see `addWidget`'s props).
    html: { packageId: 1, materialId: 1, settings: {} },
    data: { sourceId: 1, display: 'list', maxItems: 5, font, speed: 120, refreshSeconds: 300 },
  };
  return structuredClone(props[type]);
}

/** The size a new widget of a type takes on a canvas: a share of it, square for QR codes. */
export function defaultSize(type: WidgetType, canvas: Canvas): { w: number; h: number } {
  const w = Math.round(canvas.w * (type === 'text' || type === 'clock' ? 0.3 : 0.25));
  const h = Math.round(canvas.h * (type === 'text' || type === 'clock' || type === 'button' ? 0.1 : 0.25));
  if (type === 'qrcode') {
    const side = Math.round(Math.min(canvas.w, canvas.h) * 0.25);
    return { w: side, h: side };
  }
  return { w: Math.max(1, w), h: Math.max(1, h) };
}

/** A new widget of `type` at the centre of the canvas (or at `at`), above every other. */
export function newWidget<T extends WidgetType>(
  type: T,
  id: string,
  canvas: Canvas,
  z: number,
  at?: { x: number; y: number },
): Widget<T> {
  const { w, h } = defaultSize(type, canvas);
  return {
    id,
    type,
    x: Math.round(at?.x ?? (canvas.w - w) / 2),
    y: Math.round(at?.y ?? (canvas.h - h) / 2),
    w,
    h,
    rotation: 0,
    z,
    props: defaultProps(type, canvas),
  } as Widget<T>;
}

/** The canvas presets offered when creating a program; "custom" lets the user type a size. */
export const CANVAS_PRESETS = [
  { key: '1920x1080', w: 1920, h: 1080 },
  { key: '1080x1920', w: 1080, h: 1920 },
  { key: '3840x2160', w: 3840, h: 2160 },
  { key: '1280x720', w: 1280, h: 720 },
] as const;

/** A scene with no widgets: black, 10 s, no transition. */
export function newScene(id: string, name: string): Scene {
  return {
    id,
    name,
    main: true,
    background: { color: '#000000', materialId: null, fit: 'cover' },
    durationMs: 10_000,
    untilTouched: false,
    transition: { name: 'none', durationMs: 0 },
    widgets: [],
  };
}

/** A new program: one empty scene on a canvas of `w`×`h` (the screen the same size). */
export function newProgram(name: string, w: number, h: number, sceneId: string): ProgramDocument {
  return {
    formatVersion: PROGRAM_FORMAT_VERSION,
    name,
    canvas: { w, h, realWidth: w, realHeight: h },
    scenes: [newScene(sceneId, 'Scene 1')],
  };
}

/** The default buttons of a scene (spec section 3): exit, before (previous scene) and after (next scene). */
export const DEFAULT_BUTTONS = [
  { key: 'exit', action: 'exit' },
  { key: 'before', action: 'previous' },
  { key: 'after', action: 'next' },
] as const;
export type DefaultButtonKey = (typeof DEFAULT_BUTTONS)[number]['key'];

/**
 * The three default buttons for a canvas, along its bottom edge (exit left, before and after right), with
 * the given labels and ids, stacked from `z` up. They are ordinary button widgets: edited and removed alike.
 */
export function defaultButtons(
  canvas: Canvas,
  labels: Record<DefaultButtonKey, string>,
  ids: () => string,
  z: number,
): Widget<'button'>[] {
  const w = Math.max(1, Math.round(canvas.w * 0.12));
  const h = Math.max(1, Math.round(canvas.h * 0.08));
  const margin = Math.round(Math.min(canvas.w, canvas.h) * 0.03);
  const y = canvas.h - h - margin;
  const xs = { exit: margin, before: canvas.w - 2 * w - 2 * margin, after: canvas.w - w - margin };
  return DEFAULT_BUTTONS.map(({ key, action }, i) => {
    const widget = newWidget('button', ids(), canvas, z + i, { x: xs[key], y });
    return {
      ...widget,
      name: labels[key],
      w,
      h,
      props: {
        ...widget.props,
        label: labels[key],
        action,
        font: { ...widget.props.font, size: Math.max(12, Math.round(h * 0.4)) },
      },
    };
  });
}
