import type { CommandName, ServerMessage } from '@apm/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandHandlers } from '../src/command-handlers.js';
import { runCommand } from '../src/commands.js';
import { POSITION_TIMEOUT_MS, type PositionSource } from '../src/geolocation.js';
import type { Player } from '../src/player.js';

type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

const message: CommandMessage = {
  type: 'command',
  commandId: 9,
  name: 'reportLocation' as CommandName,
  params: {},
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
};

// reportLocation touches nothing of the player: only the injected geolocation.
const report = (geolocation: PositionSource | null) =>
  runCommand(
    message,
    commandHandlers({} as Player, () => undefined, geolocation),
  );

/** A geolocation that answers as told and records the options it was asked with. */
function geolocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const calls: (PositionOptions | undefined)[] = [];
  const source: PositionSource = {
    getCurrentPosition(ok, fail, options) {
      calls.push(options);
      answer(ok, fail!);
    },
  };
  return { source, calls };
}

const failure = (code: number, msg = '') => ({ code, message: msg }) as GeolocationPositionError;

describe('reportLocation (auto get position)', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the position in degrees and its accuracy in metres, asking with a 10 s limit', async () => {
    const { source, calls } = geolocation((ok) =>
      ok({
        coords: { latitude: 45.4642, longitude: 9.19, accuracy: 35, altitude: null },
        timestamp: Date.now(),
      } as unknown as GeolocationPosition),
    );
    expect(await report(source)).toEqual({
      type: 'ack',
      commandId: 9,
      ok: true,
      result: { latitude: 45.4642, longitude: 9.19, accuracy: 35 },
    });
    expect(calls[0]).toMatchObject({ timeout: POSITION_TIMEOUT_MS });
    expect(POSITION_TIMEOUT_MS).toBe(10_000);
  });

  it('fails with a clear reason when denied, unavailable or timed out', async () => {
    for (const [code, reason] of [
      [1, 'geolocation permission denied'],
      [2, 'position unavailable'],
      [3, 'no position within the time limit'],
    ] as const) {
      const { source } = geolocation((_ok, fail) => fail(failure(code)));
      expect(await report(source)).toEqual({ type: 'ack', commandId: 9, ok: false, error: reason });
    }
    const { source } = geolocation((_ok, fail) => fail(failure(7, 'odd')));
    expect((await report(source)).error).toBe('geolocation failed: odd');
  });

  it('fails when the browser has no geolocation or throws on an insecure page', async () => {
    expect(await report(null)).toEqual({
      type: 'ack',
      commandId: 9,
      ok: false,
      error: 'geolocation is not available on this terminal',
    });
    const { source } = geolocation(() => {
      throw new Error('Only secure origins are allowed');
    });
    expect((await report(source)).error).toBe('geolocation failed: Only secure origins are allowed');
  });

  it('gives up when no answer comes at all (a permission prompt nobody answers)', async () => {
    vi.useFakeTimers();
    const { source } = geolocation(() => undefined);
    const ack = report(source);
    await vi.advanceTimersByTimeAsync(POSITION_TIMEOUT_MS + 1000);
    expect(await ack).toEqual({
      type: 'ack',
      commandId: 9,
      ok: false,
      error: 'no position within the time limit',
    });
  });
});
