// Bundled into the test page: the player's program playback and message desk on a real DOM.
import type { PlayEvent, ProgramDocument, ServerMessage } from '@apm/contract';
import { commandHandlers } from '../../src/command-handlers.js';
import { runCommand } from '../../src/commands.js';
import { materialUrl, type ManifestProgram } from '../../src/manifest-plan.js';
import { MessageImages } from '../../src/message-images.js';
import { MessageDesk, messageImageUrl } from '../../src/messages.js';
import { Playback } from '../../src/playback.js';
import type { Player } from '../../src/player.js';
import {
  indexedDbPlayStore,
  loadMessageMemory,
  loadMessages,
  saveMessageMemory,
  saveMessages,
} from '../../src/storage.js';

const stage = document.getElementById('stage')!;
const layer = document.getElementById('messages')!;

function program(id: number, text: string): ManifestProgram {
  const document: ProgramDocument = {
    formatVersion: 2,
    name: text,
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [
      {
        id: 's',
        name: 's',
        main: true,
        background: { color: '#123456', materialId: null, fit: 'cover' },
        durationMs: 600_000,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [
          {
            id: 't',
            type: 'text',
            x: 0,
            y: 0,
            w: 1920,
            h: 200,
            rotation: 0,
            z: 0,
            props: {
              html: text,
              font: { family: 'sans-serif', size: 60, color: '#ffffff' },
              align: 'left',
              verticalAlign: 'top',
              marquee: null,
            },
          },
        ],
      },
    ],
  };
  return { id, name: text, revision: 1, sort: id, materials: [], document } as ManifestProgram;
}

const events: PlayEvent[] = [];
const changes: number[][] = [];
/** Program renderers mounted on the stage (a re-mount of the program under the messages counts). */
let stageMounts = 0;
new MutationObserver((records) => {
  for (const r of records)
    for (const n of r.addedNodes) if ((n as Element).classList?.contains('apm-renderer')) stageMounts++;
}).observe(stage, { childList: true });

const host = {
  resolveMaterialUrl: () => '',
  fetchWeather: async () => ({ temperature: 20 }),
  onPlayEvent: (event: PlayEvent) => events.push(event),
  onChange: () => undefined,
};
const playback = new Playback({ ...host, stage });
playback.setPrograms([program(1, 'Program under')]);

/** Programs "the manifest" holds for takeovers. */
const available = [2];
const images = new MessageImages(async (url) => {
  const res = await fetch(materialUrl({ url }));
  if (!res.ok) throw new Error(`image ${res.status}`);
  return res;
});
const desk = new MessageDesk(
  {
    container: layer,
    store: {
      load: loadMessages,
      save: saveMessages,
      loadMemory: loadMessageMemory,
      saveMemory: saveMessageMemory,
    },
    resolveImageUrl: (payload) => messageImageUrl(payload, (id) => images.urlOf(id), null),
    onHeld: (list) => void images.sync(list),
    // The player's path: the takeover's program from the manifest, played by a Playback.
    playProgram: (container, programId) => {
      if (!available.includes(programId)) return null;
      const takeover = new Playback({ ...host, stage: container });
      takeover.setPrograms([program(programId, 'Takeover program')]);
      return () => takeover.clear();
    },
    onPlayEvent: (event) => events.push(event),
    onShowingChange: (ids) => changes.push(ids),
  },
  'Europe/Berlin',
);
const handlers = commandHandlers({ messages: desk } as unknown as Player, () => undefined, null);
let commandId = 0;

const player = {
  /** Proof-of-play events kept in IndexedDB until acknowledged. */
  playStore: indexedDbPlayStore,
  desk,
  available,
  events,
  changes,
  stageMounts: () => stageMounts,
  programScene: () => playback.state()?.sceneId ?? null,
  start: async () => {
    await images.prepare();
    await desk.start();
  },
  imagesKept: () => images.sync(desk.messages()),
  saved: () => desk.saved(),
  command: (name: string, params: Record<string, unknown>) =>
    runCommand(
      {
        type: 'command',
        commandId: ++commandId,
        name,
        params,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      } as Extract<ServerMessage, { type: 'command' }>,
      handlers,
    ),
};

(window as unknown as { player: typeof player }).player = player;
