import type { DebugLogEntry } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  filterLines,
  formatMs,
  linesAsText,
  logFileName,
  mergeLines,
  newWatcherId,
  pingStats,
  PING_WINDOW,
} from '../src/pages/terminal-debug/debug-logic';

const entry = (n: number, level: DebugLogEntry['level'], text: string): DebugLogEntry => ({
  n,
  seq: n,
  boot: 'b',
  at: '2026-03-04T05:06:07.000Z',
  level,
  text,
});

describe('terminal debugging logic', () => {
  it('appends lines up to the maximum, dropping the oldest; a reset starts over', () => {
    const kept = [entry(1, 'info', 'a'), entry(2, 'info', 'b')];
    expect(mergeLines(kept, [entry(3, 'warn', 'c')], false, 2).map((l) => l.text)).toEqual(['b', 'c']);
    expect(mergeLines(kept, [entry(1, 'info', 'x')], true).map((l) => l.text)).toEqual(['x']);
    expect(mergeLines(kept, [], false)).toEqual(kept);
  });

  it('filters by the levels ticked and by text in any case', () => {
    const lines = [
      entry(1, 'info', 'Manifest fetched'),
      entry(2, 'error', 'download FAILED'),
      entry(3, 'warn', 'slow'),
    ];
    expect(filterLines(lines, { levels: ['error', 'warn'], text: '' }).map((l) => l.n)).toEqual([2, 3]);
    expect(filterLines(lines, { levels: ['info', 'error'], text: ' failed ' }).map((l) => l.n)).toEqual([2]);
    expect(filterLines(lines, { levels: [], text: '' })).toEqual([]);
  });

  it('writes the lines as a text file and names it after the terminal', () => {
    const text = linesAsText([entry(1, 'warn', 'two\nlines'), entry(2, 'info', 'ok')]);
    expect(text).toBe('2026-03-04T05:06:07.000Z\tWARN\ttwo lines\n2026-03-04T05:06:07.000Z\tINFO\tok\n');
    expect(logFileName('Lobby screen #2', new Date('2026-03-04T05:06:07Z'))).toBe(
      'Lobby-screen-2-log-2026-03-04-05-06-07.txt',
    );
    expect(logFileName('***', new Date('2026-03-04T05:06:07Z'))).toBe('terminal-log-2026-03-04-05-06-07.txt');
  });

  it('gives min, average and max of the answered pings among the last ones', () => {
    expect(pingStats([])).toBeNull();
    expect(pingStats([{ answered: false, rttMs: null, reason: 'offline' }])).toBeNull();
    const results = [
      { answered: true, rttMs: 100, reason: null },
      ...Array.from({ length: PING_WINDOW - 1 }, (_, i) => ({ answered: true, rttMs: i + 1, reason: null })),
      { answered: false, rttMs: null, reason: 'timeout' as const },
    ];
    // The first (100 ms) fell out of the window.
    expect(pingStats(results)).toEqual({
      min: 1,
      max: PING_WINDOW - 1,
      avg: PING_WINDOW / 2,
      count: PING_WINDOW - 1,
    });
    expect(formatMs(3.14159)).toBe('3.1');
    expect(formatMs(42.6)).toBe('43');
  });

  it('makes watcher ids the server accepts, different each time', () => {
    const a = newWatcherId();
    expect(a).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(newWatcherId()).not.toBe(a);
  });
});
