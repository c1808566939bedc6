import type { CommandName, ServerMessage } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { AckLog, CommandRefused, NOT_SUPPORTED, runCommand, type CommandHandlers } from '../src/commands.js';

type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

const future = new Date(Date.now() + 3600_000).toISOString();
const command = (name: string, params: Record<string, unknown>, commandId = 7): CommandMessage => ({
  type: 'command',
  commandId,
  name: name as CommandName,
  params,
  expiresAt: future,
});

/** Handlers that record what they were called with. */
function recording() {
  const calls: { name: string; params: unknown; id: number }[] = [];
  const handler =
    (name: string, result: Record<string, unknown> = {}) =>
    async (params: unknown, id: number) => {
      calls.push({ name, params, id });
      return result;
    };
  const handlers: CommandHandlers = {
    reboot: handler('reboot'),
    screenshot: handler('screenshot', { screenshotId: 41 }),
    playProgram: async ({ programId }) => {
      if (programId !== 3) throw new CommandRefused(`program ${programId} is not published to this terminal`);
      return { programId };
    },
    playMessage: async () => {
      throw new CommandRefused(NOT_SUPPORTED);
    },
    showMessage: handler('showMessage', { showing: true }),
    stopMessage: handler('stopMessage', { stopped: true, showing: false }),
    clearPrograms: handler('clearPrograms'),
    refreshPrograms: handler('refreshPrograms'),
    clearCache: handler('clearCache'),
    deleteFiles: handler('deleteFiles'),
    volume: handler('volume'),
    powerSchedule: handler('powerSchedule'),
    setLocation: handler('setLocation'),
    reportLocation: handler('reportLocation'),
    applyStrategy: handler('applyStrategy', { revision: 1, unsupported: [] }),
    displaySettings: handler('displaySettings', { applied: [], unsupported: [] }),
    updateApp: async () => {
      throw new Error('boom');
    },
  };
  return { calls, handlers };
}

describe('runCommand', () => {
  it('runs the handler and acknowledges with its result', async () => {
    const { calls, handlers } = recording();
    const ack = await runCommand(command('screenshot', {}, 12), handlers);
    expect(ack).toEqual({ type: 'ack', commandId: 12, ok: true, result: { screenshotId: 41 } });
    expect(calls).toEqual([{ name: 'screenshot', params: {}, id: 12 }]);
  });

  it('passes checked params on', async () => {
    const { calls, handlers } = recording();
    const ack = await runCommand(command('volume', { volume: 35 }), handlers);
    expect(ack.ok).toBe(true);
    expect(calls[0]!.params).toEqual({ volume: 35 });
  });

  it('refuses params the contract does not allow, naming the field, without running anything', async () => {
    const { calls, handlers } = recording();
    const ack = await runCommand(command('volume', { volume: 140 }), handlers);
    expect(ack.ok).toBe(false);
    expect(ack.error).toMatch(/volume/);
    const schedule = await runCommand(
      command('powerSchedule', { entries: [{ weekdays: [1], on: '25:00', off: '08:00' }] }),
      handlers,
    );
    expect(schedule.ok).toBe(false);
    expect(schedule.error).toMatch(/entries\/0\/on/);
    expect(calls).toEqual([]);
  });

  it('refuses an unknown command name', async () => {
    const { handlers } = recording();
    const ack = await runCommand(command('selfDestruct', {}), handlers);
    expect(ack).toMatchObject({ ok: false, error: 'unknown command "selfDestruct"' });
  });

  it('refuses a command that expired on its way', async () => {
    const { calls, handlers } = recording();
    const stale = { ...command('reboot', {}), expiresAt: '2020-01-01T00:00:00.000Z' };
    const ack = await runCommand(stale, handlers);
    expect(ack.ok).toBe(false);
    expect(ack.error).toMatch(/expired/);
    expect(calls).toEqual([]);
  });

  it('turns a refusal or a failure into ok:false with its message', async () => {
    const { handlers } = recording();
    expect(await runCommand(command('playProgram', { programId: 9 }), handlers)).toMatchObject({
      ok: false,
      error: 'program 9 is not published to this terminal',
    });
    expect(await runCommand(command('playProgram', { programId: 3 }), handlers)).toMatchObject({
      ok: true,
      result: { programId: 3 },
    });
    expect(await runCommand(command('playMessage', { messageId: 1 }), handlers)).toMatchObject({
      ok: false,
      error: 'not supported by the web player',
    });
    expect(
      await runCommand(command('updateApp', { url: 'http://x/y.apk', version: '2' }), handlers),
    ).toMatchObject({ ok: false, error: 'boom' });
  });
});

describe('AckLog', () => {
  const memory = () => {
    let value: string | null = null;
    return { read: () => value, write: (v: string) => void (value = v) };
  };

  it('answers an ack given before, also after a reload', () => {
    const store = memory();
    const log = new AckLog(store);
    log.add({ type: 'ack', commandId: 5, ok: true, result: { reloading: true } });
    expect(new AckLog(store).get(5)).toEqual({
      type: 'ack',
      commandId: 5,
      ok: true,
      result: { reloading: true },
    });
    expect(new AckLog(store).get(6)).toBeUndefined();
  });

  it('keeps only the newest acks', () => {
    const log = new AckLog(memory(), 3);
    for (let id = 1; id <= 5; id++) log.add({ type: 'ack', commandId: id, ok: true });
    expect([1, 2, 3, 4, 5].map((id) => log.get(id) !== undefined)).toEqual([false, false, true, true, true]);
  });

  it('starts empty from a damaged store', () => {
    expect(new AckLog({ read: () => '{not json', write: () => undefined }).get(1)).toBeUndefined();
    expect(new AckLog({ read: () => '{"a":1}', write: () => undefined }).get(1)).toBeUndefined();
  });
});
