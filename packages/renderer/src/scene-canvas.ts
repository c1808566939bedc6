import type { Canvas, Scene, Widget } from '@apm/contract';
import { mountWidget, paintSceneBackground, placeWidget } from './scene-view.js';
import { ensureStyles } from './styles.js';
import type { WeatherReport } from './types.js';
import type { MountedWidget, WidgetContext } from './widgets/context.js';

/** Options of {@link mountSceneCanvas}. */
export interface SceneCanvasOptions {
  resolveMaterialUrl: (materialId: number) => string;
  fetchWeather?: (city: string, units: 'metric' | 'imperial') => Promise<WeatherReport>;
  fetchDataFeed?: WidgetContext['fetchDataFeed'];
  /** Locale for month and weekday names of clocks (default the browser's). */
  locale?: string;
}

/** A scene drawn still for editing: the editor's canvas keeps it in step with the document. */
export interface SceneCanvas {
  /** The scene at design size (canvas px), top-left at 0,0 of the container; the host scales it. */
  el: HTMLElement;
  /**
   * Shows `scene` (or the same scene changed): a widget whose object is the same stays as it is, one that
   * only moved is placed again, one whose content or size changed is mounted again, and the z-order follows.
   */
  update(scene: Scene): void;
  /** The element of a visible widget (hidden widgets have none). */
  widgetElement(id: string): HTMLElement | null;
  destroy(): void;
}

interface Shown {
  widget: Widget;
  el: HTMLElement;
  mounted: MountedWidget;
}

/** Whether a change of widget needs its content mounted again (anything but position, z, rotation, opacity). */
const needsRemount = (a: Widget, b: Widget) =>
  a.type !== b.type || a.props !== b.props || a.w !== b.w || a.h !== b.h;

/**
 * Draws one scene of a program for the editor with the same widget mounts as playback, so the canvas shows
 * what terminals show. Media stay paused, buttons do nothing, and updates touch only the widgets that
 * changed (the document is immutable: unchanged widgets keep their objects), so a 500-widget scene stays
 * quick to edit.
 */
export function mountSceneCanvas(
  container: HTMLElement,
  scene: Scene,
  canvas: Canvas,
  options: SceneCanvasOptions,
): SceneCanvas {
  const doc = container.ownerDocument;
  ensureStyles(doc);
  const ctx: WidgetContext = {
    resolveMaterialUrl: options.resolveMaterialUrl,
    fetchWeather: options.fetchWeather,
    fetchDataFeed: options.fetchDataFeed,
    volume: () => 0,
    locale: options.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language),
    next: () => undefined,
    previous: () => undefined,
    goToScene: () => undefined,
    exit: () => undefined,
  };
  const el = doc.createElement('div');
  el.className = 'apm-scene apm-scene-canvas';
  el.style.width = `${canvas.w}px`;
  el.style.height = `${canvas.h}px`;
  el.style.right = 'auto';
  el.style.bottom = 'auto';
  container.appendChild(el);

  const shown = new Map<string, Shown>();
  let current: Scene | null = null;

  const release = (entry: Shown) => {
    try {
      entry.mounted.destroy();
    } catch {
      // Releasing is best effort; the element goes away regardless.
    }
    entry.el.remove();
  };

  const update = (next: Scene) => {
    if (next === current) return;
    if (!current || current.background !== next.background || current.id !== next.id) {
      paintSceneBackground(el, next, ctx);
    }
    const visible = next.widgets.filter((w) => !w.hidden);
    const keep = new Set(visible.map((w) => w.id));
    for (const [id, entry] of shown) {
      if (!keep.has(id)) {
        release(entry);
        shown.delete(id);
      }
    }
    for (const widget of visible) {
      const entry = shown.get(widget.id);
      if (entry && entry.widget === widget) continue;
      if (entry && !needsRemount(entry.widget, widget)) {
        placeWidget(entry.el, widget);
        entry.widget = widget;
        continue;
      }
      const mountedNow = mountWidget(doc, widget, ctx);
      mountedNow.mounted.pause?.();
      if (entry) {
        entry.el.replaceWith(mountedNow.el);
        release(entry);
      }
      shown.set(widget.id, { widget, ...mountedNow });
    }
    // Document order follows z (ties: list order), as on terminals.
    const ordered = [...visible].sort((a, b) => a.z - b.z);
    let previous: Element | null = null;
    for (const widget of ordered) {
      const child = shown.get(widget.id)!.el;
      const expected: Element | null = previous ? previous.nextElementSibling : el.firstElementChild;
      if (expected !== child) {
        if (previous) previous.after(child);
        else el.prepend(child);
      }
      previous = child;
    }
    current = next;
  };

  update(scene);
  return {
    el,
    update,
    widgetElement: (id) => shown.get(id)?.el ?? null,
    destroy() {
      for (const entry of shown.values()) release(entry);
      shown.clear();
      el.remove();
    },
  };
}
