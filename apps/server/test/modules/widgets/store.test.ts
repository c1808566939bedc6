import type { ApiStoreItem, WidgetEntry } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { caller, consoleFixture } from '../terminals/fixture.js';
import { addZipMaterial, CLOCK_MANIFEST, docWith, widgetZip } from './fixture.js';

describe('the store (apiStore): the platform publishes, tenants browse and add to their own catalogue', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let platformPackage: WidgetEntry;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const zip = await addZipMaterial(
      t.app,
      t.db,
      f.offices.platform.id,
      widgetZip({ ...CLOCK_MANIFEST, name: 'Platform clock' }),
    );
    platformPackage = (await api.post('widget/savePackage', f.admin, { materialId: zip })).body
      .data as WidgetEntry;
  });
  afterAll(() => t.close());

  const store = async (cookie: string, query = '') =>
    (await api.get(`common/apiStore?pageSize=50${query}`, cookie)).body.data as {
      list: ApiStoreItem[];
      count: number;
    };

  it('lets only platform users publish, and only what is in the platform’s catalogue', async () => {
    expect(
      (await api.post('widget/publishToStore', f.a1, { kind: 'widget', id: platformPackage.packageId }))
        .status,
    ).toBe(403);
    const a1Zip = await addZipMaterial(
      t.app,
      t.db,
      f.offices.a1.id,
      widgetZip({ ...CLOCK_MANIFEST, name: 'A1 own' }),
    );
    const a1Package = (await api.post('widget/savePackage', f.a1, { materialId: a1Zip })).body
      .data as WidgetEntry;
    const foreign = await api.post('widget/publishToStore', f.admin, {
      kind: 'widget',
      id: a1Package.packageId,
    });
    expect(foreign.status).toBe(404);
    const ok = await api.post('widget/publishToStore', f.admin, {
      kind: 'widget',
      id: platformPackage.packageId,
      description: 'A clock for every lobby',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(
      (await api.post('widget/publishToStore', f.admin, { kind: 'widget', id: platformPackage.packageId }))
        .status,
    ).toBe(409);
  });

  it('shows tenants the store; adding puts the widget in their palette, usable in programs, once', async () => {
    const before = await store(f.a1);
    expect(before.list).toHaveLength(1);
    expect(before.list[0]).toMatchObject({
      kind: 'widget',
      name: 'Platform clock',
      description: 'A clock for every lobby',
      width: 400,
      added: false,
      mine: false,
    });
    expect((await store(f.admin)).list[0]!.mine).toBe(true);
    expect((await store(f.a1, '&keyword=lobby')).count).toBe(1);
    expect((await store(f.a1, '&kind=dataSource')).count).toBe(0);
    const id = before.list[0]!.id;
    expect((await api.post('widget/addFromStore', f.a1, { id })).status).toBe(200);
    expect((await api.post('widget/addFromStore', f.a1, { id })).status).toBe(409);
    expect((await store(f.a1)).list[0]!.added).toBe(true);
    expect((await store(f.b)).list[0]!.added).toBe(false);
    const palette = (await api.get('widget/palette', f.a1)).body.data as { packages: WidgetEntry[] };
    const added = palette.packages.find((p) => p.name === 'Platform clock')!;
    expect(added).toMatchObject({ fromStore: true, materialId: platformPackage.materialId });
    // The platform's zip is shared: the tenant's program may use it, and terminals get it as a material.
    const saved = await api.post('program/save', f.a1, {
      document: docWith('Lobby', 'html', {
        packageId: added.packageId,
        materialId: added.materialId,
        settings: { label: 'Lobby' },
      }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // B has not added it: its id is not B's.
    const bSave = await api.post('program/save', f.b, {
      document: docWith('B lobby', 'html', {
        packageId: added.packageId,
        materialId: added.materialId,
        settings: {},
      }),
    });
    expect(bSave.status).toBe(400);
  });

  it('takes an item out of the store (platform only); tenants keep what they added', async () => {
    const id = (await store(f.a1)).list[0]!.id;
    expect((await api.post('widget/unpublishFromStore', f.a1, { id })).status).toBe(403);
    expect((await api.post('widget/unpublishFromStore', f.admin, { id })).status).toBe(200);
    expect((await api.post('widget/unpublishFromStore', f.admin, { id })).status).toBe(404);
    expect((await store(f.a1)).count).toBe(0);
    const palette = (await api.get('widget/palette', f.a1)).body.data as { packages: WidgetEntry[] };
    expect(palette.packages.map((p) => p.name)).toContain('Platform clock');
    expect((await api.post('widget/addFromStore', f.b, { id })).status).toBe(404);
  });

  it('publishes data sources too; a tenant gets its own copy with the items fetched so far', async () => {
    const { dataSources } = await import('../../../src/db/schema/index.js');
    const platformOffice = f.offices.platform.id;
    const [src] = await t.db
      .insert(dataSources)
      .values({
        tenantOfficeId: platformOffice,
        name: 'World news',
        url: 'https://news.example/rss',
        format: 'rss',
        intervalSeconds: 600,
        items: [{ title: 'Hello' }],
        nextFetchAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    expect(
      (await api.post('widget/publishToStore', f.admin, { kind: 'dataSource', id: src!.id })).status,
    ).toBe(200);
    const item = (await store(f.b, '&kind=dataSource')).list[0]!;
    expect(item).toMatchObject({ name: 'World news', format: 'rss', added: false });
    expect((await api.post('widget/addFromStore', f.b, { id: item.id })).status).toBe(200);
    expect((await api.post('widget/addFromStore', f.b, { id: item.id })).status).toBe(409);
    const list = (await api.get('widget/dataSources', f.b)).body.data as {
      list: { name: string; fromStore: boolean; itemCount: number }[];
    };
    expect(list.list).toEqual([
      expect.objectContaining({ name: 'World news', fromStore: true, itemCount: 1 }),
    ]);
  });

  it('refuses callers without widget permissions', async () => {
    expect((await api.get('common/apiStore', f.viewer)).status).toBe(403);
    expect((await api.post('widget/addFromStore', f.viewer, { id: 1 })).status).toBe(403);
  });
});
