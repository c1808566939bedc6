import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms, terminalCommands, terminals } from '../../src/db/schema/index.js';
import { initSystem } from '../helpers/app.js';
import { asListening, startTestCluster, type TestCluster } from '../helpers/cluster.js';
import { claim, connect, register, STATUS, type ListeningApp } from '../terminal/channel-client.js';

describe('cluster: terminals', () => {
  let cluster: TestCluster;
  let a: ListeningApp;
  let b: ListeningApp;

  beforeAll(async () => {
    cluster = await startTestCluster(2, { APM_TERMINAL_OFFLINE_SECONDS: '2' });
    [a, b] = cluster.instances.map(asListening) as [ListeningApp, ListeningApp];
    await initSystem(a.app);
  });
  afterAll(() => cluster?.close());

  const states = async (ids: number[]) => {
    await Promise.all([a, b].map((i) => i.app.services.terminalCommands.flush()));
    const rows = await a.db
      .select({ state: terminalCommands.state })
      .from(terminalCommands)
      .where(inArray(terminalCommands.id, ids));
    return rows.map((r) => r.state);
  };

  it('a command sent through B reaches the terminal on A, is marked sent and acked, and B sees its live status', async () => {
    const reg = await register(b);
    await claim(b, reg.terminalId);
    const client = await connect(a, reg.token);
    expect(client.welcome!.state).toBe('claimed');
    client.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, volume: 64 } });
    await client.next('heartbeatAck');

    const sent = await b.app.services.terminalCommands.send({
      terminalIds: [reg.terminalId],
      name: 'volume',
      params: { volume: 30 },
      createdBy: null,
    });
    const command = await client.next('command');
    expect(command.commandId).toBe(sent.commands[0]!.id);
    expect(await states([command.commandId])).toEqual(['sent']);
    client.send({ type: 'ack', commandId: command.commandId, ok: true, result: { volume: 30 } });
    await expect.poll(() => states([command.commandId])).toEqual(['acked']);

    // A publishes what it holds at its flush; B reads it from there.
    await a.app.services.terminalPresence.flush();
    const [live] = await b.app.services.terminalPresence.live([reg.terminalId]);
    expect(live).toMatchObject({ online: true, status: { volume: 30 } });
    client.close();
  });

  it('a terminal that moves from A to B stays online whichever instance writes last', async () => {
    const reg = await register(a);
    await claim(a, reg.terminalId);
    const onA = await connect(a, reg.token);
    await a.app.services.terminalPresence.flush();
    const onB = await connect(b, reg.token);
    onB.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await onB.next('heartbeatAck');
    await b.app.services.terminalPresence.flush();
    // A learns of the close after B's connect and writes last: its older record must not win.
    onA.close();
    await onA.closedWith();
    await expect
      .poll(async () => (await a.app.services.terminalPresence.live([reg.terminalId]))[0]!.online)
      .toBe(true);
    await a.app.services.terminalPresence.flush();
    const [fromA] = await a.app.services.terminalPresence.live([reg.terminalId]);
    expect(fromA!.online).toBe(true);
    const [row] = await a.db
      .select({ online: terminals.online })
      .from(terminals)
      .where(eq(terminals.id, reg.terminalId));
    expect(row!.online).toBe(true);
    onB.close();
  });

  it('a full-disk alarm raised while the terminal was on A is ended by B when its disk recovers there', async () => {
    const GiB = 1024 ** 3;
    const reg = await register(a);
    await claim(a, reg.terminalId);
    const diskAlarms = () =>
      a.db
        .select({ endedAt: abnormalAlarms.endedAt })
        .from(abnormalAlarms)
        .where(and(eq(abnormalAlarms.terminalId, reg.terminalId), eq(abnormalAlarms.type, 'diskFull')));
    const onA = await connect(a, reg.token);
    onA.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, disk: { free: GiB / 10, total: 64 * GiB } } });
    await onA.next('heartbeatAck');
    await a.app.services.terminalPresence.flush();
    expect(await diskAlarms()).toEqual([{ endedAt: null }]);
    onA.close();
    await onA.closedWith();

    const onB = await connect(b, reg.token);
    await b.app.services.terminalPresence.flush();
    onB.send({ type: 'heartbeat', seq: 2, status: { ...STATUS, disk: { free: 32 * GiB, total: 64 * GiB } } });
    await onB.next('heartbeatAck');
    await b.app.services.terminalPresence.flush();
    const [alarm] = await diskAlarms();
    expect(alarm!.endedAt).not.toBeNull();
    onB.close();
  });

  it('the leader raises one offline alarm for a terminal silent on the other instance', async () => {
    const leader = [a, b].find((i) => i.app.services.leader.isLeader())!;
    const other = leader === a ? b : a;
    const reg = await register(other);
    await claim(other, reg.terminalId);
    const client = await connect(other, reg.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    // No more heartbeats: the other instance closes the channel; the leader raises the alarm.
    await client.closedWith(10_000);
    await expect
      .poll(() => a.db.select().from(abnormalAlarms).where(eq(abnormalAlarms.terminalId, reg.terminalId)), {
        timeout: 15_000,
        interval: 250,
      })
      .toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(
      await a.db.select().from(abnormalAlarms).where(eq(abnormalAlarms.terminalId, reg.terminalId)),
    ).toHaveLength(1);
    const [live] = await leader.app.services.terminalPresence.live([reg.terminalId]);
    expect(live!.online).toBe(false);
  });
});
