import { describe, expect, it } from 'vitest';
import { Batcher } from '../../src/terminal/batcher.js';
import { commandParamsError } from '../../src/terminal/commands.js';
import {
  hashDeviceToken,
  isTokenShaped,
  newDeviceToken,
  newPairingCode,
  PAIRING_ALPHABET,
} from '../../src/terminal/credentials.js';
import { parseTerminalMessage } from '../../src/terminal/gateway.js';
import { sniffImage } from '../../src/terminal/screenshots.js';
import { jpeg, png } from '../modules/materials/upload/media.js';

describe('terminal building blocks', () => {
  it('draws pairing codes without look-alike characters and tokens of 32 bytes', () => {
    for (const c of ['0', 'O', '1', 'I', 'L', '2', 'Z', '5', 'S', '8', 'B'])
      expect(PAIRING_ALPHABET).not.toContain(c);
    const codes = new Set(Array.from({ length: 500 }, () => newPairingCode()));
    expect(codes.size).toBeGreaterThan(495);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{6}$`));
    const token = newDeviceToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(isTokenShaped(`${token}x`)).toBe(false);
    expect(hashDeviceToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('loads keys asked for in the same turn with one call, and passes failures to every caller', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, string>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, `v${k}`]));
    });
    expect(await Promise.all([1, 2, 3, 2].map((k) => batcher.load(k)))).toEqual([
      'v1',
      'v2',
      undefined,
      'v2',
    ]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await batcher.load(4)).toBe('v4');
    expect(calls).toHaveLength(2);
    const failing = new Batcher<number, string>(async () => {
      throw new Error('database down');
    });
    await expect(Promise.all([failing.load(1), failing.load(2)])).rejects.toThrow('database down');
  });

  it('names the problem of a bad channel message', () => {
    expect(parseTerminalMessage('[1')).toEqual({ problem: 'message is not JSON' });
    expect(parseTerminalMessage('null')).toEqual({ problem: 'unknown message type null' });
    expect(parseTerminalMessage('{"type":"toString"}')).toEqual({
      problem: 'unknown message type "toString"',
    });
    const bad = parseTerminalMessage(
      JSON.stringify({ type: 'progress', items: [{ materialId: 0, received: 1, total: 1 }] }),
    );
    expect(bad).toEqual({ problem: expect.stringMatching(/^progress: items\.0\.materialId /) });
    const good = parseTerminalMessage(JSON.stringify({ type: 'ack', commandId: 4, ok: true }));
    expect(good).toEqual({ message: { type: 'ack', commandId: 4, ok: true } });
  });

  it('checks command params against the contract, naming the field', () => {
    expect(commandParamsError('volume', { volume: 10 })).toBeNull();
    expect(commandParamsError('volume', { volume: -1 })).toMatch(/^params\.volume /);
    expect(commandParamsError('setLocation', { latitude: 91, longitude: 0 })).toMatch(/params\.latitude/);
    expect(commandParamsError('reboot', {})).toBeNull();
  });

  it('recognises PNG, JPEG and WebP by their bytes, with their size, and nothing else', async () => {
    expect(sniffImage(await png(33, 21))).toEqual({ mime: 'image/png', ext: '.png', width: 33, height: 21 });
    expect(sniffImage(await jpeg(1, 40, 30))).toMatchObject({ mime: 'image/jpeg', width: 40, height: 30 });
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    // A truncated JPEG header is still a JPEG, of unknown size.
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toMatchObject({
      mime: 'image/jpeg',
      width: null,
    });
  });
});
