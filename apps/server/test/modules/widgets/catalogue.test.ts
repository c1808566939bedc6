import type { WidgetEntry, WidgetPalette } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildCoarseRollups } from '../../../src/terminal/play-rollup.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { programDoc } from '../programs/fixture.js';
import { caller, consoleFixture } from '../terminals/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { addZipMaterial, CLOCK_MANIFEST, docWith, widgetZip } from './fixture.js';

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});
const clockProps = {
  format: 'HH:mm',
  timeZone: null,
  font: { family: 'sans-serif', size: 40, color: '#ffffff' },
  align: 'center',
};

describe('widget catalogue: built-in types switched per tenant, packages, palette — scoped, permission-bound', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let maker: string;
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const makerRole = await addRole(t.db, 'makerA1', f.offices.a1.id, [
      'program:make:view',
      'program:make:add',
      'program:make:edit',
    ]);
    await addUser(t.db, 'a1maker', f.offices.a1.id, [makerRole]);
    maker = await login(t.app, 'a1maker', PASSWORD);
    const viewRole = await addRole(t.db, 'widgetViewA1', f.offices.a1.id, ['widget:list:view']);
    await addUser(t.db, 'a1widgets', f.offices.a1.id, [viewRole]);
    viewer = await login(t.app, 'a1widgets', PASSWORD);
  });
  afterAll(() => t.close());

  const list = async (cookie: string, query = '') => {
    const res = await api.get(
      `widget/list?${query.includes('pageSize') ? '' : 'pageSize=100'}${query}`,
      cookie,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: WidgetEntry[]; count: number };
  };
  const palette = async (cookie: string) =>
    (await api.get('widget/palette', cookie)).body.data as WidgetPalette;
  const save = (doc: object, cookie = f.a1) => api.post('program/save', cookie, { document: doc });

  it('lists every built-in type switched on, with programs using it, sorted and paged on the server', async () => {
    await save(docWith('Clock board', 'clock', clockProps));
    const all = await list(f.a1);
    expect(all.count).toBe(12);
    expect(all.list.every((e) => e.kind === 'builtin' && e.enabled)).toBe(true);
    expect(all.list.find((e) => e.key === 'clock')!.programCount).toBe(1);
    expect(all.list.find((e) => e.key === 'text')!.programCount).toBe(1);
    // B's catalogue does not count A1's programs.
    expect((await list(f.b)).list.find((e) => e.key === 'clock')!.programCount).toBe(0);
    const page = await list(f.a1, '&pageSize=5&pageNo=2&sort=name&order=asc');
    expect(page.list.map((e) => e.key)).toEqual([...all.list.map((e) => e.key)].sort().slice(5, 10));
    expect((await list(f.a1, '&keyword=qrc')).list.map((e) => e.key)).toEqual(['qrcode']);
  });

  it('switches a type off for one tenant only: the palette drops it, saving a program with it is refused naming the widget', async () => {
    const before = await save(
      docWith('Saved before', 'qrcode', {
        text: 'x',
        foreground: '#000000',
        background: '#ffffff',
        margin: 1,
      }),
    );
    expect(before.status).toBe(200);
    expect(
      (await api.post('widget/toggle', f.a1, { keys: ['qrcode', 'weather'], enabled: false })).status,
    ).toBe(200);
    expect((await palette(maker)).types).not.toContain('qrcode');
    expect((await palette(f.b)).types).toContain('qrcode');
    expect((await list(f.a1, '&enabled=false')).list.map((e) => e.key).sort()).toEqual(['qrcode', 'weather']);
    const refused = await save(
      docWith('Uses qrcode', 'qrcode', {
        text: 'x',
        foreground: '#000000',
        background: '#ffffff',
        margin: 1,
      }),
      maker,
    );
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['document/scenes/0/widgets/1/type']);
    expect(refused.body.msg).toMatch(/qrcode is switched off/);
    // The program saved before is still there (terminals keep playing it).
    expect((await api.get(`program/detail?id=${(before.body.data as { id: number }).id}`, f.a1)).status).toBe(
      200,
    );
    expect(
      (
        await save(
          docWith('B qrcode', 'qrcode', {
            text: 'x',
            foreground: '#000000',
            background: '#ffffff',
            margin: 1,
          }),
          f.b,
        )
      ).status,
    ).toBe(200);
    await api.post('widget/toggle', f.a1, { keys: ['qrcode'], enabled: true });
    expect(
      (
        await save(
          docWith('Uses qrcode again', 'qrcode', {
            text: 'x',
            foreground: '#000000',
            background: '#ffffff',
            margin: 1,
          }),
          maker,
        )
      ).status,
    ).toBe(200);
  });

  it('refuses unknown keys, bad keys and callers without the permission', async () => {
    const unknown = await api.post('widget/toggle', f.a1, { keys: ['hologram'], enabled: false });
    expect(unknown.status).toBe(404);
    expect(fieldsOf(unknown.body)).toEqual(['keys']);
    expect((await api.post('widget/toggle', f.a1, { keys: ['pkg-x'], enabled: false })).status).toBe(400);
    expect((await api.post('widget/toggle', f.a1, { keys: [], enabled: false })).status).toBe(400);
    expect((await api.post('widget/toggle', viewer, { keys: ['text'], enabled: false })).status).toBe(403);
    expect((await api.get('widget/list', maker)).status).toBe(403);
    expect((await api.get('widget/palette', maker)).status).toBe(200);
    expect((await api.get('widget/list', f.viewer)).status).toBe(403);
  });

  it('registers a package from a library zip, offers it with its settings, and checks HTML widgets on save', async () => {
    const zip = await addZipMaterial(t.app, t.db, f.offices.a1.id, widgetZip(CLOCK_MANIFEST, 'clock/'));
    expect((await api.post('widget/savePackage', viewer, { materialId: zip })).status).toBe(403);
    const res = await api.post('widget/savePackage', f.a1, { materialId: zip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = res.body.data as WidgetEntry;
    expect(entry).toMatchObject({
      kind: 'package',
      type: 'html',
      name: 'World clock',
      width: 400,
      height: 200,
      enabled: true,
    });
    expect(entry.settings.map((s) => [s.key, s.type, s.default])).toEqual([
      ['label', 'string', 'Rome'],
      ['speed', 'number', 1],
      ['seconds', 'boolean', true],
      ['theme', 'enum', 'dark'],
      ['color', 'color', '#ff8800'],
    ]);
    expect((await api.post('widget/savePackage', f.a1, { materialId: zip })).status).toBe(409);
    expect((await palette(maker)).packages.map((p) => p.packageId)).toEqual([entry.packageId]);
    expect((await palette(f.b)).packages).toEqual([]);

    const html = (settings: object, materialId = zip, packageId = entry.packageId) => ({
      packageId,
      materialId,
      settings,
    });
    const ok = await save(docWith('Clock widget', 'html', html({ label: 'Oslo', theme: 'light' })), maker);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body.data as { materialIds: number[] }).materialIds).toContain(zip);
    const badSetting = await save(docWith('Bad', 'html', html({ theme: 'neon' })), maker);
    expect(badSetting.status).toBe(400);
    expect(fieldsOf(badSetting.body)).toEqual(['document/scenes/0/widgets/1/props/settings']);
    expect(badSetting.body.msg).toMatch(/theme: must be one of dark, light/);
    expect((await save(docWith('Unknown', 'html', html({ shade: 1 })), maker)).body.msg).toMatch(
      /shade: the package has no such setting/,
    );
    const otherZip = await addZipMaterial(
      t.app,
      t.db,
      f.offices.a1.id,
      widgetZip({ ...CLOCK_MANIFEST, name: 'Other' }),
    );
    const wrongZip = await save(docWith('Wrong zip', 'html', html({}, otherZip)), maker);
    expect(fieldsOf(wrongZip.body)).toEqual(['document/scenes/0/widgets/1/props/materialId']);
    // B cannot use A1's package, even knowing its ids.
    const bZip = await save(docWith('B steals', 'html', html({})), f.b);
    expect(bZip.status).toBe(400);

    await api.post('widget/toggle', f.a1, { keys: [entry.key], enabled: false });
    const off = await save(docWith('Off', 'html', html({})), maker);
    expect(off.status).toBe(400);
    expect(off.body.msg).toMatch(/World clock is switched off/);
    expect((await palette(maker)).packages).toEqual([]);
    await api.post('widget/toggle', f.a1, { keys: [entry.key], enabled: true });

    const inUse = await api.post('widget/deletePackage', f.a1, { ids: [entry.packageId] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toMatch(/Clock widget/);
    expect((await api.post('widget/deletePackage', f.b, { ids: [entry.packageId] })).status).toBe(404);
    const listed = await list(f.a1, '&kind=package');
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]!.programCount).toBe(1);
    // The zip of a registered widget stays in the library.
    expect((await api.post('material/delete', f.a1, { ids: [zip] })).status).toBe(409);
  });

  it('serves the widget frame with its own strict policy, framable by the console and the player only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apm-web/f/widget/frame' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    // Only the frame's own policy: not the API's (which refuses every framing) on top.
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(typeof res.headers['content-security-policy']).toBe('string');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).toContain('apm-widget-package');
  });

  it('shows each built-in type’s uses and touches of the last 30 days in the tenant, from the play roll-up', async () => {
    const { playHourly } = await import('../../../src/db/schema/index.js');
    const hour = (hoursAgo: number) => new Date(Math.floor(Date.now() / 3_600_000 - hoursAgo) * 3_600_000);
    const row = (officeId: number, kind: string, subjectKey: string, plays: number, hoursAgo = 1) => ({
      hour: hour(hoursAgo),
      terminalId: 1_000 + plays,
      officeId,
      kind,
      subjectKey,
      plays,
      durationMs: plays * 1000,
    });
    await t.db
      .insert(playHourly)
      .values([
        row(f.offices.a1.id, 'widget', 'clock', 7),
        row(f.offices.a1Shop.id, 'widget', 'clock', 5),
        row(f.offices.a1.id, 'click', 'button', 3),
        row(f.offices.a1.id, 'widget', 'clock', 100, 24 * 40),
        row(f.offices.b.id, 'widget', 'clock', 50),
      ]);
    await rebuildCoarseRollups(t.db);
    const entries = (await list(f.a1)).list;
    expect(entries.find((e) => e.key === 'clock')!.figures).toEqual({ uses: 12, clicks: 0 });
    expect(entries.find((e) => e.key === 'button')!.figures).toEqual({ uses: 0, clicks: 3 });
    expect(entries.find((e) => e.kind === 'package')!.figures).toBeNull();
    expect((await list(f.b)).list.find((e) => e.key === 'clock')!.figures).toEqual({ uses: 50, clicks: 0 });
  });

  it('answers the image MD5 check for widgets: held in the tenant or shared, never another tenant’s', async () => {
    const { addMaterial } = await import('../materials/library-fixture.js');
    const own = await addMaterial(t.app, t.db, {
      name: 'icon.png',
      officeId: f.offices.a1.id,
      bytes: 'a1 icon bytes',
    });
    const theirs = await addMaterial(t.app, t.db, {
      name: 'b.png',
      officeId: f.offices.b.id,
      bytes: 'b icon bytes',
    });
    const check = async (md5: string, size: number, cookie = f.a1) => {
      const res = await api.get(`widget/md5Check?md5=${md5}&size=${size}`, cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { exists: boolean }).exists;
    };
    expect(await check(own.md5, 'a1 icon bytes'.length)).toBe(true);
    expect(await check(own.md5.toUpperCase(), 'a1 icon bytes'.length)).toBe(true);
    expect(await check(theirs.md5, 'b icon bytes'.length)).toBe(false);
    expect(await check(own.md5, 999)).toBe(false);
    expect((await api.get(`widget/md5Check?md5=xyz&size=1`, f.a1)).status).toBe(400);
    expect((await api.get(`widget/md5Check?md5=${own.md5}&size=13`, viewer)).status).toBe(403);
  });

  it('keeps a plain program saving as before', async () => {
    expect((await save(programDoc('Plain'), maker)).status).toBe(200);
  });
});
