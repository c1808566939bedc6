import ExcelJS from 'exceljs';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal, caller, consoleFixture } from '../terminals/fixture.js';

type Alarm = {
  id: number;
  terminalName: string;
  type: string;
  clearedAt: string | null;
  clearedByName: string | null;
};

describe('abnormal alarms: list, details, clean-up, exports', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const lobby = await addTerminal(t.db, { name: 'Lobby', officeId: f.offices.a1.id });
    const shop = await addTerminal(t.db, { name: 'Shop', officeId: f.offices.a1Shop.id });
    const bee = await addTerminal(t.db, { name: 'Bee', officeId: f.offices.b.id });
    const add = async (
      terminalId: number,
      officeId: number,
      type: 'offline' | 'diskFull',
      raisedAt: string,
      ended = false,
    ) => {
      const [row] = await t.db
        .insert(abnormalAlarms)
        .values({
          terminalId,
          officeId,
          type,
          raisedAt: new Date(raisedAt),
          endedAt: ended ? new Date(new Date(raisedAt).getTime() + 60_000) : null,
          detail: { seconds: 90 },
        })
        .returning({ id: abnormalAlarms.id });
      return row!.id;
    };
    ids.lobbyOld = await add(lobby, f.offices.a1.id, 'offline', '2026-11-01T08:00:00Z', true);
    ids.lobbyNow = await add(lobby, f.offices.a1.id, 'offline', '2026-11-21T08:00:00Z');
    ids.shop = await add(shop, f.offices.a1Shop.id, 'diskFull', '2026-11-20T12:00:00Z');
    ids.bee = await add(bee, f.offices.b.id, 'offline', '2026-11-21T09:00:00Z');
  });
  afterAll(() => t.close());

  const list = async (query = '', cookie = f.alarms) => {
    const res = await api.get(`abnormalAlarm/abnormalAlarmList?${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: Alarm[]; count: number };
  };

  it('lists the alarms of the caller’s data range, newest first, with filters', async () => {
    const all = await list();
    expect(all.list.map((a) => a.id)).toEqual([ids.lobbyNow, ids.shop, ids.lobbyOld]);
    expect(all.list[0]).toMatchObject({
      terminalName: 'Lobby',
      officeName: 'Customer A1',
      type: 'offline',
      endedAt: null,
    });
    expect((await list('type=diskFull')).list.map((a) => a.id)).toEqual([ids.shop]);
    expect((await list('state=ended')).list.map((a) => a.id)).toEqual([ids.lobbyOld]);
    expect((await list('keyword=sho')).list.map((a) => a.id)).toEqual([ids.shop]);
    expect((await list('from=2026-11-20&to=2026-11-20')).list.map((a) => a.id)).toEqual([ids.shop]);
    expect((await list('pageSize=1&pageNo=2')).list.map((a) => a.id)).toEqual([ids.shop]);
    expect((await list(`officeId=${f.offices.a1Shop.id}`)).list.map((a) => a.id)).toEqual([ids.shop]);
    expect(
      (await api.get(`abnormalAlarm/abnormalAlarmList?officeId=${f.offices.b.id}`, f.alarms)).status,
    ).toBe(404);
    const bad = await api.get('abnormalAlarm/abnormalAlarmList?from=yesterday', f.alarms);
    expect(bad.status).toBe(400);
    expect(bad.body.jsonObject).toMatchObject({ fields: { from: expect.any(String) } });
    expect((await api.get('abnormalAlarm/abnormalAlarmList', f.a1)).status).toBe(403);
    expect((await list('', f.admin)).count).toBe(4);
  });

  it('answers whether alarms wait, the details of one, and cleans up only what is in scope', async () => {
    expect((await api.get('abnormalAlarm/askIsHaveAbnormalAlarm', f.alarms)).body.data).toEqual({
      has: true,
      count: 3,
      unacknowledged: 3,
      latestId: ids.shop,
    });
    const detail = await api.get(`abnormalAlarm/abnormalAlarmClearDeail?id=${ids.shop}`, f.alarms);
    expect(detail.body.data).toMatchObject({
      id: ids.shop,
      terminalName: 'Shop',
      officeName: 'A1 shop',
      detail: { seconds: 90 },
      severity: 'warning',
      notifications: [],
    });
    expect((await api.get(`abnormalAlarm/abnormalAlarmClearDeail?id=${ids.bee}`, f.alarms)).status).toBe(404);

    const foreign = await api.post('abnormalAlarm/abnormalAlarmCleanUp', f.alarms, {
      ids: [ids.shop, ids.bee],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.jsonObject).toMatchObject({
      fields: { ids: expect.stringContaining(String(ids.bee)) },
    });
    const one = await api.post('abnormalAlarm/abnormalAlarmCleanUp', f.alarms, { ids: `${ids.shop}` });
    expect(one.body.data).toEqual({ cleared: 1 });
    expect((await list('state=cleared')).list).toEqual([
      expect.objectContaining({ id: ids.shop, clearedByName: 'a1alarms', clearedAt: expect.any(String) }),
    ]);
    // Nothing named, nothing cleared: "all" must be said.
    for (const body of [{}, { ids: [], all: true }, { all: false }]) {
      const vague = await api.post('abnormalAlarm/abnormalAlarmCleanUp', f.alarms, body);
      expect(vague.status, JSON.stringify(body)).toBe(400);
    }
    expect((await list('state=uncleared')).list).toHaveLength(2);
    const rest = await api.post('abnormalAlarm/abnormalAlarmCleanUp', f.alarms, { all: true });
    expect(rest.body.data).toEqual({ cleared: 2 });
    expect((await api.get('abnormalAlarm/askIsHaveAbnormalAlarm', f.alarms)).body.data).toEqual({
      has: false,
      count: 0,
      unacknowledged: 0,
      latestId: null,
    });
    // B's alarm is untouched.
    const uncleared = await t.db.select().from(abnormalAlarms).where(isNull(abnormalAlarms.clearedAt));
    expect(uncleared.map((a) => a.id)).toEqual([ids.bee]);
  });

  it('exports all matching alarms as CSV with headers in the caller’s language, and only the chosen ones as XLSX', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/abnormalAlarm/allAbnormalAlarmExport',
      headers: { cookie: `${f.alarms}; language=CN` },
      payload: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^编号,类型,终端/);
    expect(lines).toHaveLength(4);
    expect(csv.body).not.toContain('Bee');

    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/abnormalAlarm/onlyAbnormalAlarmExport',
      headers: { cookie: f.alarms },
      payload: { format: 'xlsx', ids: [ids.shop] },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Terminal');
    expect(rows[1]).toContain('Shop');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/abnormalAlarm/allAbnormalAlarmExport',
      headers: { cookie: f.alarms },
      payload: { format: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
    const noPerm = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/abnormalAlarm/allAbnormalAlarmExport',
      headers: { cookie: f.a1 },
      payload: { format: 'csv' },
    });
    expect(noPerm.statusCode).toBe(403);
  });
});
