import { WIDGET_TYPES } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetTypeSettings } from '../../../src/db/schema/index.js';
import { programDoc } from '../programs/fixture.js';
import { saveProgram } from '../sync-groups/fixture.js';
import { statsFixture, weekQuery } from './fixture.js';

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});

describe('statistics: fleet, sign-ins, resources, widgets, audiences — exact, scoped, permission-bound', () => {
  let s: Awaited<ReturnType<typeof statsFixture>>;
  beforeAll(async () => {
    s = await statsFixture();
  });
  afterAll(() => s.t.close());
  const get = (path: string, cookie = s.f.a1) => s.api.get(`statistics/${path}`, cookie);
  const post = (path: string, payload: object, cookie = s.f.a1) =>
    s.api.post(`statistics/${path}`, cookie, payload);

  it('terminalCount: the range’s claimed terminals, online and by platform; an office narrows it', async () => {
    const all = await get('terminalCount');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 2, online: 1, offline: 1, pending: 0 });
    const shop = await get(`terminalCount?officeId=${s.f.offices.a1Shop.id}`);
    expect(shop.body.data).toMatchObject({ total: 1, online: 0, offline: 1 });
    const b = await get(`terminalCount?officeId=${s.f.offices.b.id}`);
    expect(b.status).toBe(404);
    expect(fieldsOf(b.body)).toEqual(['officeId']);
  });

  it('onlineTime: seconds per day from the online periods, the rate of the possible time and by office', async () => {
    const res = await get(`onlineTime?${weekQuery({ granularity: 'day' })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as {
      terminals: number;
      onlineSeconds: number;
      onlineRate: number;
      series: { bucket: string; seconds: number; rate: number }[];
      byOffice: { officeName: string; onlineRate: number }[];
    };
    expect(d.terminals).toBe(2);
    expect(d.onlineSeconds).toBe((36 + 6) * 3600);
    expect(d.onlineRate).toBeCloseTo(42 / (2 * 7 * 24), 6);
    expect(d.series).toHaveLength(7);
    expect(d.series.slice(0, 3).map((p) => [p.bucket, p.seconds, p.rate])).toEqual([
      ['2026-03-02T00:00:00Z', 86_400, 0.5],
      ['2026-03-03T00:00:00Z', 43_200, 0.25],
      ['2026-03-04T00:00:00Z', 21_600, 0.125],
    ]);
    expect(d.byOffice.map((o) => [o.officeName, o.onlineRate])).toEqual(
      expect.arrayContaining([
        ['Customer A1', 36 / (7 * 24)],
        ['A1 shop', 6 / (7 * 24)],
      ]),
    );
  });

  it('a day in another zone starts at that zone’s midnight', async () => {
    const res = await get(
      `onlineTime?from=2026-03-01T23:00:00.000Z&to=2026-03-03T23:00:00.000Z&timeZone=Europe/Berlin&granularity=day`,
    );
    const series = (res.body.data as { series: { bucket: string; seconds: number }[] }).series;
    expect(series.map((p) => p.bucket)).toEqual(['2026-03-01T23:00:00Z', '2026-03-02T23:00:00Z']);
    expect(series[0]!.seconds).toBe(23 * 3600);
  });

  it('refuses bad periods with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=yesterday&to=2026-03-09T00:00:00Z', 'from'],
      ['from=2026-03-09T00:00:00Z&to=2026-03-02T00:00:00Z', 'to'],
      ['from=2024-01-01T00:00:00Z&to=2026-03-02T00:00:00Z', 'to'],
      ['from=2026-01-01T00:00:00Z&to=2026-03-02T00:00:00Z&granularity=hour', 'granularity'],
      [`${weekQuery()}&timeZone=Mars/Olympus`, 'timeZone'],
      [`${weekQuery()}&granularity=week`, 'granularity'],
      [`${weekQuery()}&officeId=0`, 'officeId'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`onlineTime?${query.replace(/^from=[^&]*&to=[^&]*&from=/, 'from=')}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(field);
    }
  });

  it('loginActivity: sign-ins of the range’s users, failed ones by the name tried, by hour, user and device', async () => {
    const res = await get(`loginActivity?${weekQuery({ granularity: 'day' })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as {
      total: number;
      succeeded: number;
      failed: number;
      users: number;
      series: { bucket: string; succeeded: number; failed: number }[];
      byHour: number[];
      byUser: { username: string; succeeded: number; failed: number }[];
      byDevice: { name: string; count: number }[];
    };
    expect([d.total, d.succeeded, d.failed, d.users]).toEqual([4, 3, 1, 2]);
    expect(d.series.slice(0, 2)).toEqual([
      { bucket: '2026-03-02T00:00:00Z', succeeded: 2, failed: 0 },
      { bucket: '2026-03-03T00:00:00Z', succeeded: 1, failed: 1 },
    ]);
    expect(d.byHour[8]).toBe(2);
    expect(d.byHour[12]).toBe(1);
    expect(d.byHour[13]).toBe(1);
    expect(d.byUser.map((u) => [u.username, u.succeeded, u.failed])).toEqual(
      expect.arrayContaining([
        ['a1admin', 2, 0],
        ['a1op', 1, 0],
        ['a1op', 0, 1],
      ]),
    );
    expect(d.byDevice).toEqual([
      { name: 'iOS · Safari', count: 2 },
      { name: 'Windows · Chrome', count: 2 },
    ]);
    const b = (await get(`loginActivity?${weekQuery()}`, s.f.b)).body.data as { total: number };
    expect(b.total).toBe(1);
  });

  it('loginExport: sign-ins per user as CSV in the reader’s language; stats:behavior:export only', async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/statistics/loginExport?${weekQuery({ format: 'csv' })}`,
      headers: { cookie: `${s.f.a1}; language=KR` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      '사용자,사용자 ID,로그인 성공,로그인 실패,마지막 로그인',
      `a1admin,${s.f.ids.a1admin},2,0,2026-03-02T08:45:00Z`,
      `a1op,${s.f.ids.a1op},1,0,2026-03-03T13:00:00Z`,
      'a1op,,0,1,2026-03-03T12:59:00Z',
    ]);
    expect((await get(`loginExport?${weekQuery({ format: 'csv' })}`, s.statsViewOnly)).status).toBe(403);
    const bad = await get(`loginExport?${weekQuery({ format: 'doc' })}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('format');
  });

  it('resourceCases and widgetNumber: what the range holds now, every widget type listed', async () => {
    const cases = await get('resourceCases');
    expect(cases.status).toBe(200);
    expect(cases.body.data).toMatchObject({
      materials: { total: 0, bytes: 0 },
      programs: { total: 0 },
      plans: { total: 0 },
    });
    const widgets = await get('widgetNumber', s.behaviorOnly);
    expect(widgets.status).toBe(200);
    const list = widgets.body.data as { type: string; enabled: boolean; widgets: number }[];
    expect(list.map((w) => w.type).sort()).toEqual([...WIDGET_TYPES].sort());
    expect(list.every((w) => w.enabled && w.widgets === 0)).toBe(true);
  });

  it('widgetNumber counts the widgets of the range’s programs and shows the tenant’s switched-off types', async () => {
    const doc = programDoc('Widgets A1', { scenes: 2 });
    const texts = doc.scenes.flatMap((scene) => scene.widgets).filter((w) => w.type === 'text').length;
    expect(texts).toBeGreaterThan(0);
    await saveProgram(s.t.app, s.f.a1, doc);
    await saveProgram(s.t.app, s.f.b, programDoc('Widgets B'));
    await s.t.db
      .insert(widgetTypeSettings)
      .values({ tenantOfficeId: s.f.offices.a1.id, widgetType: 'clock', enabled: false });
    const list = (await get('widgetNumber', s.behaviorOnly)).body.data as {
      type: string;
      enabled: boolean;
      widgets: number;
      programs: number;
    }[];
    const text = list.find((w) => w.type === 'text')!;
    expect([text.widgets, text.programs]).toEqual([texts, 1]);
    expect(list.find((w) => w.type === 'clock')!.enabled).toBe(false);
    expect(list.filter((w) => w.type !== 'clock').every((w) => w.enabled)).toBe(true);
    const b = (await get('widgetNumber', s.f.b)).body.data as {
      type: string;
      enabled: boolean;
      widgets: number;
    }[];
    expect(b.find((w) => w.type === 'text')!.widgets).toBe(1);
    expect(b.find((w) => w.type === 'clock')!.enabled).toBe(true);
    const cases = (await get('resourceCases')).body.data as {
      programs: { total: number; byState: object[] };
    };
    expect(cases.programs).toMatchObject({ total: 1, byState: [{ name: 'approved', count: 1 }] });
  });

  it('widgetUse and widgetClick: events by widget type from the roll-up, the range only', async () => {
    const use = (await get(`widgetUse?${weekQuery({ granularity: 'day' })}`, s.behaviorOnly)).body.data as {
      total: number;
      seconds: number;
      byType: object[];
      series: { value: number }[];
    };
    expect([use.total, use.seconds]).toEqual([6, 30]);
    expect(use.byType).toEqual([{ type: 'clock', count: 6, seconds: 30 }]);
    expect(use.series.map((p) => p.value)).toEqual([6, 0, 0, 0, 0, 0, 0]);
    const clicks = (await get(`widgetClick?${weekQuery()}`, s.behaviorOnly)).body.data as { total: number };
    expect(clicks.total).toBe(2);
  });

  it('officeInstant: the office and its children, terminals and online now', async () => {
    const res = await get(`officeInstant?officeId=${s.f.offices.a1.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as object[]).map((o) => o)).toEqual([
      {
        officeId: s.f.offices.a1.id,
        officeName: 'Customer A1',
        terminals: 1,
        online: 1,
        playsToday: 0,
        secondsToday: 0,
      },
      {
        officeId: s.f.offices.a1Shop.id,
        officeName: 'A1 shop',
        terminals: 1,
        online: 0,
        playsToday: 0,
        secondsToday: 0,
      },
    ]);
    expect((await get(`officeInstant?officeId=${s.f.offices.b.id}`)).status).toBe(404);
  });

  it('terminalsByIds: figures of the named terminals; another tenant’s ids give nothing', async () => {
    const res = await get(`terminalsByIds?${weekQuery({ ids: `${s.term.lobby},${s.term.bScreen}` })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        terminalId: s.term.lobby,
        name: 'Lobby screen',
        onlineSeconds: 36 * 3600,
        plays: 10,
        seconds: 100,
      }),
    ]);
    const bad = await get(`terminalsByIds?${weekQuery({ ids: '1,x' })}`);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['ids']);
  });

  it('startupRate: terminals online at some time per day; named ids outside the range are dropped', async () => {
    const res = await post(
      'startupRate',
      {
        ...JSON.parse(
          JSON.stringify({
            from: '2026-03-02T00:00:00.000Z',
            to: '2026-03-09T00:00:00.000Z',
            timeZone: 'UTC',
            granularity: 'day',
          }),
        ),
      },
      s.behaviorOnly,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as {
      terminals: number;
      rate: number;
      series: { started: number; rate: number }[];
    };
    expect(d.terminals).toBe(2);
    expect(d.rate).toBe(1);
    expect(d.series.map((p) => p.started)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    const named = await post(
      'startupRate',
      { from: '2026-03-02T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z', terminalIds: [s.term.bScreen] },
      s.behaviorOnly,
    );
    expect((named.body.data as { terminals: number }).terminals).toBe(0);
    const bad = await post(
      'startupRate',
      { from: '2026-03-02T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z', terminalIds: ['x'] },
      s.behaviorOnly,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('terminalIds');
  });

  it('headCount: people per bucket, hour of day and terminal, the range only', async () => {
    const res = await post(
      'headCount',
      {
        from: '2026-03-02T00:00:00.000Z',
        to: '2026-03-09T00:00:00.000Z',
        timeZone: 'UTC',
        granularity: 'day',
      },
      s.behaviorOnly,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as {
      total: number;
      series: { value: number }[];
      byHour: number[];
      byTerminal: object[];
    };
    expect(d.total).toBe(25);
    expect(d.series.map((p) => p.value)).toEqual([20, 5, 0, 0, 0, 0, 0]);
    expect(d.byHour[9]).toBe(20);
    expect(d.byHour[15]).toBe(5);
    expect(d.byTerminal).toEqual([
      { terminalId: s.term.lobby, name: 'Lobby screen', count: 20 },
      { terminalId: s.term.shop, name: 'Shop screen', count: 5 },
    ]);
  });

  it('refuses callers without the permission (403) and without a session (401)', async () => {
    expect((await get('terminalCount', s.f.viewer)).status).toBe(403);
    expect((await get(`loginActivity?${weekQuery()}`, s.statsViewOnly)).status).toBe(403);
    expect(
      (await post('headCount', { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' }, s.statsViewOnly))
        .status,
    ).toBe(403);
    expect((await get('terminalCount', s.behaviorOnly)).status).toBe(403);
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/apm-web/a/api/statistics/terminalCount' });
    expect(anonymous.statusCode).toBe(401);
  });
});
