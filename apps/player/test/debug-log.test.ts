import { DEBUG_ERROR_TEXT_MAX, DEBUG_LOG_TEXT_MAX } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { DebugErrorStore } from '../src/debug-errors.js';
import { DebugLog, logText } from '../src/debug-log.js';

describe('debug log ring buffer', () => {
  it('numbers lines from 0, keeps the newest up to its capacity, and answers those after a number', () => {
    const log = new DebugLog('boot1', 3, () => new Date('2026-02-03T04:05:06.000Z'));
    expect(log.lastSeq).toBe(-1);
    expect(log.after(-1)).toEqual([]);
    for (const text of ['a', 'b', 'c', 'd', 'e']) log.info(text);
    expect(log.lastSeq).toBe(4);
    expect(log.after(-1).map((l) => `${l.seq}:${l.text}`)).toEqual(['2:c', '3:d', '4:e']);
    expect(log.after(3).map((l) => l.text)).toEqual(['e']);
    expect(log.after(4)).toEqual([]);
    expect(log.after(-1)[0]).toEqual({ seq: 2, at: '2026-02-03T04:05:06.000Z', level: 'info', text: 'c' });
  });

  it('tells subscribers of each line with its level, until they stop', () => {
    const log = new DebugLog('boot1');
    const seen: string[] = [];
    const stop = log.subscribe((line) => seen.push(`${line.level} ${line.text}`));
    log.warn('slow network');
    log.error(new TypeError('x is undefined'));
    stop();
    log.info('not seen');
    expect(seen).toEqual(['warn slow network', 'error TypeError: x is undefined']);
  });

  it('writes objects as JSON and cuts long text to the line limit', () => {
    expect(logText(['command', { ok: true }, 3])).toBe('command {"ok":true} 3');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(logText([cyclic])).toBe('[object Object]');
    const long = logText(['x'.repeat(DEBUG_LOG_TEXT_MAX + 100)]);
    expect(long).toHaveLength(DEBUG_LOG_TEXT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('makes a new boot id at each start', () => {
    const a = new DebugLog();
    const b = new DebugLog();
    expect(a.boot).toMatch(/^[0-9a-f]{16}$/);
    expect(a.boot).not.toBe(b.boot);
  });
});

describe('debug error store', () => {
  const memory = (initial: string | null = null) => {
    let value = initial;
    return {
      read: () => value,
      write: (next: string) => {
        value = next;
      },
      get value() {
        return value;
      },
    };
  };

  it('keeps the last errors across reloads (a new store reads what the last one wrote)', () => {
    const backend = memory();
    const store = new DebugErrorStore(backend, 3, () => new Date('2026-01-01T00:00:00.000Z'));
    for (let i = 1; i <= 5; i++) store.add('error', `boom ${i}`);
    expect(store.list().map((e) => e.message)).toEqual(['boom 3', 'boom 4', 'boom 5']);
    const reloaded = new DebugErrorStore(backend, 3);
    expect(reloaded.list()).toEqual([
      { at: '2026-01-01T00:00:00.000Z', kind: 'error', message: 'boom 3' },
      { at: '2026-01-01T00:00:00.000Z', kind: 'error', message: 'boom 4' },
      { at: '2026-01-01T00:00:00.000Z', kind: 'error', message: 'boom 5' },
    ]);
  });

  it('starts empty from broken or foreign stored data, and drops entries that are not errors', () => {
    expect(new DebugErrorStore(memory('{not json')).list()).toEqual([]);
    expect(new DebugErrorStore(memory('{"a":1}')).list()).toEqual([]);
    const mixed = JSON.stringify([
      { at: 'x', kind: 'media', message: 'kept' },
      { at: 'x', kind: 'weird', message: 'unknown kind' },
      null,
      'text',
    ]);
    expect(new DebugErrorStore(memory(mixed)).list().map((e) => e.message)).toEqual(['kept']);
  });

  it('cuts long messages and survives a store that refuses to write', () => {
    const store = new DebugErrorStore({
      read: () => null,
      write: () => {
        throw new Error('quota exceeded');
      },
    });
    const error = store.add('download', 'y'.repeat(DEBUG_ERROR_TEXT_MAX * 2));
    expect(error.message).toHaveLength(DEBUG_ERROR_TEXT_MAX);
    expect(store.list()).toHaveLength(1);
  });
});
