import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalCommands, terminals } from '../../src/db/schema/index.js';
import { positionOf } from '../../src/terminal/reported-location.js';
import { caller, claimDevice, consoleFixture, type Device } from '../modules/terminals/fixture.js';
import { STATUS, connect, listeningApp, type ChannelClient, type ListeningApp } from './channel-client.js';

type Sent = { batchId: string; count: number; commands: { id: number; terminalId: number; state: string }[] };

// "Auto get position": the console asks, the terminal answers with its position over the channel,
// and the server keeps it on the terminal row when the buffered acks are written.
describe('auto get position', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let first: Device;
  let second: Device;
  let foreign: Device;

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    const claim = (office: number, cookie: string, name: string) => claimDevice(t.app, cookie, office, name);
    first = await claim(f.offices.a1.id, f.a1, 'Position one');
    second = await claim(f.offices.a1.id, f.a1, 'Position two');
    foreign = await claim(f.offices.b.id, f.b, 'Position B');
  });
  afterAll(() => t.close());

  const online = async (device: Device): Promise<ChannelClient> => {
    const client = await connect(t, device.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    return client;
  };
  const positions = async (ids: number[]) => {
    await t.app.services.terminalCommands.flush();
    const rows = await t.db
      .select({ id: terminals.id, latitude: terminals.latitude, longitude: terminals.longitude })
      .from(terminals)
      .where(inArray(terminals.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, [r.latitude, r.longitude]]));
  };
  const ask = async (terminalIds: number[]) => {
    const res = await api.post('terminalSet/autoGetPosition', f.a1, { terminalIds });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Sent;
  };

  it('keeps the positions terminals report, several in one flush', async () => {
    const one = await online(first);
    const two = await online(second);
    const sent = await ask([first.terminalId, second.terminalId]);
    expect(sent.commands.map((c) => c.state)).toEqual(['queued', 'queued']);
    const c1 = await one.next('command');
    const c2 = await two.next('command');
    await t.app.services.terminalCommands.flush();
    const written = await t.db
      .select({ state: terminalCommands.state })
      .from(terminalCommands)
      .where(inArray(terminalCommands.id, [c1.commandId, c2.commandId]));
    expect(written.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(c1).toMatchObject({ name: 'reportLocation', params: {} });
    one.send({
      type: 'ack',
      commandId: c1.commandId,
      ok: true,
      result: { latitude: 45.4642, longitude: 9.19, accuracy: 25 },
    });
    two.send({
      type: 'ack',
      commandId: c2.commandId,
      ok: true,
      result: { latitude: -33.8688, longitude: 151.2093, accuracy: 40 },
    });
    await expect
      .poll(() => positions([first.terminalId, second.terminalId]))
      .toEqual({ [first.terminalId]: [45.4642, 9.19], [second.terminalId]: [-33.8688, 151.2093] });
    const [row] = await t.db.select().from(terminalCommands).where(eq(terminalCommands.id, c1.commandId));
    expect(row).toMatchObject({
      state: 'acked',
      result: { latitude: 45.4642, longitude: 9.19, accuracy: 25 },
    });
    one.close();
    two.close();
  });

  it('ignores failed answers, positions out of range, and coordinates in answers to other commands', async () => {
    const before = await positions([first.terminalId]);
    const client = await online(first);
    const acked = async (ack: { ok: boolean; result?: object; error?: string }) => {
      const command = await client.next('command');
      client.send({ type: 'ack', commandId: command.commandId, ...ack });
      await expect
        .poll(async () => {
          await t.app.services.terminalCommands.flush();
          const [r] = await t.db
            .select({ state: terminalCommands.state })
            .from(terminalCommands)
            .where(eq(terminalCommands.id, command.commandId));
          return r!.state;
        })
        .toBe(ack.ok ? 'acked' : 'failed');
    };
    await ask([first.terminalId]);
    await acked({ ok: false, error: 'geolocation denied by the user' });
    await ask([first.terminalId]);
    await acked({ ok: true, result: { latitude: 95, longitude: 10 } });
    await ask([first.terminalId]);
    await acked({ ok: true, result: { latitude: '10', longitude: 10 } });
    await ask([first.terminalId]);
    await acked({ ok: true, result: { latitude: 10, longitude: 10, accuracy: -1 } });
    const volume = await api.post('terminalSet/command', f.a1, {
      terminalIds: [first.terminalId],
      name: 'volume',
      params: { volume: 10 },
    });
    expect(volume.status).toBe(200);
    await acked({ ok: true, result: { volume: 10, latitude: 1, longitude: 2 } });
    expect(await positions([first.terminalId])).toEqual(before);
    client.close();
  });

  it('keeps the position of a terminal that answers after coming online', async () => {
    const sent = await ask([second.terminalId]);
    expect(sent.commands[0]!.state).toBe('queued');
    const client = await online(second);
    const command = await client.next('command');
    expect(command.name).toBe('reportLocation');
    client.send({
      type: 'ack',
      commandId: command.commandId,
      ok: true,
      result: { latitude: 0.5, longitude: -0.25 },
    });
    await expect.poll(() => positions([second.terminalId])).toEqual({ [second.terminalId]: [0.5, -0.25] });
    client.close();
  });

  it('writes the command rows before publishing them (a channel opening meanwhile finds its command)', async () => {
    const client = await online(first);
    const found: Promise<string | undefined>[] = [];
    const stop = t.app.services.terminalBus.subscribe((batch) => {
      for (const d of batch) {
        if (d.terminalId !== first.terminalId || d.message.type !== 'command') continue;
        const id = d.message.commandId;
        found.push(
          t.db
            .select({ state: terminalCommands.state })
            .from(terminalCommands)
            .where(eq(terminalCommands.id, id))
            .then(([row]) => row?.state),
        );
      }
    });
    try {
      await ask([first.terminalId]);
      expect(await Promise.all(found)).toEqual(['queued']);
      const command = await client.next('command');
      client.send({
        type: 'ack',
        commandId: command.commandId,
        ok: true,
        result: { latitude: 48.8566, longitude: 2.3522 },
      });
      await expect
        .poll(() => positions([first.terminalId]))
        .toEqual({ [first.terminalId]: [48.8566, 2.3522] });
    } finally {
      stop();
      client.close();
    }
  });

  it('needs the command permission and a terminal in scope, and sends nothing otherwise', async () => {
    const viewer = await api.post('terminalSet/autoGetPosition', f.viewer, {
      terminalIds: [first.terminalId],
    });
    expect(viewer.status).toBe(403);
    const other = await api.post('terminalSet/autoGetPosition', f.a1, { terminalIds: [foreign.terminalId] });
    expect(other.status).toBe(404);
    expect(other.body.msg).toMatch(/terminalIds/);
    const missing = await api.post('terminalSet/autoGetPosition', f.a1, {});
    expect(missing.status).toBe(400);
    const rows = await t.db
      .select({ id: terminalCommands.id })
      .from(terminalCommands)
      .where(eq(terminalCommands.terminalId, foreign.terminalId));
    expect(rows).toEqual([]);
  });
});

describe('positionOf', () => {
  it('accepts degrees in range and names the bad field otherwise', () => {
    expect(positionOf({ latitude: -90, longitude: 180, accuracy: 0 })).toEqual({
      latitude: -90,
      longitude: 180,
    });
    expect(positionOf({ latitude: 10, longitude: 20, accuracy: null })).toEqual({
      latitude: 10,
      longitude: 20,
    });
    expect(positionOf(null)).toMatch(/result/);
    expect(positionOf({ latitude: Number.NaN, longitude: 0 })).toMatch(/result\.latitude/);
    expect(positionOf({ latitude: 0, longitude: -180.5 })).toMatch(/result\.longitude/);
    expect(positionOf({ latitude: 0, longitude: 0, accuracy: 'near' })).toMatch(/result\.accuracy/);
  });
});
