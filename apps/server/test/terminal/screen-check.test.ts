import type { ProgramDocument, Widget } from '@apm/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abnormalAlarms,
  offices,
  programs,
  terminals,
  terminalScreenshots,
} from '../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';
import { claim, register } from './channel-client.js';

const W = 1920;
const H = 1080;

/** A solid 1080p PNG of one colour. */
const solid = (background: string) =>
  sharp({ create: { width: W, height: H, channels: 3, background } })
    .png()
    .toBuffer();

/** A 1080p JPEG with gradients and a bright block whose place depends on `seed`. */
async function varied(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  const bx = (seed * 397) % (W - 400);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const at = (y * W + x) * 3;
      const block = x >= bx && x < bx + 400 && y >= 300 && y < 700;
      raw[at] = block ? 250 : (x * 255) / W;
      raw[at + 1] = block ? 240 : (y * 255) / H;
      raw[at + 2] = block ? 20 : 90;
    }
  }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const widget = (id: string, type: Widget['type'], props: Record<string, unknown>): Widget =>
  ({ id, type, x: 0, y: 0, w: W, h: H, rotation: 0, z: 1, props }) as Widget;
const text = (id: string) =>
  widget(id, 'text', {
    html: id,
    font: { family: 'sans-serif', size: 48, color: '#ffffff' },
    align: 'center',
    verticalAlign: 'middle',
    marquee: null,
  });
const scene = (id: string, widgets: Widget[]) => ({
  id,
  name: id,
  main: true,
  background: { color: '#000000', materialId: null, fit: 'cover' as const },
  durationMs: 10_000,
  untilTouched: false,
  transition: { name: 'none' as const, durationMs: 0 },
  widgets,
});
const doc = (name: string, scenes: ReturnType<typeof scene>[]): ProgramDocument => ({
  formatVersion: 2,
  name,
  canvas: { w: W, h: H, realWidth: W, realHeight: H },
  scenes,
});

describe('screen mismatch alarms from screenshots', () => {
  let t: TestApp;
  let twoScenes: number;
  let oneImage: number;

  const addProgram = async (document: ProgramDocument) => {
    const [office] = await t.db.select({ id: offices.id }).from(offices).limit(1);
    const [row] = await t.db
      .insert(programs)
      .values({
        name: document.name,
        officeId: office!.id,
        document: document as unknown as Record<string, unknown>,
        formatVersion: 2,
        width: W,
        height: H,
      })
      .returning({ id: programs.id });
    return row!.id;
  };

  /** A claimed terminal that reported playing this program (as presence's flush leaves it). */
  const terminalPlaying = async (programId: number | null) => {
    const device = await register(t);
    await claim(t, device.terminalId);
    const playing = programId ? { kind: 'program', id: programId, name: `P${programId}` } : { kind: 'idle' };
    await t.db.update(terminals).set({ status: { playing } }).where(eq(terminals.id, device.terminalId));
    return device;
  };

  const upload = async (device: { token: string }, bytes: Buffer, type = 'image/jpeg') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/terminal/screenshots',
      headers: { authorization: `Device ${device.token}`, 'content-type': type },
      payload: bytes,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { screenshotId: number }).screenshotId;
  };

  const alarmsOf = (terminalId: number) =>
    t.db
      .select()
      .from(abnormalAlarms)
      .where(and(eq(abnormalAlarms.terminalId, terminalId), eq(abnormalAlarms.type, 'screenMismatch')))
      .orderBy(abnormalAlarms.id);

  /** Moves a screenshot back in time (as if taken `ms` earlier). */
  const backdate = (id: number, ms: number) =>
    t.db
      .update(terminalScreenshots)
      .set({ createdAt: sql`created_at - ${`${ms} milliseconds`}::interval` })
      .where(eq(terminalScreenshots.id, id));

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    twoScenes = await addProgram(doc('Two scenes', [scene('a', [text('a')]), scene('b', [text('b')])]));
    oneImage = await addProgram(
      doc('Poster', [scene('a', [widget('poster', 'image', { items: [], fit: 'cover' })])]),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  it('raises one blank alarm for a one-colour screen and ends it when a later screenshot is fine', async () => {
    const device = await terminalPlaying(twoScenes);
    const black = await upload(device, await solid('#000000'), 'image/png');
    const [alarm] = await alarmsOf(device.terminalId);
    expect(alarm).toMatchObject({ endedAt: null, detail: { reason: 'blank', screenshotId: black } });
    await upload(device, await solid('#ffffff'), 'image/png');
    expect(await alarmsOf(device.terminalId)).toHaveLength(1);

    const cookie = await login(t.app);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/abnormalAlarm/abnormalAlarmList?type=screenMismatch',
      headers: { cookie },
    });
    expect(listed.statusCode).toBe(200);
    const row = (listed.json().data.list as { terminalId: number; severity: string }[]).find(
      (a) => a.terminalId === device.terminalId,
    );
    expect(row?.severity).toBe('warning');

    await upload(device, await varied(1));
    const after = await alarmsOf(device.terminalId);
    expect(after).toHaveLength(1);
    expect(after[0]!.endedAt).not.toBeNull();
  });

  it('raises frozen for an unchanged picture minutes apart while a two-scene program plays', async () => {
    const device = await terminalPlaying(twoScenes);
    const image = await varied(2);
    const first = await upload(device, image);
    // 6 min 10 s: half a 20 s loop off a whole number of loops, so the scene must have changed.
    await backdate(first, 370_000);
    const second = await upload(device, image);
    const [alarm] = await alarmsOf(device.terminalId);
    expect(alarm).toMatchObject({
      endedAt: null,
      detail: { reason: 'frozen', screenshotId: second, sameAsScreenshotId: first, playing: `P${twoScenes}` },
    });
    await upload(device, await varied(3));
    expect((await alarmsOf(device.terminalId))[0]!.endedAt).not.toBeNull();
  });

  it('raises nothing when the gap is a whole number of loops (the same scene may show each time)', async () => {
    const device = await terminalPlaying(twoScenes);
    const image = await varied(4);
    await backdate(await upload(device, image), 360_000);
    await upload(device, image);
    expect(await alarmsOf(device.terminalId)).toEqual([]);
  });

  it('raises nothing for the same picture of a one-scene image program, nor for a quick repeat', async () => {
    const still = await terminalPlaying(oneImage);
    const image = await varied(5);
    await backdate(await upload(still, image), 370_000);
    await upload(still, image);
    expect(await alarmsOf(still.terminalId)).toEqual([]);

    const quick = await terminalPlaying(twoScenes);
    await backdate(await upload(quick, image), 70_000);
    await upload(quick, image);
    expect(await alarmsOf(quick.terminalId)).toEqual([]);
  });

  it('raises nothing while the terminal plays nothing, and ends nothing either', async () => {
    const idle = await terminalPlaying(null);
    await upload(idle, await solid('#000000'), 'image/png');
    expect(await alarmsOf(idle.terminalId)).toEqual([]);
  });

  it('stores a screenshot whose analysis fails, without an alarm', async () => {
    const device = await terminalPlaying(twoScenes);
    const good = await solid('#000000');
    // A PNG signature and header, then garbage: sniffed as a PNG, undecodable.
    const broken = Buffer.concat([good.subarray(0, 33), Buffer.alloc(200, 7)]);
    const id = await upload(device, broken, 'image/png');
    const [row] = await t.db.select().from(terminalScreenshots).where(eq(terminalScreenshots.id, id));
    expect(row?.size).toBe(broken.length);
    expect(await alarmsOf(device.terminalId)).toEqual([]);
  });
});
