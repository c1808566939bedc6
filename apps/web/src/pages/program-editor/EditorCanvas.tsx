import type { ProgramDocument, WidgetType } from '@apm/contract';
import { mountSceneCanvas, placeWidget, type SceneCanvas } from '@apm/renderer';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import Moveable, { type OnDrag, type OnResize, type OnRotate } from 'react-moveable';
import Selecto from 'react-selecto';
import { materialFileUrl } from '../../services/material';
import { getDataFeed } from '../../services/widgets';
import { fetchProgramWeather } from '../../components/program-weather';
import { dragTo, fitScale, planDrag, type DragPlan, type DragResult } from './canvas-drag';
import { boundsOf } from './state/arrange';
import type { EditorAction } from './state/editor-state';

/** Space around the canvas inside the scrolling viewport (screen px). */
const PADDING = 32;
/** The drag-and-drop type of a widget type dragged from the palette. */
export const WIDGET_DRAG_TYPE = 'application/x-apm-widget';

/** Props of {@link EditorCanvas}. */
export interface EditorCanvasProps {
  document: ProgramDocument;
  sceneIndex: number;
  selection: readonly string[];
  zoom: number | 'fit';
  snapping: boolean;
  dispatch: (action: EditorAction) => void;
  /** The scale shown (fit worked out), for the zoom control. */
  onScaleChange: (scale: number) => void;
}

interface Gesture {
  plan: DragPlan;
  result: DragResult;
  /** The elements the drag moves (the widgets, and the group box of a multiple selection) and their rotations. */
  moving: Map<HTMLElement, number>;
}

const rotationOf = (el: Element) => Number((el as HTMLElement).dataset.rotation ?? 0);
const place = (el: HTMLElement, dx: number, dy: number, rotation: number) => {
  el.style.transform = `translate(${dx}px, ${dy}px)${rotation ? ` rotate(${rotation}deg)` : ''}`;
};

/**
 * The editing canvas: the active scene drawn by the shared renderer at the chosen zoom, with
 * react-moveable handles on the selected widgets (drag, resize, rotate, group drag with snapping guides)
 * and react-selecto for clicks, shift-clicks and the rubber band. While a gesture runs only the elements
 * move; its end is one action on the editor state, which redraws what changed.
 */
