import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalCommands } from '../../src/db/schema/index.js';
import {
  ChannelClient,
  claim,
  connect,
  listeningApp,
  register,
  type ListeningApp,
  type Registered,
} from './channel-client.js';

// The races the scale-out issue measured in one process, forced here: a command sent while its
// terminals' channels open (after a restart, presence says "online" before any channel is back)
// reaches every terminal exactly once, and is `sent` only once written to an open channel.
describe('command delivery races', () => {
  let t: ListeningApp;

  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  const states = async (ids: number[]) => {
    await t.app.services.terminalCommands.flush();
    const rows = await t.db
      .select({ id: terminalCommands.id, state: terminalCommands.state })
      .from(terminalCommands)
      .where(inArray(terminalCommands.id, ids));
    return rows.map((r) => r.state);
  };

  const claimed = async (count: number): Promise<Registered[]> => {
    const out: Registered[] = [];
    for (let i = 0; i < count; i++) {
      const reg = await register(t);
      await claim(t, reg.terminalId);
      out.push(reg);
    }
    return out;
  };

  it('leaves a command queued for a terminal that presence calls online but whose channel is not open, and delivers it when it opens', async () => {
    const [reg] = await claimed(1);
    // As after a restart: presence restored from the table says online; no channel yet.
    t.app.services.terminalPresence.connected(reg!.terminalId);
    const sent = await t.app.services.terminalCommands.send({
      terminalIds: [reg!.terminalId],
      name: 'volume',
      params: { volume: 20 },
      createdBy: null,
    });
    const id = sent.commands[0]!.id;
    expect(await states([id])).toEqual(['queued']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const client = await connect(t, reg!.token);
    expect((await client.next('command')).commandId).toBe(id);
    expect(await states([id])).toEqual(['sent']);
    client.send({ type: 'ack', commandId: id, ok: true, result: { volume: 20 } });
    await expect.poll(() => states([id])).toEqual(['acked']);
    client.close();
  });

  it('delivers a command sent while 40 channels open exactly once to each, over 5 rounds', async () => {
    const fleet = await claimed(40);
    for (let round = 0; round < 5; round++) {
      const clients = fleet.map((reg) => new ChannelClient(t.wsUrl(reg.token)));
      // The send starts at a different moment of the channels' opening each round.
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      const sent = await t.app.services.terminalCommands.send({
        terminalIds: fleet.map((r) => r.terminalId),
        name: 'refreshPrograms',
        createdBy: null,
      });
      const ids = new Map(sent.commands.map((c) => [c.terminalId, c.id]));
      const received = await Promise.all(
        clients.map(async (client, i) => {
          const command = await client.next('command', 5000);
          expect(command.commandId).toBe(ids.get(fleet[i]!.terminalId));
          return client;
        }),
      );
      // Nothing more arrives: the bus and the channel's row query do not both deliver it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const client of received) {
        expect(client.pending().filter((m) => m.type === 'command')).toEqual([]);
        const command = sent.commands.find(
          (c) => c.id === ids.get(fleet[received.indexOf(client)]!.terminalId),
        )!;
        client.send({ type: 'ack', commandId: command.id, ok: true });
      }
      await expect
        .poll(() => states(sent.commands.map((c) => c.id)))
        .toEqual(sent.commands.map(() => 'acked'));
      for (const client of clients) client.close();
      await Promise.all(clients.map((c) => c.closedWith()));
    }
  });

  it('does not send an answered command again on the same channel when its row query ran before the answer', async () => {
    const [reg] = await claimed(1);
    const first = await t.app.services.terminalCommands.send({
      terminalIds: [reg!.terminalId],
      name: 'reboot',
      createdBy: null,
    });
    const id = first.commands[0]!.id;
    const client = await connect(t, reg!.token);
    expect((await client.next('command')).commandId).toBe(id);
    client.send({ type: 'ack', commandId: id, ok: true });
    // The bus delivering it again (a second instance, a slow subscriber) changes nothing on this channel.
    t.app.services.terminalBus.publish([
      {
        terminalId: reg!.terminalId,
        message: {
          type: 'command',
          commandId: id,
          name: 'reboot',
          params: {},
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.pending().filter((m) => m.type === 'command')).toEqual([]);
    await expect.poll(() => states([id])).toEqual(['acked']);
    client.close();
  });
});
