import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { terminals } from '../../../src/db/schema/index.js';
import { queryRows } from '../../../src/terminal/sql.js';
import { login } from '../../helpers/app.js';
import { addTerminal, programDoc } from '../programs/fixture.js';
import { saveProgram } from '../sync-groups/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { statsFixture, weekQuery } from './fixture.js';

type Options = { list: { id: number; name: string }[]; more: boolean };
type OnlineMap = {
  points: { terminalId: number; name: string; latitude: number; longitude: number; onlineRate: number }[];
  positioned: number;
  unpositioned: number;
};

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});

/** A material of an office (a file row behind it), straight into the tables. */
async function insertMaterial(db: Database, name: string, officeId: number, shared = false): Promise<number> {
  const md5 = `${name}-${officeId}`.padEnd(32, '0').slice(0, 32);
  const [file] = await queryRows<{ id: number }>(
    db,
    sql`insert into material_files (md5, size, mime, kind, storage_path)
        values (${md5}, 10, 'image/png', 'image', ${`x/${md5}`}) returning id`,
  );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into materials (name, file_id, office_id, kind, size, md5, shared)
        values (${name}, ${file!.id}, ${officeId}, 'image', 10, ${md5}, ${shared}) returning id`,
  );
  return row!.id;
}

/** A play plan of an office, straight into the table. */
async function insertPlan(db: Database, name: string, officeId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into plans (name, office_id, document) values (${name}, ${officeId}, '{}') returning id`,
  );
  return row!.id;
}

