import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms, users } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal, caller, consoleFixture } from '../terminals/fixture.js';

type Alarm = {
  id: number;
  type: string;
  severity: string;
  acknowledgedAt: string | null;
  acknowledgedByName: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  note: string | null;
  clearedAt: string | null;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

describe('alarm centre: acknowledge, assign, resolve by filter, severity, notification rules', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let lobby: number;
  let shop: number;
  let bee: number;
  let hook: Server;
  let hookUrl: string;
  const received: { body: unknown }[] = [];
  let hookStatus = 200;

  const raise = async (terminalId: number, officeId: number, type: 'offline' | 'diskFull' | 'clockDrift') => {
    const [row] = await t.db
      .insert(abnormalAlarms)
      .values({ terminalId, officeId, type, detail: { n: 1 } })
      .returning({ id: abnormalAlarms.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    lobby = await addTerminal(t.db, { name: 'Lobby', officeId: f.offices.a1.id });
    shop = await addTerminal(t.db, { name: 'Shop', officeId: f.offices.a1Shop.id });
    bee = await addTerminal(t.db, { name: 'Bee', officeId: f.offices.b.id });
    hook = createServer(async (req, res) => {
      received.push({ body: JSON.parse(await readBody(req)) });
      res.writeHead(hookStatus).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alarms`;
  });
  afterAll(async () => {
    hook.close();
    await t.close();
  });

  const list = async (query = '') => {
    const res = await api.get(`abnormalAlarm/abnormalAlarmList?${query}`, f.alarms);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: Alarm[]; count: number };
  };

  it('acknowledges and assigns the alarms named or matching filters, never by omission, and filters by severity and handling', async () => {
    const off = await raise(lobby, f.offices.a1.id, 'offline');
    const disk = await raise(shop, f.offices.a1Shop.id, 'diskFull');
    const clock = await raise(shop, f.offices.a1Shop.id, 'clockDrift');
    const foreign = await raise(bee, f.offices.b.id, 'offline');

    expect((await list('severity=critical')).list.map((a) => a.id)).toEqual([off]);
    expect((await list('severity=info')).list.map((a) => [a.id, a.severity])).toEqual([[clock, 'info']]);

    const ack = await api.post('abnormalAlarm/acknowledge', f.alarms, { ids: [off], note: 'on it' });
    expect(ack.body.data).toEqual({ acknowledged: 1 });
    const [acked] = (await list('handling=acknowledged')).list;
    expect(acked).toMatchObject({ id: off, acknowledgedByName: 'a1alarms', note: 'on it' });
    expect((await list('handling=new')).list.map((a) => a.id).sort()).toEqual([disk, clock].sort());
    // Acknowledged twice: nothing more happens.
    expect((await api.post('abnormalAlarm/acknowledge', f.alarms, { ids: [off] })).body.data).toEqual({
      acknowledged: 0,
    });
    // By filter: every warning of the shop office.
    const byFilter = await api.post('abnormalAlarm/acknowledge', f.alarms, {
      all: true,
      severity: 'warning',
      officeId: f.offices.a1Shop.id,
    });
    expect(byFilter.body.data).toEqual({ acknowledged: 1 });
    expect((await list('handling=new')).list.map((a) => a.id)).toEqual([clock]);
    for (const body of [{}, { ids: [disk], all: true }]) {
      expect((await api.post('abnormalAlarm/acknowledge', f.alarms, body)).status).toBe(400);
    }
    expect((await api.post('abnormalAlarm/acknowledge', f.alarms, { ids: [foreign] })).status).toBe(404);
    expect((await api.post('abnormalAlarm/acknowledge', f.viewer, { ids: [off] })).status).toBe(403);

    // Assign: to someone of the organisation, never to another tenant's user.
    const people = await api.get('abnormalAlarm/assignees?keyword=a1', f.alarms);
    const a1admin = (people.body.data as { id: number; loginName: string }[]).find(
      (u) => u.loginName === 'a1admin',
    )!;
    expect(a1admin).toBeDefined();
    const [bUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'badmin'));
    const refused = await api.post('abnormalAlarm/assign', f.alarms, { ids: [disk], assigneeId: bUser!.id });
    expect(refused.status).toBe(404);
    expect(refused.body.jsonObject).toMatchObject({ fields: { assigneeId: expect.any(String) } });
    const assigned = await api.post('abnormalAlarm/assign', f.alarms, {
      all: true,
      type: 'diskFull',
      assigneeId: a1admin.id,
    });
    expect(assigned.body.data).toEqual({ assigned: 1 });
    expect((await list(`assigneeId=${a1admin.id}`)).list).toEqual([
      expect.objectContaining({ id: disk, assigneeName: expect.any(String) }),
    ]);
    await api.post('abnormalAlarm/assign', f.alarms, { ids: [disk], assigneeId: null });
    expect((await list(`assigneeId=${a1admin.id}`)).count).toBe(0);

    // Resolve by filter: only what matches, in scope.
    const resolved = await api.post('abnormalAlarm/abnormalAlarmCleanUp', f.alarms, {
      all: true,
      type: 'clockDrift',
    });
    expect(resolved.body.data).toEqual({ cleared: 1 });
    expect((await list('handling=resolved')).list.map((a) => a.id)).toEqual([clock]);
    const [beeRow] = await t.db.select().from(abnormalAlarms).where(eq(abnormalAlarms.id, foreign));
    expect(beeRow!.acknowledgedAt).toBeNull();
  });

  it('keeps notification rules per scope and checks their targets', async () => {
    const bad = await api.post('abnormalAlarm/saveRule', f.alarms, {
      name: 'Ops',
      types: [],
      minSeverity: 'critical',
      channel: 'email',
      target: 'ops@example.com, nobody',
      dailyLimit: 3,
      enabled: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.jsonObject).toMatchObject({ fields: { target: expect.stringContaining('nobody') } });
    const badUrl = await api.post('abnormalAlarm/saveRule', f.alarms, {
      name: 'Hook',
      types: [],
      minSeverity: 'info',
      channel: 'webhook',
      target: 'ftp://example.com',
      dailyLimit: 3,
      enabled: true,
    });
    expect(badUrl.status).toBe(400);
    const foreignOffice = await api.post('abnormalAlarm/saveRule', f.alarms, {
      name: 'B',
      types: [],
      minSeverity: 'info',
      channel: 'webhook',
      target: hookUrl,
      dailyLimit: 3,
      enabled: true,
      officeId: f.offices.b.id,
    });
    expect(foreignOffice.status).toBe(404);
    const bRule = await api.post('abnormalAlarm/saveRule', f.admin, {
      name: 'B rule',
      types: [],
      minSeverity: 'info',
      channel: 'webhook',
      target: hookUrl,
      dailyLimit: 3,
      enabled: true,
      officeId: f.offices.b.id,
    });
    expect(bRule.status).toBe(200);
    const bRuleId = (bRule.body.data as { id: number }).id;
    expect((await api.get('abnormalAlarm/rules', f.alarms)).body.data).toEqual([]);
    expect((await api.post('abnormalAlarm/deleteRule', f.alarms, { id: bRuleId })).status).toBe(404);
    expect((await api.post('abnormalAlarm/deleteRule', f.admin, { id: bRuleId })).status).toBe(200);
  });

  it('sends new alarms by e-mail and webhook per rule, once each, up to the daily limit per terminal and kind', async () => {
    await t.app.services.alarmNotifier.runOnce(); // what the first test raised: no rule then
    const mail = await api.post('abnormalAlarm/saveRule', f.alarms, {
      name: 'Duty phone',
      types: ['offline'],
      minSeverity: 'info',
      channel: 'email',
      target: 'duty@example.com',
      dailyLimit: 2,
      enabled: true,
    });
    expect(mail.status, JSON.stringify(mail.body)).toBe(200);
    const webhook = await api.post('abnormalAlarm/saveRule', f.alarms, {
      name: 'Ticketing',
      types: [],
      minSeverity: 'warning',
      channel: 'webhook',
      target: hookUrl,
      dailyLimit: 5,
      enabled: true,
      officeId: f.offices.a1Shop.id,
    });
    expect(webhook.status).toBe(200);

    // Three offline alarms of the lobby (a flapping terminal), a disk alarm of the shop, one of B.
    const lobbyAlarms = [];
    for (let i = 0; i < 3; i++) lobbyAlarms.push(await raise(lobby, f.offices.a1.id, 'offline'));
    const disk = await raise(shop, f.offices.a1Shop.id, 'diskFull');
    await raise(bee, f.offices.b.id, 'offline');
    expect(await t.app.services.alarmNotifier.runOnce()).toBe(5);
    expect(await t.app.services.alarmNotifier.runOnce()).toBe(0);

    const outbox = path.join(t.config.dataDir, 'outbox', 'email');
    const mails = await Promise.all(
      (await readdir(outbox)).map(async (name) =>
        JSON.parse(await readFile(path.join(outbox, name), 'utf8')),
      ),
    );
    // One e-mail for the run: the two alarms within the limit, listed; the third held back.
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'duty@example.com',
      subject: '[APM] 2 alarms: offline on Lobby and 1 more',
    });
    expect(mails[0].text.split('\n').filter((l: string) => l.includes('Lobby'))).toHaveLength(2);

    // The webhook covers the shop only (the lobby is above it).
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toMatchObject({
      event: 'alarms.raised',
      alarms: [{ id: disk, type: 'diskFull', severity: 'warning', terminalName: 'Shop' }],
      rule: { name: 'Ticketing' },
    });

    const third = await api.get(`abnormalAlarm/abnormalAlarmClearDeail?id=${lobbyAlarms[2]}`, f.alarms);
    expect((third.body.data as { notifications: unknown[] }).notifications).toEqual([
      expect.objectContaining({ ruleName: 'Duty phone', channel: 'email', state: 'limited' }),
    ]);

    // A failing webhook is recorded with its answer.
    hookStatus = 500;
    const next = await raise(shop, f.offices.a1Shop.id, 'diskFull');
    await t.app.services.alarmNotifier.runOnce();
    const failed = await api.get(`abnormalAlarm/abnormalAlarmClearDeail?id=${next}`, f.alarms);
    expect((failed.body.data as { notifications: unknown[] }).notifications).toEqual([
      expect.objectContaining({ state: 'failed', error: 'the webhook answered HTTP 500' }),
    ]);
  });
});
