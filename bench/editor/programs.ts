/** The benchmark's programs: the 500-widget grid, the baselines' one widget, every widget type once. */
import type { Api } from './settings.js';

/** The programs' canvas. */
export const CANVAS = { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 };

type Props = Record<string, unknown>;
/** A widget of a program's scene, as the program document holds it. */
export interface Widget {
  id: string;
  type: string;
  name?: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
  z: number;
  props: Props;
}

const font = (size: number, color = '#ffffff') => ({ family: 'sans-serif', size, color });
const widget = (id: string, type: string, box: [number, number, number, number], z: number, props: Props) => {
  const [x, y, w, h] = box;
  return { id, type, x, y, w, h, rotation: 0, z, props } satisfies Widget;
};

/** A program document of one main scene holding `widgets`, on `backgroundMaterialId` if given. */
function programDocument(name: string, widgets: Widget[], backgroundMaterialId: number | null = null) {
  return {
    formatVersion: 2,
    name,
    canvas: CANVAS,
    scenes: [
      {
        id: 'main',
        name: 'Main',
        main: true,
        background: { color: '#1f2a44', materialId: backgroundMaterialId, fit: 'cover' },
        durationMs: 600_000,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets,
      },
    ],
  };
}

/** Saves a new program of these widgets through the console API; answers its id. */
export async function saveProgram(
  api: Api,
  name: string,
  widgets: Widget[],
  background: number | null = null,
) {
  const doc = programDocument(name, widgets, background);
  return (await api<{ id: number }>('/a/api/program/save', { document: doc })).id;
}

/** Widgets that need no file and no internet, in turn: text, QR code, clock, countdown, button. */
function smallWidget(i: number, box: [number, number, number, number]): Widget {
  const id = `w${i}`;
  switch (i % 5) {
    case 0:
      return widget(id, 'text', box, i, {
        html: `<p>Item ${i}</p>`,
        font: font(16),
        align: 'center',
        verticalAlign: 'middle',
        marquee: null,
      });
    case 1:
      return widget(id, 'qrcode', box, i, {
        text: `https://example.com/item/${i}`,
        foreground: '#000000',
        background: '#ffffff',
        margin: 1,
      });
    case 2:
      return widget(id, 'clock', box, i, {
        format: 'HH:mm:ss',
        timeZone: null,
        font: font(14),
        align: 'center',
      });
    case 3:
      return widget(id, 'countdown', box, i, {
        target: '2027-06-01T00:00:00Z',
        format: 'D [d] HH:mm:ss',
        doneText: 'Done',
        font: font(12),
      });
    default:
      return widget(id, 'button', box, i, {
        label: `Go ${i}`,
        action: 'next',
        font: font(14),
        background: '#2f54eb',
        radius: 6,
      });
  }
}

/** 500 widgets in a grid of 25 × 20 cells over the 1920 × 1080 canvas. */
export const gridWidgets = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    smallWidget(i, [8 + (i % 25) * 76, 3 + Math.floor(i / 25) * 54, 70, 48]),
  );

/** The baseline's one widget, in the middle of the canvas. */
export const oneWidget = () => [
  widget('w0', 'text', [860, 480, 200, 120], 0, {
    html: '<p>Only one</p>',
    font: font(32),
    align: 'center',
    verticalAlign: 'middle',
    marquee: null,
  }),
];

/** Every widget type once (and an image background), for the preview comparison. */
export function everyTypeWidgets(ids: { image: number; video: number; audio: number }): Widget[] {
  let z = 0;
  const w = (type: string, box: [number, number, number, number], props: Props) =>
    widget(`${type}${z}`, type, box, z++, props);
  return [
    w('text', [60, 60, 860, 160], {
      html: '<p>Preview <b>equals</b> <i>terminal</i></p>',
      font: font(64),
      align: 'left',
      verticalAlign: 'middle',
      marquee: null,
    }),
    w('image', [980, 60, 480, 270], {
      items: [{ materialId: ids.image, durationMs: 600_000, transition: { name: 'none', durationMs: 0 } }],
      fit: 'cover',
    }),
    w('video', [1500, 60, 380, 214], {
      items: [{ materialId: ids.video }],
      muted: true,
      loop: true,
      fit: 'cover',
    }),
    w('audio', [60, 250, 240, 80], { items: [{ materialId: ids.audio }], loop: true, volume: 0 }),
    w('web', [1500, 320, 380, 240], { url: 'http://127.0.0.1:9/page', refreshSeconds: 0 }),
    w('clock', [60, 360, 500, 120], { format: 'HH:mm:ss', timeZone: null, font: font(72), align: 'left' }),
    w('weather', [600, 360, 420, 120], {
      city: 'Berlin',
      units: 'metric',
      font: font(48),
      refreshMinutes: 60,
    }),
    w('qrcode', [1100, 360, 240, 240], {
      text: 'https://example.com/preview-equals-terminal',
      foreground: '#000000',
      background: '#ffffff',
      margin: 2,
    }),
    w('countdown', [60, 520, 800, 120], {
      target: '2027-06-01T00:00:00Z',
      format: 'D [days] HH:mm:ss',
      doneText: 'Done',
      font: font(56, '#ffd666'),
    }),
    w('button', [900, 680, 320, 110], {
      label: 'Next scene',
      action: 'next',
      font: font(40),
      background: '#2f54eb',
      radius: 16,
    }),
    w('live', [1380, 640, 480, 270], { url: 'http://127.0.0.1:9/live.m3u8', muted: true }),
    w('text', [60, 820, 1200, 200], {
      html: '<p>Second line of text, centred, on its own background</p>',
      font: { ...font(40, '#000000'), bold: true },
      background: '#ffffffcc',
      align: 'center',
      verticalAlign: 'middle',
      marquee: null,
    }),
  ];
}

/** Widget types whose pixels may differ between two renderings (moving frames, time, outside pages). */
export const MASKED_TYPES = new Set(['video', 'clock', 'countdown', 'live', 'web']);
