import type { Scene, Widget, WidgetType } from '@apm/contract';
import { mountButton, mountWeb } from './widgets/interactive.js';
import { mountClock, mountCountdown, mountQrcode, mountWeather } from './widgets/info.js';
import { mountImage } from './widgets/image.js';
import { mountAudio, mountLive, mountVideo } from './widgets/media.js';
import { mountText } from './widgets/text.js';
import { mountData } from './widgets/data.js';
import { mountHtml } from './widgets/html.js';
import type { MountedWidget, WidgetContext, WidgetMount } from './widgets/context.js';

const MOUNTS: { [T in WidgetType]: WidgetMount<T> } = {
  text: mountText,
  image: mountImage,
  video: mountVideo,
  audio: mountAudio,
  web: mountWeb,
  clock: mountClock,
  weather: mountWeather,
  qrcode: mountQrcode,
  countdown: mountCountdown,
  button: mountButton,
  live: mountLive,
  html: mountHtml,
  data: mountData,
};

const BACKGROUND_SIZE = { cover: 'cover', contain: 'contain', fill: '100% 100%' } as const;

/** One scene on the stage: its element and its widgets. */
export interface SceneView {
  el: HTMLElement;
  pause(): void;
  resume(): void;
  volumeChanged(): void;
  destroy(): void;
}

/** Places a widget's element: position, size, z-order, rotation and opacity (canvas px). */
export function placeWidget(el: HTMLElement, widget: Widget): void {
  el.style.left = `${widget.x}px`;
  el.style.top = `${widget.y}px`;
  el.style.width = `${widget.w}px`;
  el.style.height = `${widget.h}px`;
  el.style.zIndex = String(widget.z);
  el.style.transform = widget.rotation ? `rotate(${widget.rotation}deg)` : '';
  el.style.opacity = widget.opacity !== undefined ? String(widget.opacity) : '';
}

/** A widget's element, placed, with its content mounted (a widget that fails to mount stays empty). */
export function mountWidget(
  doc: Document,
  widget: Widget,
  ctx: WidgetContext,
): { el: HTMLElement; mounted: MountedWidget } {
  const el = doc.createElement('div');
  el.className = `apm-widget apm-widget-${widget.type}`;
  el.dataset.widgetId = widget.id;
  placeWidget(el, widget);
  const mount = MOUNTS[widget.type] as WidgetMount<WidgetType>;
  let mounted: MountedWidget;
  try {
    mounted = mount(el, widget, ctx);
  } catch {
    // One broken widget (e.g. a media API the browser lacks) must not blank the whole scene.
    mounted = { destroy: () => (el.textContent = '') };
  }
  return { el, mounted };
}

/** Gives a scene element the scene's id and background (colour, then image fitted). */
export function paintSceneBackground(el: HTMLElement, scene: Scene, ctx: WidgetContext): void {
  el.dataset.sceneId = scene.id;
  el.style.backgroundColor = scene.background.color;
  if (scene.background.materialId) {
    const url = ctx.resolveMaterialUrl(scene.background.materialId);
    el.style.backgroundImage = `url(${JSON.stringify(url)})`;
    el.style.backgroundSize = BACKGROUND_SIZE[scene.background.fit];
  } else {
    el.style.backgroundImage = '';
    el.style.backgroundSize = '';
  }
}

/** Builds a scene's element (background and every visible widget, in z-order) and mounts its widgets. */
export function mountScene(doc: Document, scene: Scene, ctx: WidgetContext): SceneView {
  const el = doc.createElement('div');
  el.className = 'apm-scene';
  paintSceneBackground(el, scene, ctx);
  const widgets: MountedWidget[] = [];
  const types = new Set<WidgetType>();
  for (const widget of [...scene.widgets].sort((a, b) => a.z - b.z)) {
    if (widget.hidden) continue;
    const { el: widgetEl, mounted } = mountWidget(doc, widget, ctx);
    el.appendChild(widgetEl);
    widgets.push(mounted);
    types.add(widget.type);
  }
  // Proof of play of widgets: one showing per widget type per showing of the scene.
  const shown = [...types].flatMap((widgetType) => ctx.plays?.begin({ kind: 'widget', widgetType }) ?? []);
  return {
    el,
    pause() {
      widgets.forEach((w) => w.pause?.());
      shown.forEach((s) => s.pause());
    },
    resume() {
      widgets.forEach((w) => w.resume?.());
      shown.forEach((s) => s.resume());
    },
    volumeChanged: () => widgets.forEach((w) => w.volumeChanged?.()),
    destroy() {
      shown.forEach((s) => s.end());
      for (const w of widgets) {
        try {
          w.destroy();
        } catch {
          // Releasing is best effort; the element goes away regardless.
        }
      }
      el.remove();
    },
  };
}