describe('statistics: picker options and the online-rate map — scoped, stats:view only, checked input', () => {
  let s: Awaited<ReturnType<typeof statsFixture>>;
  let shopOnly: string;
  let ids: {
    unplaced: number;
    programs: Record<'lobby' | 'promo' | 'shop' | 'b', number>;
    materials: Record<'poster' | 'shopLogo' | 'shared' | 'b', number>;
  };

  beforeAll(async () => {
    s = await statsFixture();
    const { t, f, term } = s;
    const { a1, a1Shop, b, platform } = f.offices;
    // Lobby and shop in Berlin, B in Paris; one A1 terminal without a position.
    await t.db
      .update(terminals)
      .set({ latitude: 52.52, longitude: 13.405 })
      .where(eq(terminals.id, term.lobby));
    await t.db.update(terminals).set({ latitude: 52.5, longitude: 13.3 }).where(eq(terminals.id, term.shop));
    await t.db
      .update(terminals)
      .set({ latitude: 48.85, longitude: 2.35 })
      .where(eq(terminals.id, term.bScreen));
    const unplaced = await addTerminal(t.db, { name: 'Unplaced screen', officeId: a1.id });
    // A statistics reader of the shop alone (range `office`).
    const role = await addRole(t.db, 'statsViewShop', a1.id, ['stats:view']);
    await addUser(t.db, 'shopstats', a1Shop.id, [role], { dataRange: 'office' });
    shopOnly = await login(t.app, 'shopstats', PASSWORD);
    const shopCookie = await login(t.app, 'a1shop', PASSWORD);
    ids = {
      unplaced,
      programs: {
        lobby: await saveProgram(t.app, f.a1, programDoc('Lobby loop')),
        promo: await saveProgram(t.app, f.a1, programDoc('Spring promo')),
        shop: await saveProgram(t.app, shopCookie, programDoc('Shop menu')),
        b: await saveProgram(t.app, f.b, programDoc('B loop')),
      },
      materials: {
        poster: await insertMaterial(t.db, 'Lobby poster', a1.id),
        shopLogo: await insertMaterial(t.db, 'Shop logo', a1Shop.id),
        shared: await insertMaterial(t.db, 'Platform banner', platform.id, true),
        b: await insertMaterial(t.db, 'B poster', b.id),
      },
    };
    await insertPlan(t.db, 'Weekday plan', a1.id);
    await insertPlan(t.db, 'Shop plan', a1Shop.id);
    await insertPlan(t.db, 'B plan', b.id);
  });
  afterAll(() => s.t.close());

  const get = (path: string, cookie = s.f.a1) => s.api.get(`statistics/${path}`, cookie);
  const names = async (path: string, cookie?: string) => {
    const res = await get(path, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Options).list.map((o) => o.name);
  };

  it('options/terminals: the range’s claimed terminals by name, never another tenant’s', async () => {
    const res = await get('options/terminals');
    expect(res.body.data).toEqual({
      list: [
        { id: s.term.lobby, name: 'Lobby screen' },
        { id: s.term.shop, name: 'Shop screen' },
        { id: ids.unplaced, name: 'Unplaced screen' },
      ],
      more: false,
    });
    expect(await names('options/terminals', s.f.b)).toEqual(['B screen']);
  });

  it('options: keyword (case-insensitive, LIKE characters literal), limit with more, office filter', async () => {
    expect(await names('options/terminals?keyword=SCREEN&limit=2')).toEqual(['Lobby screen', 'Shop screen']);
    expect((await get('options/terminals?keyword=screen&limit=2')).body.data).toMatchObject({ more: true });
    expect(await names('options/terminals?keyword=shop')).toEqual(['Shop screen']);
    expect(await names('options/terminals?keyword=%25')).toEqual([]);
    expect(await names('options/terminals?keyword=_')).toEqual([]);
    expect(await names(`options/terminals?officeId=${s.f.offices.a1Shop.id}`)).toEqual(['Shop screen']);
    expect(await names('options/programs?keyword=loop')).toEqual(['Lobby loop']);
  });

  it('options/programs, materials and plans: the range’s (materials also the platform’s shared ones)', async () => {
    expect(await names('options/programs')).toEqual(['Lobby loop', 'Shop menu', 'Spring promo']);
    expect(await names('options/programs', s.f.b)).toEqual(['B loop']);
    expect(await names('options/materials')).toEqual(['Lobby poster', 'Platform banner', 'Shop logo']);
    expect(await names('options/materials', s.f.b)).toEqual(['B poster', 'Platform banner']);
    expect(await names(`options/materials?officeId=${s.f.offices.a1Shop.id}`)).toEqual(['Shop logo']);
    expect((await get('options/materials?keyword=banner')).body.data).toEqual({
      list: [{ id: ids.materials.shared, name: 'Platform banner' }],
      more: false,
    });
    expect((await get('options/programs?keyword=promo')).body.data).toEqual({
      list: [{ id: ids.programs.promo, name: 'Spring promo' }],
      more: false,
    });
    expect(await names('options/plans')).toEqual(['Shop plan', 'Weekday plan']);
    expect(await names('options/plans', s.f.b)).toEqual(['B plan']);
  });

  it('a reader with stats:view only gets options; one limited to the shop office sees the shop’s only', async () => {
    expect(await names('options/terminals', s.statsViewOnly)).toEqual([
      'Lobby screen',
      'Shop screen',
      'Unplaced screen',
    ]);
    expect(await names('options/programs', s.statsViewOnly)).toHaveLength(3);
    expect(await names('options/terminals', shopOnly)).toEqual(['Shop screen']);
    expect(await names('options/programs', shopOnly)).toEqual(['Shop menu']);
    expect(await names('options/materials', shopOnly)).toEqual(['Platform banner', 'Shop logo']);
    expect(await names('options/plans', shopOnly)).toEqual(['Shop plan']);
  });

  it('refuses callers without stats:view (403) and offices outside the range (404 naming officeId)', async () => {
    for (const path of [
      'options/terminals',
      'options/plans',
      'options/materials',
      `onlineMap?${weekQuery()}`,
    ]) {
      expect((await get(path, s.behaviorOnly)).status, path).toBe(403);
      expect((await get(path, s.f.viewer)).status, path).toBe(403);
    }
    const outside = await get(`options/terminals?officeId=${s.f.offices.b.id}`);
    expect(outside.status).toBe(404);
    expect(fieldsOf(outside.body)).toEqual(['officeId']);
    const map = await get(`onlineMap?${weekQuery({ officeId: s.f.offices.b.id })}`);
    expect(map.status).toBe(404);
    expect(fieldsOf(map.body)).toEqual(['officeId']);
    const terminal = await get(`onlineMap?${weekQuery({ terminalId: s.term.bScreen })}`);
    expect(terminal.status).toBe(404);
    expect(fieldsOf(terminal.body)).toEqual(['terminalId']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['options/terminals?limit=0', 'limit'],
      ['options/terminals?limit=101', 'limit'],
      ['options/programs?limit=2.5', 'limit'],
      ['options/materials?limit=0x10', 'limit'],
      [`options/terminals?keyword=${'k'.repeat(101)}`, 'keyword'],
      ['options/terminals?officeId=0', 'officeId'],
      ['options/terminals?officeId=abc', 'officeId'],
      [`onlineMap?${weekQuery({ limit: 0 })}`, 'limit'],
      [`onlineMap?${weekQuery({ limit: 5001 })}`, 'limit'],
      ['onlineMap?from=yesterday&to=2026-03-09T00:00:00Z', 'from'],
      ['onlineMap?from=2026-03-09T00:00:00Z&to=2026-03-02T00:00:00Z', 'to'],
      ['onlineMap?from=2024-01-01T00:00:00Z&to=2026-03-02T00:00:00Z', 'to'],
      [`onlineMap?${weekQuery({ timeZone: 'Mars/Olympus' })}`, 'timeZone'],
      [`onlineMap?${weekQuery({ terminalId: '1e3' })}`, 'terminalId'],
    ];
    for (const [path, field] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(fieldsOf(res.body), path).toEqual([field]);
    }
    expect((await get('onlineMap')).status).toBe(400);
  });

  it('onlineMap: positioned terminals of the range with their online rate, lowest first, and the counts', async () => {
    const res = await get(`onlineMap?${weekQuery()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const map = res.body.data as OnlineMap;
    expect(map.positioned).toBe(2);
    expect(map.unpositioned).toBe(1);
    // Lobby: 36 h online of the week's 168; shop: 6 h. B (online all week) is another tenant's.
    expect(map.points.map((p) => [p.name, p.latitude, p.longitude])).toEqual([
      ['Shop screen', 52.5, 13.3],
      ['Lobby screen', 52.52, 13.405],
    ]);
    expect(map.points[0]!.onlineRate).toBeCloseTo(6 / 168, 9);
    expect(map.points[1]).toMatchObject({ terminalId: s.term.lobby, online: true, onlineSeconds: 36 * 3600 });
    expect(map.points[1]!.onlineRate).toBeCloseTo(36 / 168, 9);
    const b = (await get(`onlineMap?${weekQuery()}`, s.f.b)).body.data as OnlineMap;
    expect(b.points.map((p) => [p.name, p.onlineRate])).toEqual([['B screen', 1]]);
  });

  it('onlineMap: limit, office and terminal filters, data range and a stats:view-only reader', async () => {
    const one = (await get(`onlineMap?${weekQuery({ limit: 1 })}`)).body.data as OnlineMap;
    expect(one.points.map((p) => p.name)).toEqual(['Shop screen']);
    expect(one.positioned).toBe(2);
    const shop = (await get(`onlineMap?${weekQuery({ officeId: s.f.offices.a1Shop.id })}`)).body
      .data as OnlineMap;
    expect(shop).toMatchObject({ positioned: 1, unpositioned: 0 });
    const lobby = (await get(`onlineMap?${weekQuery({ terminalId: s.term.lobby })}`)).body.data as OnlineMap;
    expect(lobby.points.map((p) => p.name)).toEqual(['Lobby screen']);
    const viewer = (await get(`onlineMap?${weekQuery()}`, s.statsViewOnly)).body.data as OnlineMap;
    expect(viewer.points).toHaveLength(2);
    const office = (await get(`onlineMap?${weekQuery()}`, shopOnly)).body.data as OnlineMap;
    expect(office).toMatchObject({ positioned: 1, unpositioned: 0 });
    expect(office.points.map((p) => p.name)).toEqual(['Shop screen']);
  });

  it('onlineMap: a period with no online time answers rate 0; an empty office an empty map', async () => {
    const quiet = (await get('onlineMap?from=2026-02-01T00:00:00Z&to=2026-02-08T00:00:00Z')).body
      .data as OnlineMap;
    expect(quiet.points.map((p) => p.onlineRate)).toEqual([0, 0]);
    await s.t.db.update(terminals).set({ latitude: null, longitude: null });
    const none = (await get(`onlineMap?${weekQuery()}`)).body.data as OnlineMap;
    expect(none).toEqual({ points: [], positioned: 0, unpositioned: 3 });
  });
});
