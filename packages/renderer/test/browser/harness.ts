// Bundled into the test page: exposes the renderer and records what it reports.
import type { Canvas, PlayEvent, ProgramDocument, Scene, TerminalMessagePayload } from '@apm/contract';
import {
  createRenderer,
  mountMessageLayer,
  mountMessagePreview,
  mountSceneCanvas,
  type MessageLayer,
  type MessageLayerMemory,
  type MessagePreview,
  type LockstepFrame,
  type Renderer,
  type RendererOptions,
  type WallTile,
  type SceneCanvas,
} from '../../src/index.js';

const host = document.getElementById('host')!;

const apm = {
  renderer: null as Renderer | null,
  canvas: null as SceneCanvas | null,
  /** The scene the canvas shows, kept in the page so updates can keep unchanged objects as the editor does. */
  scene: null as Scene | null,
  /** Draws a scene still, as the editor's canvas does. */
  mountCanvas(scene: Scene, canvas: Canvas) {
    apm.renderer?.destroy();
    apm.canvas?.destroy();
    apm.scene = scene;
    apm.canvas = mountSceneCanvas(host, scene, canvas, {
      resolveMaterialUrl: (id) => `/media/${id}`,
      locale: 'en-US',
    });
  },
  /** Shows a changed scene on the canvas. */
  updateCanvas(scene: Scene) {
    apm.scene = scene;
    apm.canvas!.update(scene);
  },
  events: [] as PlayEvent[],
  mediaErrors: [] as string[],
  exits: 0,
  cycles: 0,
  weatherCalls: [] as string[],
  /** Visible scene ids as `onStateChange` reported them. */
  shown: [] as string[],
  mount(program: ProgramDocument, extra: Partial<RendererOptions> = {}) {
    apm.renderer?.destroy();
    apm.events = [];
    apm.mediaErrors = [];
    apm.exits = 0;
    apm.cycles = 0;
    apm.shown = [];
    apm.renderer = createRenderer(host, program, {
      resolveMaterialUrl: (id) => `/media/${id}`,
      fetchWeather: async (city, units) => {
        apm.weatherCalls.push(`${city}/${units}`);
        const res = await fetch(`/weather?city=${encodeURIComponent(city)}&units=${units}`);
        if (!res.ok) throw new Error(`weather ${res.status}`);
        return res.json();
      },
      fetchDataFeed: async (id) => {
        const res = await fetch(`/feed/${id}`);
        if (!res.ok) throw new Error(`feed ${res.status}`);
        return res.json();
      },
      onPlayEvent: (e) => apm.events.push(e),
      onMediaError: (m) => apm.mediaErrors.push(m),
      onExit: () => (apm.exits += 1),
      onCycleEnd: () => (apm.cycles += 1),
      onStateChange: (state) => {
        if (apm.shown[apm.shown.length - 1] !== state.sceneId) apm.shown.push(state.sceneId);
      },
      programId: 42,
      locale: 'en-US',
      ...extra,
    });
    return apm.renderer.getState();
  },
};

/** Lockstep: a loop clock in the page (`rate` × real time, `atMs` into the loop now) and the frames media report. */
const lockstep = {
  frames: [] as LockstepFrame[],
  mount(program: ProgramDocument, atMs: number, rate = 1, tile?: WallTile) {
    lockstep.frames = [];
    const origin = performance.now();
    return apm.mount(program, {
      lockstep: {
        positionAt: (perf) => atMs + (perf - origin) * rate,
        tile,
        onFrame: (frame) => lockstep.frames.push(frame),
      },
    });
  },
};

/** The messages layer and preview, with what they report. */
const messages = {
  layer: null as MessageLayer | null,
  current: null as MessagePreview | null,
  ended: [] as { messageId: number; startedAt: number; durationMs: number }[],
  changes: [] as number[][],
  /** Takeover programs started (id) and stopped (-id), in order. */
  programs: [] as number[],
  /** Programs the host cannot play (their takeover's text shows instead). */
  unavailable: [404],
  /** Mounts the layer over whatever the host shows; program 404 cannot play (its text shows instead). */
  mount(timeZone = 'UTC', memory?: MessageLayerMemory) {
    messages.layer?.destroy();
    messages.ended = [];
    messages.changes = [];
    messages.programs = [];
    messages.layer = mountMessageLayer(host, {
      timeZone,
      memory,
      resolveImageUrl: (p) =>
        p.document.notice?.imageMaterialId ? `/media/${p.document.notice.imageMaterialId}` : null,
      playProgram: (container, programId) => {
        if (messages.unavailable.includes(programId)) return null;
        container.textContent = `program ${programId}`;
        messages.programs.push(programId);
        return () => messages.programs.push(-programId);
      },
      onShowingChange: (ids) => messages.changes.push(ids),
      onShowingEnd: (event) => messages.ended.push(event),
    });
  },
  set(list: TerminalMessagePayload[]) {
    messages.layer!.set(list);
    return messages.layer!.showing();
  },
  preview(payload: TerminalMessagePayload, width: number, height: number) {
    messages.current?.destroy();
    messages.current = mountMessagePreview(host, payload, { width, height });
  },
  updatePreview(payload: TerminalMessagePayload) {
    messages.current!.update(payload);
  },
  destroyPreview() {
    messages.current!.destroy();
  },
};

(window as unknown as { apm: typeof apm }).apm = apm;
(window as unknown as { messages: typeof messages }).messages = messages;
(window as unknown as { lockstep: typeof lockstep }).lockstep = lockstep;
