import { randomBytes } from 'node:crypto';
import type { ProgramDocument, Widget } from '@apm/contract';
import type { Database } from '../../../src/db/client.js';
import { terminalGroups, terminals } from '../../../src/db/schema/index.js';

const font = { family: 'sans-serif', size: 48, color: '#ffffff' };

/** A valid program document (format v2): one main scene with a text, and an image list of the materials. */
export function programDoc(
  name: string,
  opts: { imageIds?: number[]; videoIds?: number[]; backgroundId?: number | null; scenes?: number } = {},
): ProgramDocument {
  const widgets: Widget[] = [
    {
      id: 'title',
      type: 'text',
      x: 0,
      y: 0,
      w: 1920,
      h: 200,
      rotation: 0,
      z: 2,
      props: { html: `<b>${name}</b>`, font, align: 'center', verticalAlign: 'middle', marquee: null },
    },
  ];
  if (opts.imageIds?.length) {
    widgets.push({
      id: 'gallery',
      type: 'image',
      x: 0,
      y: 200,
      w: 1920,
      h: 880,
      rotation: 0,
      z: 1,
      props: {
        items: opts.imageIds.map((materialId) => ({
          materialId,
          durationMs: 5000,
          transition: { name: 'fade', durationMs: 500 },
        })),
        fit: 'cover',
      },
    });
  }
  if (opts.videoIds?.length) {
    widgets.push({
      id: 'clip',
      type: 'video',
      x: 0,
      y: 0,
      w: 640,
      h: 360,
      rotation: 0,
      z: 3,
      props: {
        items: opts.videoIds.map((materialId) => ({ materialId })),
        muted: true,
        loop: true,
        fit: 'contain',
      },
    });
  }
  const scenes = Array.from({ length: opts.scenes ?? 1 }, (_, i) => ({
    id: `scene${i + 1}`,
    name: `Scene ${i + 1}`,
    main: true,
    background: {
      color: '#000000',
      materialId: i === 0 ? (opts.backgroundId ?? null) : null,
      fit: 'cover' as const,
    },
    durationMs: 10_000,
    untilTouched: false,
    transition: { name: 'none' as const, durationMs: 0 },
    widgets: i === 0 ? widgets : [],
  }));
  return { formatVersion: 2, name, canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 }, scenes };
}

/** A version 1 document (the first editor's format): canvas at the top, seconds, left/top boxes. */
export function programDocV1(name: string, imageId: number) {
  return {
    version: 1,
    name,
    width: 1280,
    height: 720,
    scenes: [
      {
        id: 's1',
        name: 'Only',
        duration: 0,
        bgColor: '#112233',
        widgets: [
          {
            id: 'img',
            type: 'image',
            left: 10,
            top: 20,
            width: 300,
            height: 200,
            props: {
              items: [{ materialId: imageId, durationMs: 3000, transition: { name: 'none', durationMs: 0 } }],
              fit: 'contain',
            },
          },
        ],
      },
    ],
  };
}

/** Inserts a terminal row (as the gateway's registration and the console's claim would leave it). */
export async function addTerminal(
  db: Database,
  opts: {
    name: string;
    officeId: number | null;
    groupId?: number | null;
    online?: boolean;
    pending?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(terminals)
    .values({
      deviceId: `dev-${randomBytes(8).toString('hex')}`,
      name: opts.name,
      state: opts.pending ? 'pending' : 'claimed',
      pairingCode: opts.pending ? randomBytes(3).toString('hex').toUpperCase() : null,
      tokenHash: randomBytes(32).toString('hex'),
      officeId: opts.officeId,
      groupId: opts.groupId ?? null,
      online: opts.online ?? false,
      resolution: '1920x1080',
    })
    .returning({ id: terminals.id });
  return row!.id;
}

/** Inserts a terminal group of an office. */
export async function addGroup(db: Database, officeId: number, name: string, parentId: number | null = null) {
  const [row] = await db
    .insert(terminalGroups)
    .values({ officeId, name, parentId })
    .returning({ id: terminalGroups.id });
  return row!.id;
}
