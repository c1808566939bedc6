import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../helpers/app.js';
import { claim, connect, listeningApp, register, STATUS, type ListeningApp } from './channel-client.js';

const GiB = 1024 ** 3;

interface ListedAlarm {
  terminalId: number;
  type: string;
  detail: Record<string, unknown> | null;
  endedAt: string | null;
}

describe('status alarms over the channel', () => {
  let t: ListeningApp;
  let admin: string;

  beforeAll(async () => {
    t = await listeningApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const alarmsOf = async (terminalId: number, type: string): Promise<ListedAlarm[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/abnormalAlarm/abnormalAlarmList?terminalId=${terminalId}&type=${type}&pageSize=50`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { list: ListedAlarm[] }).list;
  };

  it('raises playError and clockDrift from heartbeats and ends them when the terminal recovers', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    const presence = t.app.services.terminalPresence;
    let seq = 0;
    const beat = async (extra: Record<string, unknown>) => {
      client.send({
        type: 'heartbeat',
        seq: ++seq,
        status: { ...STATUS, clock: new Date().toISOString(), ...extra },
      });
      await client.next('heartbeatAck');
    };
    await beat({
      playError: 'program 4: video: none of 1 file(s) could be played',
      clock: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    await presence.flush();
    expect(await alarmsOf(reg.terminalId, 'playError')).toEqual([
      expect.objectContaining({
        endedAt: null,
        detail: expect.objectContaining({ error: expect.stringContaining('video') }),
      }),
    ]);
    const [drift] = await alarmsOf(reg.terminalId, 'clockDrift');
    expect(drift).toMatchObject({ endedAt: null });
    expect(Number(drift!.detail!.skewMs)).toBeLessThan(-290_000);

    await beat({});
    await presence.flush();
    expect((await alarmsOf(reg.terminalId, 'playError'))[0]!.endedAt).not.toBeNull();
    expect((await alarmsOf(reg.terminalId, 'clockDrift'))[0]!.endedAt).not.toBeNull();
    client.close();
  });

  it('raises diskFull on a full-disk heartbeat (once) and ends it on a recovered one', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    const presence = t.app.services.terminalPresence;
    let seq = 0;
    const beat = async (free: number) => {
      client.send({ type: 'heartbeat', seq: ++seq, status: { ...STATUS, disk: { free, total: 64 * GiB } } });
      await client.next('heartbeatAck');
    };

    await beat(32 * GiB);
    await presence.flush();
    expect(await alarmsOf(reg.terminalId, 'diskFull')).toHaveLength(0);

    await beat(100 * 1024 * 1024);
    await beat(90 * 1024 * 1024);
    await presence.flush();
    let alarms = await alarmsOf(reg.terminalId, 'diskFull');
    expect(alarms).toHaveLength(1);
    // The detail keeps the reading that raised it.
    expect(alarms[0]).toMatchObject({ endedAt: null, detail: { free: 100 * 1024 * 1024 } });

    // Above 5% again but not clear of the recovery margin: still open, still one.
    await beat(4 * GiB);
    await presence.flush();
    alarms = await alarmsOf(reg.terminalId, 'diskFull');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.endedAt).toBeNull();

    await beat(20 * GiB);
    await presence.flush();
    alarms = await alarmsOf(reg.terminalId, 'diskFull');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.endedAt).not.toBeNull();
    client.close();
  });

  it('raises downloadFailed per material from progress errors and ends it when the download completes', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    const presence = t.app.services.terminalPresence;
    client.send({
      type: 'progress',
      items: [
        { materialId: 11, received: 0, total: 500, error: 'HTTP 503' },
        { materialId: 12, received: 0, total: 500, error: 'timeout' },
      ],
    });
    client.send({ type: 'progress', items: [{ materialId: 11, received: 0, total: 500, error: 'again' }] });
    // The heartbeat ack orders the test after the progress messages were handled.
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    await presence.flush();
    let alarms = await alarmsOf(reg.terminalId, 'downloadFailed');
    expect(alarms.map((a) => a.detail).sort((a, b) => Number(a!.materialId) - Number(b!.materialId))).toEqual(
      [
        { materialId: 11, error: 'HTTP 503' },
        { materialId: 12, error: 'timeout' },
      ],
    );

    client.send({ type: 'progress', items: [{ materialId: 11, received: 500, total: 500 }] });
    client.send({ type: 'heartbeat', seq: 2, status: STATUS });
    await client.next('heartbeatAck');
    await presence.flush();
    alarms = await alarmsOf(reg.terminalId, 'downloadFailed');
    const open = alarms.filter((a) => a.endedAt === null).map((a) => a.detail!.materialId);
    expect(open).toEqual([12]);

    // All the manifest is in the cache: material 12 left the manifest, its alarm ends.
    client.send({ type: 'heartbeat', seq: 3, status: { ...STATUS, downloads: { done: 4, total: 4 } } });
    await client.next('heartbeatAck');
    await presence.flush();
    alarms = await alarmsOf(reg.terminalId, 'downloadFailed');
    expect(alarms.every((a) => a.endedAt !== null)).toBe(true);
    client.close();
  });

  it('ends alarms left open when the server stopped, once the terminal recovers', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    const presence = t.app.services.terminalPresence;
    client.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, disk: { free: 0, total: 64 * GiB } } });
    client.send({ type: 'progress', items: [{ materialId: 21, received: 0, total: 9, error: 'gone' }] });
    client.send({ type: 'heartbeat', seq: 2, status: { ...STATUS, disk: { free: 0, total: 64 * GiB } } });
    await client.next('heartbeatAck');
    await client.next('heartbeatAck');
    await presence.flush();
    client.close();
    expect((await alarmsOf(reg.terminalId, 'diskFull')).map((a) => a.endedAt)).toEqual([null]);

    // A new presence (as after a restart) learns which alarms are open from the table.
    const { TerminalPresence } = await import('../../src/terminal/presence.js');
    const fresh = new TerminalPresence(t.db, { offlineSeconds: 60 });
    await fresh.start(t.app.log);
    try {
      fresh.heartbeat(reg.terminalId, { ...STATUS, disk: { free: 0, total: 64 * GiB } });
      await fresh.flush();
      expect(await alarmsOf(reg.terminalId, 'diskFull')).toHaveLength(1);
      fresh.heartbeat(reg.terminalId, {
        ...STATUS,
        disk: { free: 30 * GiB, total: 64 * GiB },
        downloads: { done: 1, total: 1 },
      });
      await fresh.flush();
    } finally {
      await fresh.stop();
    }
    for (const type of ['diskFull', 'downloadFailed']) {
      const alarms = await alarmsOf(reg.terminalId, type);
      expect(alarms, type).toHaveLength(1);
      expect(alarms[0]!.endedAt, type).not.toBeNull();
    }
  });

  it('raises no status alarm for a pending terminal', async () => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    client.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, disk: { free: 0, total: 64 * GiB } } });
    await client.next('heartbeatAck');
    await t.app.services.terminalPresence.flush();
    expect(await alarmsOf(reg.terminalId, 'diskFull')).toHaveLength(0);
    client.close();
  });
});