export default function EditorCanvas(props: EditorCanvasProps) {
  const { document, sceneIndex, selection, zoom, snapping, dispatch, onScaleChange } = props;
  const scene = document.scenes[sceneIndex]!;
  const { canvas } = document;
  const viewport = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const guideX = useRef<HTMLDivElement>(null);
  const guideY = useRef<HTMLDivElement>(null);
  const moveable = useRef<Moveable>(null);
  const selecto = useRef<Selecto>(null);
  const view = useRef<SceneCanvas | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const [viewportSize, setViewportSize] = useState({ width: 0, height: 0 });
  const [targets, setTargets] = useState<HTMLElement[]>([]);
  const scale = zoom === 'fit' ? fitScale(canvas, viewportSize, PADDING) : zoom;
  const groupBox = useMemo(() => {
    const chosen = new Set(selection);
    return boundsOf(scene.widgets.filter((w) => chosen.has(w.id) && !w.locked && !w.hidden));
  }, [scene, selection]);

  useEffect(() => onScaleChange(scale), [scale, onScaleChange]);

  useLayoutEffect(() => {
    const el = viewport.current!;
    const observer = new ResizeObserver(() =>
      setViewportSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The scene view lives as long as the canvas size; scenes and their changes are updates to it.
  useLayoutEffect(() => {
    view.current = mountSceneCanvas(stage.current!, scene, canvas, {
      resolveMaterialUrl: (id) => materialFileUrl(id),
      fetchWeather: fetchProgramWeather,
      fetchDataFeed: (id) => getDataFeed(id),
    });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
    // Only the canvas size makes a new view; the scene is applied by the effect below.
  }, [canvas]);

  useLayoutEffect(() => {
    const current = view.current;
    if (!current) return;
    current.update(scene);
    const selected = new Set(selection);
    const next: HTMLElement[] = [];
    for (const widget of scene.widgets) {
      const el = current.widgetElement(widget.id);
      if (!el) continue;
      el.toggleAttribute('data-locked', Boolean(widget.locked));
      el.toggleAttribute('data-selected', selected.has(widget.id));
      el.dataset.rotation = String(widget.rotation);
      if (selected.has(widget.id) && !widget.locked) next.push(el);
    }
    setTargets((before) =>
      before.length === next.length && before.every((el, i) => el === next[i]) ? before : next,
    );
    selecto.current?.setSelectedTargets(next);
    moveable.current?.updateRect();
  }, [scene, selection]);

  useLayoutEffect(() => moveable.current?.updateRect(), [scale, targets, groupBox]);

  const showGuides = (result: DragResult | null) => {
    const gx = guideX.current!;
    const gy = guideY.current!;
    gx.style.display = result?.guideX != null ? 'block' : 'none';
    gy.style.display = result?.guideY != null ? 'block' : 'none';
    if (result?.guideX != null) gx.style.left = `${PADDING + result.guideX * scale}px`;
    if (result?.guideY != null) gy.style.top = `${PADDING + result.guideY * scale}px`;
  };

  // A drag moves the selected widgets (through the group box when there are several: react-moveable then
  // measures one element per pointer move instead of every selected one).
  const startDrag = () => {
    const ids = targets.map((el) => el.dataset.widgetId!);
    const moving = new Map<HTMLElement, number>(targets.map((el) => [el, rotationOf(el)]));
    if (group.current && targets.length > 1) moving.set(group.current, 0);
    gesture.current = {
      plan: planDrag(canvas, scene.widgets, ids),
      result: { dx: 0, dy: 0, guideX: null, guideY: null },
      moving,
    };
  };
  const drag = (e: OnDrag) => {
    const g = gesture.current;
    if (!g) return;
    const [dx, dy] = e.beforeTranslate as [number, number];
    g.result = dragTo(g.plan, dx, dy, snapping, scale);
    for (const [el, rotation] of g.moving) place(el, g.result.dx, g.result.dy, rotation);
    showGuides(g.result);
  };
  /** Puts the gesture's elements back where the document has them; the dispatch then moves what changed. */
  const restore = (els: readonly Element[]) => {
    for (const el of els) {
      const widget = scene.widgets.find((w) => w.id === (el as HTMLElement).dataset.widgetId);
      if (widget) placeWidget(el as HTMLElement, widget);
    }
  };
  const endDrag = () => {
    const g = gesture.current;
    gesture.current = null;
    showGuides(null);
    if (g) restore([...g.moving.keys()]);
    if (group.current) group.current.style.transform = '';
    if (!g || (g.result.dx === 0 && g.result.dy === 0)) return;
    dispatch({ type: 'moveSelection', dx: g.result.dx, dy: g.result.dy, mergeKey: 'drag' });
    dispatch({ type: 'endBurst' });
  };

  const resize = (e: OnResize) => {
    const el = e.target as HTMLElement;
    el.style.width = `${e.width}px`;
    el.style.height = `${e.height}px`;
    const [dx, dy] = e.drag.beforeTranslate as [number, number];
    place(el, dx, dy, rotationOf(el));
  };
  const endResize = (lastEvent: OnResize | undefined) => {
    if (!lastEvent) return;
    const id = (lastEvent.target as HTMLElement).dataset.widgetId!;
    const widget = scene.widgets.find((w) => w.id === id);
    if (!widget) return;
    restore([lastEvent.target]);
    const [dx, dy] = lastEvent.drag.beforeTranslate as [number, number];
    dispatch({
      type: 'setGeometry',
      id,
      geometry: { x: widget.x + dx, y: widget.y + dy, w: lastEvent.width, h: lastEvent.height },
    });
  };

  const rotate = (e: OnRotate) => {
    const el = e.target as HTMLElement;
    place(el, 0, 0, e.rotation);
  };
  const endRotate = (lastEvent: OnRotate | undefined) => {
    if (!lastEvent) return;
    const id = (lastEvent.target as HTMLElement).dataset.widgetId!;
    restore([lastEvent.target]);
    dispatch({ type: 'setGeometry', id, geometry: { rotation: lastEvent.rotation } });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const type = event.dataTransfer.getData(WIDGET_DRAG_TYPE) as WidgetType;
    if (!type) return;
    event.preventDefault();
    const box = stage.current!.getBoundingClientRect();
    const at = { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
    dispatch({ type: 'addWidget', widgetType: type, at });
  };

  const single = targets.length === 1;
  const moveTarget = single ? targets[0]! : targets.length > 1 ? group.current : null;
  return (
    <div
      ref={viewport}
      className="apm-editor-viewport"
      data-testid="editor-canvas"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(WIDGET_DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={onDrop}
    >
      <div
        className="apm-editor-sizer"
        style={{ width: canvas.w * scale + 2 * PADDING, height: canvas.h * scale + 2 * PADDING }}
      >
        <div
          ref={stage}
          className="apm-editor-stage"
          data-testid="editor-stage"
          data-scale={scale}
          style={{
            left: PADDING,
            top: PADDING,
            width: canvas.w,
            height: canvas.h,
            transform: `scale(${scale})`,
          }}
        >
          <div
            ref={group}
            className="apm-editor-group"
            style={
              groupBox && targets.length > 1
                ? { left: groupBox.x, top: groupBox.y, width: groupBox.w, height: groupBox.h }
                : { display: 'none' }
            }
          />
        </div>
        <div ref={guideX} className="apm-editor-guide apm-editor-guide-x" data-testid="editor-guide-x" />
        <div ref={guideY} className="apm-editor-guide apm-editor-guide-y" data-testid="editor-guide-y" />
        <Moveable
          ref={moveable}
          target={moveTarget}
          rootContainer={window.document.body}
          draggable
          resizable={single}
          rotatable={single}
          throttleDrag={0}
          throttleResize={1}
          throttleRotate={1}
          origin={false}
          onDragStart={startDrag}
          onDrag={drag}
          onDragEnd={endDrag}
          onResize={resize}
          onResizeEnd={(e) => endResize(e.lastEvent as OnResize | undefined)}
          onRotate={rotate}
          onRotateEnd={(e) => endRotate(e.lastEvent as OnRotate | undefined)}
        />
      </div>
      <Selecto
        ref={selecto}
        container={viewport.current}
        dragContainer={viewport.current ?? undefined}
        selectableTargets={['.apm-editor-stage .apm-widget:not([data-locked])']}
        hitRate={0}
        selectByClick
        selectFromInside={false}
        toggleContinueSelect={['shift']}
        ratio={0}
        onDragStart={(e) => {
          const target = e.inputEvent.target as Element;
          if (moveable.current?.isMoveableElement(target)) return e.stop();
          const onSelected = targets.some((el) => el === target || el.contains(target));
          // Shift-click on a selected widget takes it out of the selection (Selecto's toggle).
          if (!onSelected || (e.inputEvent as MouseEvent).shiftKey) return undefined;
          e.stop();
          // One selected widget is react-moveable's own target; several move through their group box.
          if (targets.length > 1) moveable.current?.dragStart(e.inputEvent);
          return undefined;
        }}
        onSelectEnd={(e) => {
          const ids = e.selected.map((el) => (el as HTMLElement).dataset.widgetId!).filter(Boolean);
          dispatch({ type: 'select', ids, mode: 'replace' });
          if (e.isDragStart && ids.length > 0) {
            e.inputEvent.preventDefault();
            void moveable.current?.waitToChangeTarget().then(() => moveable.current?.dragStart(e.inputEvent));
          }
        }}
      />
    </div>
  );
}
