import type { ServerMessage } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { MemorySharedStore } from '../../../src/cluster/shared-store.js';
import { InProcessTerminalBus } from '../../../src/terminal/bus.js';
import { TerminalDebugHub } from '../../../src/modules/terminal-debug/debug-hub.js';
import {
  appendLines,
  emptyBuffer,
  linesAfter,
  LOG_BUFFER_CAPACITY,
} from '../../../src/modules/terminal-debug/log-buffer.js';

const line = (seq: number, text = `line ${seq}`) => ({
  seq,
  at: '2026-01-01T00:00:00.000Z',
  level: 'info' as const,
  text,
});

describe('log buffer', () => {
  it('keeps lines once per player start, numbers them, and drops the oldest past its capacity', () => {
    const buffer = emptyBuffer('ab12');
    expect(appendLines(buffer, 'boot1', [line(0), line(1)])).toBe(2);
    expect(appendLines(buffer, 'boot1', [line(1), line(2)])).toBe(1);
    // A reload starts counting again: another boot's lines are new.
    expect(appendLines(buffer, 'boot2', [line(0)])).toBe(1);
    expect(buffer.lines.map((l) => `${l.boot}:${l.seq}:${l.n}`)).toEqual([
      'boot1:0:1',
      'boot1:1:2',
      'boot1:2:3',
      'boot2:0:4',
    ]);
    appendLines(
      buffer,
      'boot2',
      Array.from({ length: LOG_BUFFER_CAPACITY + 10 }, (_, i) => line(i + 1)),
    );
    expect(buffer.lines).toHaveLength(LOG_BUFFER_CAPACITY);
    expect(buffer.lines.at(-1)!.seq).toBe(LOG_BUFFER_CAPACITY + 10);
  });

  it('reads after a cursor, and from the start for a cursor of another buffer', () => {
    const buffer = emptyBuffer('ab12');
    appendLines(buffer, 'b', [line(0), line(1), line(2)]);
    const all = linesAfter(buffer, undefined);
    expect(all).toMatchObject({ cursor: 'ab12.3', reset: false });
    expect(all.lines).toHaveLength(3);
    expect(linesAfter(buffer, 'ab12.2').lines.map((l) => l.seq)).toEqual([2]);
    expect(linesAfter(buffer, 'ab12.3')).toEqual({ lines: [], cursor: 'ab12.3', reset: false });
    expect(linesAfter(buffer, 'ffff.9')).toMatchObject({ reset: true, cursor: 'ab12.3' });
    expect(linesAfter(null, 'ab12.3')).toEqual({ lines: [], cursor: 'ab12.3', reset: false });
  });
});

describe('debug hub across instances', () => {
  /** Two instances: one shared store and bus; the terminal's channel is held by `holder`. */
  function cluster() {
    const store = new MemorySharedStore();
    const bus = new InProcessTerminalBus();
    const asker = new TerminalDebugHub({ store, bus, shared: true, answerTimeoutMs: 1000, pollMs: 10 });
    const holder = new TerminalDebugHub({ store, bus, shared: true, answerTimeoutMs: 1000, pollMs: 10 });
    const toTerminal: ServerMessage[] = [];
    // What the holder's gateway does with what the bus delivers to its terminal 7.
    bus.subscribe((deliveries) => {
      for (const { terminalId, message } of deliveries) {
        if (terminalId !== 7) continue;
        holder.sent(7, message);
        toTerminal.push(message);
      }
    });
    return { store, asker, holder, toTerminal };
  }

  it('an answer reaching another instance than the one that asked is handed over through the shared store', async () => {
    const { asker, holder, toTerminal } = cluster();
    const asked = asker.request(7, 'pong');
    const ping = toTerminal.find((m) => m.type === 'debugPing') as { requestId: string };
    await new Promise((resolve) => setTimeout(resolve, 20));
    holder.received(7, { type: 'debugPong', requestId: ping.requestId });
    const answer = await asked;
    expect(answer).toMatchObject({ kind: 'pong' });
    expect((answer as { rttMs: number }).rttMs).toBeGreaterThanOrEqual(15);

    const errors = asker.request(7, 'errors');
    const request = toTerminal.find((m) => m.type === 'debugErrors') as { requestId: string };
    const list = [{ at: '2026-01-01T00:00:00.000Z', kind: 'media' as const, message: 'video failed' }];
    holder.received(7, { type: 'debugErrorsAnswer', requestId: request.requestId, errors: list });
    expect(await errors).toEqual({ kind: 'errors', errors: list });
  });

  it('ignores an answer from another terminal, and times out', async () => {
    const { asker, holder, toTerminal } = cluster();
    const asked = asker.request(7, 'pong');
    const ping = toTerminal.find((m) => m.type === 'debugPing') as { requestId: string };
    holder.received(8, { type: 'debugPong', requestId: ping.requestId });
    expect(await asked).toBeNull();
  });

  it('lines streamed to the holder are read on the other instance; leases are shared', async () => {
    const { asker, holder, toTerminal } = cluster();
    await asker.openStream(7, 'watcher-aaaa');
    expect(toTerminal.at(-1)).toEqual({ type: 'debugLogStream', seconds: 60 });
    holder.received(7, { type: 'debugLog', boot: 'b1', lines: [line(0, 'hello')] });
    await holder.settled();
    const read = await asker.lines(7, undefined);
    expect(read.lines.map((l) => l.text)).toEqual(['hello']);
    expect(read.until).toBeGreaterThan(Date.now());
    expect(await holder.closeStream(7, 'watcher-aaaa')).toEqual({ until: null, watchers: 0 });
    expect(toTerminal.at(-1)).toEqual({ type: 'debugLogStream', seconds: 0 });
    expect((await asker.lines(7, read.cursor)).until).toBeNull();
  });
});
