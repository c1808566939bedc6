import { DEBUG_LOG_BATCH_MAX, type TerminalMessage } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { captureErrors, DebugAgent, nextBatch, type AgentClock } from '../src/debug-agent.js';
import { DebugErrorStore } from '../src/debug-errors.js';
import { DebugLog } from '../src/debug-log.js';

/** A clock whose time and timers move only when told. */
function manualClock(): AgentClock & { advance(ms: number): void } {
  let now = 1_000_000;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = ++ids;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
    },
  };
}

function setup(open = { value: true }) {
  const sent: TerminalMessage[] = [];
  const clock = manualClock();
  const log = new DebugLog('boot-x');
  let stored: string | null = null;
  const errors = new DebugErrorStore({ read: () => stored, write: (v) => void (stored = v) });
  const agent = new DebugAgent(
    (message) => {
      if (!open.value) return false;
      sent.push(message);
      return true;
    },
    log,
    errors,
    clock,
  );
  const streamed = () => sent.flatMap((m) => (m.type === 'debugLog' ? m.lines.map((l) => l.text) : []));
  return { sent, clock, log, errors, agent, open, streamed };
}

describe('debug agent', () => {
  it('answers a ping and an errors request at once with their ids', () => {
    const { agent, sent, errors } = setup();
    errors.add('media', 'video 4 failed');
    agent.receive({ type: 'debugPing', requestId: 'r1' });
    agent.receive({ type: 'debugErrors', requestId: 'r2' });
    expect(sent).toEqual([
      { type: 'debugPong', requestId: 'r1' },
      {
        type: 'debugErrorsAnswer',
        requestId: 'r2',
        errors: [expect.objectContaining({ message: 'video 4 failed' })],
      },
    ]);
  });

  it('streams nothing until leased; then the lines kept, then new ones, until the lease ends', () => {
    const { agent, log, clock, streamed, sent } = setup();
    log.info('before');
    clock.advance(1000);
    expect(sent).toEqual([]);
    agent.receive({ type: 'debugLogStream', seconds: 60 });
    expect(streamed()).toEqual(['before']);
    expect(sent[0]).toMatchObject({ type: 'debugLog', boot: 'boot-x' });
    log.warn('during');
    expect(streamed()).toEqual(['before']);
    clock.advance(300);
    expect(streamed()).toEqual(['before', 'during']);
    // A renewal goes on from the last line sent (no backlog again).
    agent.receive({ type: 'debugLogStream', seconds: 60 });
    clock.advance(59_000);
    log.info('still leased');
    clock.advance(300);
    expect(streamed()).toEqual(['before', 'during', 'still leased']);
    clock.advance(61_000);
    log.info('after the lease');
    clock.advance(300);
    expect(agent.streaming).toBe(false);
    expect(streamed()).not.toContain('after the lease');
  });

  it('stops at once when told, and sends on from where it was after the channel comes back', () => {
    const { agent, log, clock, streamed, open } = setup();
    agent.receive({ type: 'debugLogStream', seconds: 60 });
    log.info('one');
    clock.advance(300);
    open.value = false;
    log.info('while away');
    clock.advance(300);
    open.value = true;
    agent.connection('open');
    expect(streamed()).toEqual(['one', 'while away', 'channel open']);
    agent.receive({ type: 'debugLogStream', seconds: 0 });
    log.info('not streamed');
    clock.advance(300);
    expect(streamed()).not.toContain('not streamed');
  });

  it('sends a big backlog in batches within the frame limits', () => {
    const { agent, log, sent } = setup();
    for (let i = 0; i < 120; i++) log.info(`line ${i} ${'z'.repeat(400)}`);
    agent.receive({ type: 'debugLogStream', seconds: 30 });
    const batches = sent.filter((m) => m.type === 'debugLog');
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(120 / DEBUG_LOG_BATCH_MAX));
    for (const b of batches) {
      expect(b.lines.length).toBeLessThanOrEqual(DEBUG_LOG_BATCH_MAX);
      expect(new TextEncoder().encode(JSON.stringify(b)).length).toBeLessThan(48 * 1024);
    }
    expect(batches.flatMap((b) => b.lines.map((l) => l.seq))).toEqual([...Array(120).keys()]);
    expect(nextBatch([])).toEqual([]);
  });

  it('records failed commands, failed downloads and media errors (each media error once) as errors', () => {
    const { agent, errors, log } = setup();
    agent.command('reboot', { type: 'ack', commandId: 3, ok: true, result: { reloading: true } });
    agent.command('playProgram', {
      type: 'ack',
      commandId: 4,
      ok: false,
      error: 'program 9 is not published',
    });
    agent.progress({
      type: 'progress',
      items: [
        { materialId: 5, received: 10, total: 10 },
        { materialId: 6, received: 0, total: 10, error: 'HTTP 404' },
        { materialId: 7, received: 3, total: 10 },
      ],
    });
    agent.mediaError('program 2: video failed');
    agent.mediaError('program 2: video failed');
    agent.mediaError(null);
    agent.mediaError('program 2: video failed');
    expect(errors.list().map((e) => `${e.kind}: ${e.message}`)).toEqual([
      'command: playProgram #4: program 9 is not published',
      'download: material 6: HTTP 404',
      'media: program 2: video failed',
      'media: program 2: video failed',
    ]);
    expect(log.after(-1).map((l) => l.text)).toEqual([
      'command reboot #3 acknowledged {"reloading":true}',
      'command playProgram #4 failed: program 9 is not published',
      'material 5 downloaded (10 bytes)',
      'material 6 download failed: HTTP 404',
      'program 2: video failed',
      'program 2: video failed',
    ]);
  });

  it('captures console warnings and errors, window errors and unhandled rejections', () => {
    const { agent, errors, log } = setup();
    const printed: string[] = [];
    const fakeConsole = {
      warn: (...p: unknown[]) => printed.push(`warn ${p.join(' ')}`),
      error: (...p: unknown[]) => printed.push(`error ${p.join(' ')}`),
    } as unknown as Console;
    const target = new EventTarget();
    captureErrors(agent, target as unknown as Window, fakeConsole);
    fakeConsole.warn('manifest', 'slow');
    fakeConsole.error('sync failed', new Error('HTTP 500'));
    target.dispatchEvent(
      Object.assign(new Event('error'), {
        message: 'ReferenceError: y',
        filename: 'app.js',
        lineno: 3,
        colno: 9,
      }),
    );
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('nope') }));
    expect(printed).toEqual(['warn manifest slow', 'error sync failed Error: HTTP 500']);
    expect(log.after(-1).map((l) => `${l.level} ${l.text}`)).toEqual([
      'warn manifest slow',
      'error sync failed Error: HTTP 500',
      'error ReferenceError: y (app.js:3:9)',
      'error unhandled rejection: Error: nope',
    ]);
    expect(errors.list().map((e) => e.kind)).toEqual(['console', 'error', 'rejection']);
  });
});
