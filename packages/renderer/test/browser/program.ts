import type { ProgramDocument, Scene, Widget, WidgetType } from '@apm/contract';

export const font = { family: 'sans-serif', size: 40, color: '#ffffff' };

/** A widget of a type with its props, at a box on the canvas. */
export function widget<T extends WidgetType>(
  id: string,
  type: T,
  props: Widget<T>['props'],
  box: Partial<{ x: number; y: number; w: number; h: number; rotation: number; z: number }> = {},
): Widget<T> {
  return { id, type, x: 0, y: 0, w: 400, h: 200, rotation: 0, z: 0, ...box, props } as Widget<T>;
}

/** A scene of widgets, main, shown for 1 s by default, cutting in. */
export function scene(id: string, widgets: Widget[] = [], extra: Partial<Scene> = {}): Scene {
  return {
    id,
    name: id,
    main: true,
    background: { color: '#000000', materialId: null, fit: 'cover' },
    durationMs: 1000,
    untilTouched: false,
    transition: { name: 'none', durationMs: 0 },
    widgets,
    ...extra,
  };
}

/** A 1920×1080 program of scenes. */
export function program(...scenes: Scene[]): ProgramDocument {
  return {
    formatVersion: 2,
    name: 'Test',
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes,
  };
}
