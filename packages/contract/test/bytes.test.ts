import { describe, expect, it } from 'vitest';
import { formatBytes, mbToBytes } from '../src/bytes.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [mbToBytes(10240), '10 GB'],
    [mbToBytes(400), '400 MB'],
    [1024 ** 4 * 3.25, '3.25 TB'],
    [1024 ** 5 * 2, '2048 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('honours the number of decimals', () => {
    expect(formatBytes(1234567, 1)).toBe('1.2 MB');
    expect(formatBytes(1234567, 0)).toBe('1 MB');
  });
});
