import { existsSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offices,
  programPublications,
  programs,
  terminals,
  terminalScreenshots,
} from '../../src/db/schema/index.js';
import { addMaterial } from '../modules/materials/library-fixture.js';
import { jpeg, png } from '../modules/materials/upload/media.js';
import { programDoc } from '../modules/programs/fixture.js';
import {
  claim,
  connect,
  listeningApp,
  register,
  type ListeningApp,
  type Registered,
} from './channel-client.js';

describe('terminal content: manifest, files, screenshots, weather', () => {
  let t: ListeningApp;
  let terminal: Registered;
  let inManifest: { id: number; bytes: Buffer };
  let elsewhere: number;
  const auth = (token = terminal.token) => ({ authorization: `Device ${token}` });

  beforeAll(async () => {
    // Weather source unreachable: the device call must answer 503, not crash.
    t = await listeningApp({
      APM_WEATHER_GEOCODING_URL: 'http://127.0.0.1:9/geo',
      APM_WEATHER_FORECAST_URL: 'http://127.0.0.1:9/forecast',
    });
    const [office] = await t.db.select({ id: offices.id }).from(offices).limit(1);
    const bytes = await png(320, 200);
    const material = await addMaterial(t.app, t.db, { name: 'poster.png', officeId: office!.id, bytes });
    inManifest = { id: material.id, bytes };
    elsewhere = (
      await addMaterial(t.app, t.db, { name: 'other.png', officeId: office!.id, bytes: await png(10, 10) })
    ).id;
    const doc = programDoc('Lobby', { imageIds: [material.id] });
    const [program] = await t.db
      .insert(programs)
      .values({
        name: 'Lobby',
        officeId: office!.id,
        document: doc as unknown as Record<string, unknown>,
        formatVersion: 2,
        width: 1920,
        height: 1080,
        size: bytes.length,
        materialIds: [material.id],
      })
      .returning({ id: programs.id });
    terminal = await register(t);
    await claim(t, terminal.terminalId);
    await t.db
      .insert(programPublications)
      .values({ programId: program!.id, terminalId: terminal.terminalId });
  });
  afterAll(() => t.close());

  it('answers the manifest with its version as ETag and 304 when unchanged; the welcome names it', async () => {
    const res = await t.app.inject({ url: '/apm-web/terminal/manifest', headers: auth() });
    expect(res.statusCode).toBe(200);
    const manifest = res.json().data;
    expect(res.headers.etag).toBe(`"${manifest.version}"`);
    expect(manifest.programs).toHaveLength(1);
    expect(manifest.programs[0].materials[0]).toMatchObject({
      id: inManifest.id,
      url: `/apm-web/terminal/files/${inManifest.id}`,
      size: inManifest.bytes.length,
    });
    const again = await t.app.inject({
      url: '/apm-web/terminal/manifest',
      headers: { ...auth(), 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(res.headers.etag);
    // What the manifest holds changed: the old ETag gets the new manifest.
    await t.db.update(terminals).set({ name: 'Lobby screen' }).where(eq(terminals.id, terminal.terminalId));
    const changed = await t.app.inject({
      url: '/apm-web/terminal/manifest',
      headers: { ...auth(), 'if-none-match': res.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.terminal.name).toBe('Lobby screen');
    expect(changed.headers.etag).not.toBe(res.headers.etag);
    const manifestNow = changed.json().data;
    const client = await connect(t, terminal.token);
    expect(client.welcome!.manifestVersion).toBe(manifestNow.version);
    expect(manifest.version).not.toBe(manifestNow.version);
    client.close();
  });

  it('serves the files of the manifest with Range and ETag, by header or token query', async () => {
    const url = `${t.base}/apm-web/terminal/files/${inManifest.id}`;
    const full = await fetch(url, { headers: auth() });
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer())).toEqual(inManifest.bytes);
    const etag = full.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const part = await fetch(`${url}?token=${terminal.token}`, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(inManifest.bytes.subarray(10, 20));
    // fetch() marks conditional requests `Cache-Control: no-cache`; a plain client revalidates.
    const cached = await t.app.inject({
      url: `/apm-web/terminal/files/${inManifest.id}`,
      headers: { ...auth(), 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('refuses files outside the manifest (404), without a token (401) and to pending terminals (403)', async () => {
    const other = await t.app.inject({ url: `/apm-web/terminal/files/${elsewhere}`, headers: auth() });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toContain(`Material ${elsewhere}`);
    expect((await t.app.inject({ url: `/apm-web/terminal/files/${inManifest.id}` })).statusCode).toBe(401);
    const pending = await register(t);
    const res = await t.app.inject({
      url: `/apm-web/terminal/files/${inManifest.id}`,
      headers: auth(pending.token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('masks the token query in request logs', async () => {
    const lines: string[] = [];
    const { createTestApp } = await import('../helpers/app.js');
    const logged = await createTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
    try {
      await logged.app.inject({ url: '/apm-web/terminal/me?token=SECRET-device-token-value' });
      expect(lines.join('')).toContain('/apm-web/terminal/me?token=***');
      expect(lines.join('')).not.toContain('SECRET-device-token-value');
    } finally {
      await logged.close();
    }
  });

  it('stores PNG, JPEG and WebP screenshots under screenshots/<terminal>/ with their size', async () => {
    const sent = await t.app.services.terminalCommands.send({
      terminalIds: [terminal.terminalId],
      name: 'screenshot',
      createdBy: null,
    });
    const commandId = sent.commands[0]!.id;
    const images = [
      ['image/png', await png(64, 48), 64, 48],
      ['image/jpeg', await jpeg(3, 80, 60), 80, 60],
      [
        'image/webp',
        await sharp(await png(30, 20))
          .webp()
          .toBuffer(),
        30,
        20,
      ],
    ] as const;
    for (const [type, bytes, width, height] of images) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/apm-web/terminal/screenshots?commandId=${commandId}`,
        headers: { ...auth(), 'content-type': type },
        payload: bytes,
      });
      expect(res.statusCode).toBe(200);
      const { screenshotId } = res.json().data as { screenshotId: number };
      const [row] = await t.db
        .select()
        .from(terminalScreenshots)
        .where(eq(terminalScreenshots.id, screenshotId));
      expect(row).toMatchObject({
        terminalId: terminal.terminalId,
        commandId,
        mime: type,
        width,
        height,
        size: bytes.length,
      });
      expect(row!.path.startsWith(`screenshots/${terminal.terminalId}/`)).toBe(true);
      expect(readFileSync(t.app.services.filesDir.resolveFilePath(row!.path))).toEqual(bytes);
    }
    // Device calls are not operator actions: nothing of them goes to the audit log.
    await t.app.services.audit.flush();
    const audited = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_logs WHERE path LIKE '/apm-web/terminal/%'`,
    );
    expect((audited as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('refuses screenshots that are not images, too big, of a foreign command or without a token', async () => {
    const before = await t.db.select().from(terminalScreenshots);
    const post = (payload: Buffer, url = '/apm-web/terminal/screenshots', headers = auth()) =>
      t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'image/png' }, payload });
    const text = await post(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toMatch(/PNG, JPEG or WebP/);
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(8 * 1024 * 1024)]);
    expect((await post(big)).statusCode).toBe(413);
    const other = await register(t);
    const foreign = await t.app.services.terminalCommands.send({
      terminalIds: [other.terminalId],
      name: 'screenshot',
      createdBy: null,
    });
    const res = await post(await png(), `/apm-web/terminal/screenshots?commandId=${foreign.commands[0]!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/commandId/);
    expect(
      (await post(await png(), '/apm-web/terminal/screenshots', {} as ReturnType<typeof auth>)).statusCode,
    ).toBe(401);
    expect(await t.db.select().from(terminalScreenshots)).toHaveLength(before.length);
    expect(existsSync(t.app.services.filesDir.resolveFilePath(`screenshots/${other.terminalId}`))).toBe(
      false,
    );
  });

  it('answers weather to devices only, 503 with a clear message when the source is unreachable', async () => {
    expect((await t.app.inject({ url: '/apm-web/terminal/weather?city=Milan' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/apm-web/terminal/weather?city=Milan', headers: auth() });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBeTruthy();
    const bad = await t.app.inject({
      url: '/apm-web/terminal/weather?city=Milan&units=kelvin',
      headers: auth(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('units');
  });
});
