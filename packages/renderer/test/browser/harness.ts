// Bundled into the test page: exposes the renderer and records what it reports.
import type { Canvas, PlayEvent, ProgramDocument, Scene } from '@apm/contract';
import {
  createRenderer,
  mountSceneCanvas,
  type Renderer,
  type RendererOptions,
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
  exits: 0,
  cycles: 0,
  weatherCalls: [] as string[],
  /** Visible scene ids as `onStateChange` reported them. */
  shown: [] as string[],
  mount(program: ProgramDocument, extra: Partial<RendererOptions> = {}) {
    apm.renderer?.destroy();
    apm.events = [];
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
      onPlayEvent: (e) => apm.events.push(e),
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

(window as unknown as { apm: typeof apm }).apm = apm;
