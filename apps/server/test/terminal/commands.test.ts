import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalCommands } from '../../src/db/schema/index.js';
import { claim, connect, listeningApp, register, type ListeningApp } from './channel-client.js';

describe('terminal commands', () => {
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
    return Object.fromEntries(rows.map((r) => [r.id, r.state]));
  };

  it('refuses unknown names, bad params, bad ttl and unknown terminals with 400 naming the field', async () => {
    const reg = await register(t);
    const { terminalCommands: commands } = t.app.services;
    const base = { terminalIds: [reg.terminalId], createdBy: null };
    await expect(commands.send({ ...base, name: 'explode' as 'reboot' })).rejects.toThrow(
      /name must be one of/,
    );
    await expect(commands.send({ ...base, name: 'volume', params: { volume: 101 } })).rejects.toThrow(
      /params\.volume/,
    );
    await expect(commands.send({ ...base, name: 'volume', params: {} })).rejects.toThrow(/volume/);
    await expect(
      commands.send({
        ...base,
        name: 'powerSchedule',
        params: { entries: [{ weekdays: [1], on: '25:00', off: '08:00' }] },
      }),
    ).rejects.toThrow(/params\.entries\.0\.on/);
    await expect(commands.send({ ...base, name: 'reboot', ttlSeconds: 0 })).rejects.toThrow(/ttlSeconds/);
    await expect(
      commands.send({ terminalIds: [reg.terminalId, 999_999], name: 'reboot', createdBy: null }),
    ).rejects.toThrow(/terminalIds: no terminal 999999/);
    await expect(commands.send({ terminalIds: [], name: 'reboot', createdBy: null })).rejects.toThrow(
      /terminalIds/,
    );
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(terminalCommands);
    expect(count!.n).toBe(0);
  });

  it('writes every command queued, marks it sent when written to an open channel, and leaves offline ones queued', async () => {
    const online = await register(t);
    const offline = await register(t);
    await claim(t, online.terminalId);
    await claim(t, offline.terminalId);
    const client = await connect(t, online.token);
    const sent = await t.app.services.terminalCommands.send({
      terminalIds: [online.terminalId, offline.terminalId],
      name: 'volume',
      params: { volume: 40 },
      createdBy: null,
    });
    expect(sent.commands.map((c) => [c.terminalId, c.state])).toEqual([
      [online.terminalId, 'queued'],
      [offline.terminalId, 'queued'],
    ]);
    const rows = await t.db.select().from(terminalCommands).where(eq(terminalCommands.batchId, sent.batchId));
    expect(rows).toHaveLength(2);
    const command = await client.next('command');
    expect(command).toMatchObject({
      name: 'volume',
      params: { volume: 40 },
      commandId: sent.commands[0]!.id,
    });
    const offlineId = sent.commands[1]!.id;
    expect(await states([command.commandId, offlineId])).toEqual({
      [command.commandId]: 'sent',
      [offlineId]: 'queued',
    });
    client.send({ type: 'ack', commandId: command.commandId, ok: false, error: 'muted by policy' });
    await expect.poll(() => states([command.commandId])).toEqual({ [command.commandId]: 'failed' });
    const [failed] = await t.db
      .select()
      .from(terminalCommands)
      .where(eq(terminalCommands.id, command.commandId));
    expect(failed).toMatchObject({ error: 'muted by policy' });
    expect(failed!.doneAt).not.toBeNull();
    client.close();
  });

  it('delivers queued commands in order when the terminal connects, and again if unanswered', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const { terminalCommands: commands } = t.app.services;
    const one = await commands.send({ terminalIds: [reg.terminalId], name: 'reboot', createdBy: null });
    const two = await commands.send({
      terminalIds: [reg.terminalId],
      name: 'volume',
      params: { volume: 5 },
      createdBy: null,
    });
    const ids = [one.commands[0]!.id, two.commands[0]!.id];
    expect(await states(ids)).toEqual({ [ids[0]!]: 'queued', [ids[1]!]: 'queued' });

    const first = await connect(t, reg.token);
    expect((await first.next('command')).commandId).toBe(ids[0]);
    expect((await first.next('command')).commandId).toBe(ids[1]);
    expect(await states(ids)).toEqual({ [ids[0]!]: 'sent', [ids[1]!]: 'sent' });
    first.send({ type: 'ack', commandId: ids[0], ok: true });
    // The ack is buffered (not yet written): a reconnect must not get the answered command again.
    first.close();
    await first.closedWith();
    const second = await connect(t, reg.token);
    const again = await second.next('command');
    expect(again.commandId).toBe(ids[1]);
    expect(second.pending().filter((m) => m.type === 'command')).toEqual([]);
    second.send({ type: 'ack', commandId: ids[1], ok: true, result: { volume: 5 } });
    await expect.poll(() => states(ids)).toEqual({ [ids[0]!]: 'acked', [ids[1]!]: 'acked' });
    second.close();
  });

  it('gives pending terminals no commands until they are claimed', async () => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    const sent = await t.app.services.terminalCommands.send({
      terminalIds: [reg.terminalId],
      name: 'refreshPrograms',
      createdBy: null,
    });
    expect(sent.commands[0]!.state).toBe('queued');
    await claim(t, reg.terminalId);
    await client.next('claimed');
    expect((await client.next('command')).commandId).toBe(sent.commands[0]!.id);
    client.close();
  });

  it('expires queued commands whose time passed', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const sent = await t.app.services.terminalCommands.send({
      terminalIds: [reg.terminalId],
      name: 'clearPrograms',
      createdBy: null,
      ttlSeconds: 1,
    });
    const id = sent.commands[0]!.id;
    await new Promise((r) => setTimeout(r, 1100));
    expect(await states([id])).toEqual({ [id]: 'expired' });
    const client = await connect(t, reg.token);
    client.send({
      type: 'heartbeat',
      seq: 1,
      status: { playing: { kind: 'idle' }, volume: 1, appVersion: '1', clock: 'x', resolution: '1x1' },
    });
    await client.next('heartbeatAck');
    expect(client.pending().some((m) => m.type === 'command')).toBe(false);
    client.close();
  });
});
