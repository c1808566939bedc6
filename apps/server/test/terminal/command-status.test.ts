import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../src/db/schema/index.js';
import { statusChangeOf } from '../../src/terminal/command-status.js';
import { claim, connect, listeningApp, register, STATUS, type ListeningApp } from './channel-client.js';

describe('status changed by acknowledged commands', () => {
  it('takes the volume the terminal set, else the one asked for; other commands change nothing', () => {
    expect(statusChangeOf('volume', { volume: 40 }, { volume: 35 })).toEqual({ volume: 35 });
    expect(statusChangeOf('volume', { volume: 40 }, {})).toEqual({ volume: 40 });
    expect(statusChangeOf('volume', { volume: 40 }, undefined)).toEqual({ volume: 40 });
    expect(statusChangeOf('volume', { volume: 40 }, { volume: 'loud' })).toEqual({ volume: 40 });
    expect(statusChangeOf('volume', {}, { volume: 101 })).toBeNull();
    expect(statusChangeOf('reboot', {}, { volume: 10 })).toBeNull();
  });

  describe('on the channel', () => {
    let t: ListeningApp;
    beforeAll(async () => {
      t = await listeningApp();
    });
    afterAll(() => t.close());

    const liveVolume = async (id: number) =>
      (await t.app.services.terminalPresence.liveStatus([id]))[0]!.status?.volume;

    it('shows the new volume as soon as the volume command is acknowledged, before any heartbeat', async () => {
      const reg = await register(t);
      await claim(t, reg.terminalId);
      const client = await connect(t, reg.token);
      client.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, volume: 50 } });
      await client.next('heartbeatAck');
      await t.app.services.terminalPresence.flush();
      const { terminalCommands: commands } = t.app.services;

      await commands.send({
        terminalIds: [reg.terminalId],
        name: 'volume',
        params: { volume: 10 },
        createdBy: null,
      });
      const refused = await client.next('command');
      client.send({ type: 'ack', commandId: refused.commandId, ok: false, error: 'muted by policy' });

      await commands.send({
        terminalIds: [reg.terminalId],
        name: 'volume',
        params: { volume: 80 },
        createdBy: null,
      });
      const command = await client.next('command');
      client.send({ type: 'ack', commandId: command.commandId, ok: true, result: { volume: 80 } });
      // The refused command changed nothing; the acknowledged one shows at once, without a heartbeat.
      await expect.poll(() => liveVolume(reg.terminalId)).toBe(80);

      // The table gets it with the next heartbeat's write (a fleet's acks come in one burst), also
      // when that heartbeat reports just what the command changed; one that differs is written too.
      const tableVolume = async () => {
        await t.app.services.terminalPresence.flush();
        const [row] = await t.db
          .select({ status: terminals.status })
          .from(terminals)
          .where(eq(terminals.id, reg.terminalId));
        return row?.status?.volume;
      };
      expect(await tableVolume()).toBe(50);
      client.send({ type: 'heartbeat', seq: 2, status: { ...STATUS, volume: 80 } });
      await client.next('heartbeatAck');
      expect(await tableVolume()).toBe(80);
      client.send({ type: 'heartbeat', seq: 3, status: { ...STATUS, volume: 30 } });
      await client.next('heartbeatAck');
      expect(await tableVolume()).toBe(30);
      client.close();
    });
  });
});
