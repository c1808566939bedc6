import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { abnormalAlarms, terminals } from '../../../src/db/schema/index.js';
import { STATUS, connect, listeningApp, type ListeningApp } from '../../terminal/channel-client.js';
import { programDoc } from '../programs/fixture.js';
import { addRole, addUser, PASSWORD } from '../users/fixture.js';
import { login } from '../../helpers/app.js';
import { caller, claimDevice, consoleFixture, type Device } from './fixture.js';

type Delivery = {
  commandId: number;
  state: string;
  result: Record<string, unknown> | null;
  error: string | null;
};
type SettingsState = {
  heartbeatSeconds: number;
  offlineSeconds: number;
  terminals: {
    id: number;
    settings: Record<string, unknown>;
    reportedVolume: number | null;
    deliveries: Record<string, Delivery | undefined>;
  }[];
};

describe('terminal settings and info pages: display settings, volume messages, operations', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let online: Device;
  let shop: Device;
  let foreign: Device;
  /** A user who may see the settings page but not change it. */
  let settingsViewer: string;
  const programIds: number[] = [];

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    online = await claimDevice(t.app, f.a1, f.offices.a1.id, 'Lobby');
    shop = await claimDevice(t.app, f.a1, f.offices.a1Shop.id, 'Shop');
    foreign = await claimDevice(t.app, f.b, f.offices.b.id, 'B screen');
    const role = await addRole(t.db, 'settingsViewA1', f.offices.a1.id, ['terminal:settings:view']);
    await addUser(t.db, 'a1settingsview', f.offices.a1.id, [role]);
    settingsViewer = await login(t.app, 'a1settingsview', PASSWORD);
    for (const name of ['First', 'Second']) {
      const saved = await api.post('program/save', f.a1, { document: programDoc(name) });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const id = (saved.body.data as { id: number }).id;
      programIds.push(id);
      const pub = await api.post('publishProgram/saveTerminals', f.a1, {
        programId: id,
        terminalIds: [online.terminalId],
      });
      expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    }
  });
  afterAll(() => t.close());

  const state = async (ids: number[], cookie = f.a1) => {
    const res = await api.get(`terminalSet/settingsState?terminalIds=${ids.join(',')}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as SettingsState;
  };

  it('pushes display settings: kept, sent as displaySettings, pending until acked, then applied with what could not be', async () => {
    const client = await connect(t, online.token);
    client.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, volume: 40 } });
    await client.next('heartbeatAck');
    const res = await api.post('terminalSet/displaySet', f.a1, {
      terminalIds: [online.terminalId, shop.terminalId],
      brightness: 60,
      rotation: 90,
      downloadWindow: { start: '01:00', end: '05:00' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as { count: number }).count).toBe(2);
    const command = await client.next('command');
    expect(command).toMatchObject({
      name: 'displaySettings',
      params: { brightness: 60, rotation: 90, downloadWindow: { start: '01:00', end: '05:00' } },
    });
    let s = await state([online.terminalId, shop.terminalId]);
    expect(s.heartbeatSeconds).toBeGreaterThan(0);
    expect(s.terminals[0]!.settings).toMatchObject({ brightness: 60, rotation: 90 });
    expect(s.terminals[0]!.reportedVolume).toBe(40);
    expect(s.terminals[0]!.deliveries.displaySettings?.state).toBe('sent');
    expect(s.terminals[1]!.deliveries.displaySettings?.state).toBe('queued');
    client.send({
      type: 'ack',
      commandId: command.commandId,
      ok: true,
      result: { applied: ['brightness', 'rotation'], unsupported: ['downloadWindow'] },
    });
    for (let i = 0; i < 50 && s.terminals[0]!.deliveries.displaySettings?.state !== 'acked'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      s = await state([online.terminalId]);
    }
    expect(s.terminals[0]!.deliveries.displaySettings).toMatchObject({
      state: 'acked',
      result: { unsupported: ['downloadWindow'] },
    });
    // Re-sent on connect: the welcome carries them.
    client.close();
    const again = await connect(t, online.token);
    const welcome = again.welcome!;
    expect(welcome.settings).toMatchObject({
      brightness: 60,
      rotation: 90,
      downloadWindow: { start: '01:00', end: '05:00' },
    });
    again.close();
    // A null window clears it.
    expect(
      (
        await api.post('terminalSet/displaySet', f.a1, {
          terminalIds: [shop.terminalId],
          downloadWindow: null,
        })
      ).status,
    ).toBe(200);
    expect((await state([shop.terminalId])).terminals[0]!.settings.downloadWindow).toBeUndefined();
  });

  it('refuses bad display settings naming the field, foreign terminals (404) and viewers (403)', async () => {
    const bad = async (body: object, field: string) => {
      const res = await api.post('terminalSet/displaySet', f.a1, {
        terminalIds: [online.terminalId],
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await bad({}, 'brightness');
    await bad({ brightness: 5 }, 'brightness');
    await bad({ rotation: 45 }, 'rotation');
    await bad({ downloadWindow: { start: '25:00', end: '01:00' } }, 'downloadWindow');
    await bad({ downloadWindow: { start: '01:00', end: '01:00' } }, 'downloadWindow');
    await bad({ screenshotIntervalMinutes: -1 }, 'screenshotIntervalMinutes');
    const foreignRes = await api.post('terminalSet/displaySet', f.a1, {
      terminalIds: [foreign.terminalId],
      brightness: 50,
    });
    expect(foreignRes.status).toBe(404);
    expect((await api.get(`terminalSet/settingsState?terminalIds=${foreign.terminalId}`, f.a1)).status).toBe(
      404,
    );
    expect((await api.get('terminalSet/settingsState?terminalIds=x', f.a1)).status).toBe(400);
    expect(
      (
        await api.post('terminalSet/displaySet', settingsViewer, {
          terminalIds: [online.terminalId],
          brightness: 50,
        })
      ).status,
    ).toBe(403);
    expect(
      (await api.get(`terminalSet/settingsState?terminalIds=${online.terminalId}`, settingsViewer)).status,
    ).toBe(200);
  });

  it('answers volume messages: the set and reported volume, by source, and the history of volume commands', async () => {
    const set = await api.post('terminalSet/terminalSet', f.a1, {
      terminalIds: [online.terminalId],
      volume: 35,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const vol = await api.get(`terminalSet/getVolMsg?terminalId=${online.terminalId}`, f.a1);
    expect(vol.status, JSON.stringify(vol.body)).toBe(200);
    expect(vol.body.data).toMatchObject({
      terminalId: online.terminalId,
      name: 'Lobby',
      setting: 35,
      lastCommand: { params: { volume: 35 } },
    });
    const bySource = await api.get(`terminalSet/getVolMsgByType?terminalId=${online.terminalId}`, f.a1);
    expect(bySource.body.data).toEqual({
      terminalId: online.terminalId,
      manual: 35,
      strategy: null,
      default: 100,
    });
    const list = await api.get(`terminalSet/volList?terminalId=${online.terminalId}&pageSize=5`, f.a1);
    expect(list.status).toBe(200);
    const page = list.body.data as {
      count: number;
      list: { volume: number; terminalName: string; createdBy: string | null }[];
    };
    expect(page.count).toBe(1);
    expect(page.list[0]).toMatchObject({ volume: 35, terminalName: 'Lobby' });
    expect((await api.get('terminalSet/volList', f.a1)).status).toBe(200);
    // B sees none of A1's.
    expect(((await api.get('terminalSet/volList', f.b)).body.data as { count: number }).count).toBe(0);
    for (const path of ['getVolMsg', 'getVolMsgByType', 'volList']) {
      expect((await api.get(`terminalSet/${path}?terminalId=${foreign.terminalId}`, f.a1)).status).toBe(404);
      expect((await api.get(`terminalSet/${path}?terminalId=abc`, f.a1)).status).toBe(400);
      expect((await api.get(`terminalSet/${path}?terminalId=${online.terminalId}`, f.alarms)).status).toBe(
        403,
      );
    }
    expect((await api.get('terminalSet/getVolMsg', f.a1)).status).toBe(400);
  });

  it('republishes programs (refreshPrograms to each terminal) and refuses foreign ones', async () => {
    const client = await connect(t, online.token);
    const res = await api.post('terminalSet/republishProgram', f.a1, { terminalIds: [online.terminalId] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Commands queued while it was away (the volume) come first.
    let command = await client.next('command');
    while (command.name !== 'refreshPrograms') command = await client.next('command');
    expect(command.params).toEqual({});
    client.close();
    expect(
      (await api.post('terminalSet/republishProgram', f.a1, { terminalIds: [foreign.terminalId] })).status,
    ).toBe(404);
    expect((await api.post('terminalSet/republishProgram', f.a1, {})).status).toBe(400);
    expect(
      (await api.post('terminalSet/republishProgram', f.viewer, { terminalIds: [online.terminalId] })).status,
    ).toBe(403);
  });

  it('reads and sets the program play queue', async () => {
    const read = async () => {
      const res = await api.get(`terminalSet/programPlayQueue?terminalId=${online.terminalId}`, f.a1);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { programs: { id: number; position: number }[]; plans: unknown[] };
    };
    expect((await read()).programs.map((p) => p.id)).toEqual(programIds);
    const reversed = [...programIds].reverse();
    const set = await api.post('terminalSet/programPlayQueue', f.a1, {
      terminalId: online.terminalId,
      programIds: reversed,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await read()).programs.map((p) => p.id)).toEqual(reversed);
    const bad = async (ids: number[]) => {
      const res = await api.post('terminalSet/programPlayQueue', f.a1, {
        terminalId: online.terminalId,
        programIds: ids,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('programIds');
    };
    await bad([programIds[0]!]);
    await bad([programIds[0]!, programIds[0]!]);
    await bad([...programIds, 999_999]);
    expect(
      (await api.get(`terminalSet/programPlayQueue?terminalId=${foreign.terminalId}`, f.a1)).status,
    ).toBe(404);
    expect(
      (
        await api.post('terminalSet/programPlayQueue', settingsViewer, {
          terminalId: online.terminalId,
          programIds,
        })
      ).status,
    ).toBe(403);
  });

  it('answers the app version and the last app update', async () => {
    const none = await api.get(`terminalSet/apkUpdateInfo?terminalId=${shop.terminalId}`, f.a1);
    expect(none.body.data).toMatchObject({
      terminalId: shop.terminalId,
      appVersion: '1.2.3',
      lastUpdate: null,
    });
    const sent = await api.post('terminalSet/sendApkUpdate', f.a1, {
      terminalIds: [shop.terminalId],
      url: 'https://example.com/app.apk',
      version: '2.0.0',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const info = await api.get(`terminalSet/apkUpdateInfo?terminalId=${shop.terminalId}`, f.a1);
    expect(info.body.data).toMatchObject({ lastUpdate: { version: '2.0.0', state: 'queued' } });
    expect((await api.get(`terminalSet/apkUpdateInfo?terminalId=${foreign.terminalId}`, f.a1)).status).toBe(
      404,
    );
  });

  it('counts what is published to a terminal, a group or an office (GET and POST)', async () => {
    const one = await api.get(`terminalSet/publishCounts?terminalId=${online.terminalId}`, f.a1);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({ terminals: 1, programs: 2, plans: 0, messages: 0 });
    const office = await api.post('terminalSet/publishCounts', f.a1, { officeId: f.offices.a1.id });
    expect(office.body.data).toMatchObject({ terminals: 2, programs: 2, publications: { programs: 2 } });
    expect((await api.get('terminalSet/publishCounts', f.a1)).status).toBe(400);
    expect(
      (
        await api.get(
          `terminalSet/publishCounts?terminalId=${online.terminalId}&officeId=${f.offices.a1.id}`,
          f.a1,
        )
      ).status,
    ).toBe(400);
    expect((await api.get(`terminalSet/publishCounts?officeId=${f.offices.b.id}`, f.a1)).status).toBe(404);
    expect(
      (await api.post('terminalSet/publishCounts', f.alarms, { terminalId: online.terminalId })).status,
    ).toBe(403);
  });

  it('derives online periods from offline alarms', async () => {
    const now = Date.now();
    await t.db
      .update(terminals)
      .set({ claimedAt: new Date(now - 2 * 86_400_000) })
      .where(eq(terminals.id, shop.terminalId));
    await t.db.insert(abnormalAlarms).values({
      terminalId: shop.terminalId,
      officeId: f.offices.a1Shop.id,
      type: 'offline',
      detail: { lastSeenAt: new Date(now - 3_600_000).toISOString() },
      raisedAt: new Date(now - 3_500_000),
      endedAt: new Date(now - 1_800_000),
    });
    const res = await api.get(`terminal/onlinePeriods?terminalId=${shop.terminalId}&days=1`, f.a1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as {
      offlinePeriods: { from: string; to: string }[];
      onlinePeriods: { from: string; to: string | null }[];
    };
    expect(data.offlinePeriods).toHaveLength(1);
    expect(res.body.data).toHaveProperty('networkAddress');
    expect(Date.parse(data.offlinePeriods[0]!.from)).toBe(now - 3_600_000);
    expect(data.onlinePeriods).toHaveLength(2);
    expect(Date.parse(data.onlinePeriods[0]!.from)).toBe(now - 1_800_000);
    expect((await api.get(`terminal/onlinePeriods?terminalId=${shop.terminalId}&days=91`, f.a1)).status).toBe(
      400,
    );
    expect((await api.get(`terminal/onlinePeriods?terminalId=${foreign.terminalId}`, f.a1)).status).toBe(404);
    expect((await api.get(`terminal/onlinePeriods?terminalId=${shop.terminalId}`, f.alarms)).status).toBe(
      403,
    );
  });
});
