import type { CommandName, ServerMessage } from '@apm/contract';
import { describe, expect, it, vi } from 'vitest';
import { CommandQueue } from '../src/command-queue.js';
import { AckLog, type AckStore, type CommandAck } from '../src/commands.js';

type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

const command = (commandId: number, name = 'screenshot'): CommandMessage => ({
  type: 'command',
  commandId,
  name: name as CommandName,
  params: {},
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
});

const memory = (): AckStore => {
  let value: string | null = null;
  return { read: () => value, write: (v) => void (value = v) };
};

/**
 * A queue whose runs finish only when the test says (a slow screenshot upload): records what
 * ran and what was sent, in order.
 */
function queue(store: AckStore = memory()) {
  const runs: number[] = [];
  const sent: CommandAck[] = [];
  const events: string[] = [];
  const finish = new Map<number, () => void>();
  const q = new CommandQueue({
    acks: new AckLog(store),
    run: async (message) => {
      runs.push(message.commandId);
      events.push(`run ${message.commandId}`);
      await new Promise<void>((resolve) => finish.set(message.commandId, resolve));
      return {
        ack: { type: 'ack', commandId: message.commandId, ok: true, result: { run: runs.length } },
        afterSend: () => void events.push(`after ${message.commandId}`),
      };
    },
    send: (ack) => {
      sent.push(ack);
      events.push(`send ${ack.commandId}`);
    },
  });
  /** Lets the run of `id` finish, and everything it unblocks settle. */
  const complete = async (id: number) => {
    await settle();
    finish.get(id)!();
    await settle();
  };
  return { q, runs, sent, events, complete };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CommandQueue: each command id at most once', () => {
  it('does not run a command again when its id comes back while it is still running; its one ack answers both', async () => {
    const { q, runs, sent, complete } = queue();
    q.receive(command(4));
    await settle();
    q.receive(command(4)); // the server redelivered it (reconnect, another instance)
    q.receive(command(4));
    expect(q.isPending(4)).toBe(true);
    await complete(4);
    expect(runs).toEqual([4]);
    expect(sent).toEqual([{ type: 'ack', commandId: 4, ok: true, result: { run: 1 } }]);
    expect(q.repeats).toBe(2);
    expect(q.isPending(4)).toBe(false);
  });

  it('does not run a repeat of a command still waiting behind another', async () => {
    const { q, runs, sent, complete } = queue();
    q.receive(command(1));
    q.receive(command(2));
    q.receive(command(2));
    await complete(1);
    await complete(2);
    expect(runs).toEqual([1, 2]);
    expect(sent.map((a) => a.commandId)).toEqual([1, 2]);
  });

  it('answers a repeat of an answered command from the ack log at once, without running it', async () => {
    const { q, runs, sent, complete } = queue();
    q.receive(command(5));
    await complete(5);
    q.receive(command(6));
    await settle();
    q.receive(command(5)); // answered now, not after the running 6
    expect(sent).toEqual([
      { type: 'ack', commandId: 5, ok: true, result: { run: 1 } },
      { type: 'ack', commandId: 5, ok: true, result: { run: 1 } },
    ]);
    await complete(6);
    expect(runs).toEqual([5, 6]);
    expect(q.repeats).toBe(1);
  });

  it('answers from the log after a reload too (a reboot reloads before the server heard the ack)', async () => {
    const store = memory();
    const first = queue(store);
    first.q.receive(command(9, 'reboot'));
    await first.complete(9);
    const reloaded = queue(store);
    reloaded.q.receive(command(9, 'reboot'));
    await settle();
    expect(reloaded.runs).toEqual([]);
    expect(reloaded.sent).toEqual([{ type: 'ack', commandId: 9, ok: true, result: { run: 1 } }]);
  });

  it('records the ack before sending it and runs the after-send step last (a reboot reloads after its ack left)', async () => {
    const { q, events, complete } = queue();
    q.receive(command(3));
    q.receive(command(3));
    await complete(3);
    expect(events).toEqual(['run 3', 'send 3', 'after 3']);
  });

  it('goes on with the next command when one run fails, and lets the failed id run when it comes again', async () => {
    const failures: number[] = [];
    let calls = 0;
    const sent: number[] = [];
    const q = new CommandQueue({
      acks: new AckLog(memory()),
      run: async (message) => {
        if (calls++ === 0) throw new Error('broken');
        return { ack: { type: 'ack', commandId: message.commandId, ok: true } };
      },
      send: (ack) => void sent.push(ack.commandId),
      failed: (id) => void failures.push(id),
    });
    q.receive(command(1));
    q.receive(command(2));
    await q.idle();
    q.receive(command(1));
    await q.idle();
    expect(failures).toEqual([1]);
    expect(sent).toEqual([2, 1]);
  });

  it('keeps the ack known when the store cannot write it (a full localStorage)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const runs: number[] = [];
    const q = new CommandQueue({
      acks: new AckLog({
        read: () => null,
        write: () => {
          throw new Error('QuotaExceededError');
        },
      }),
      run: async (message) => {
        runs.push(message.commandId);
        return { ack: { type: 'ack', commandId: message.commandId, ok: true } };
      },
      send: () => undefined,
    });
    q.receive(command(8));
    await q.idle();
    q.receive(command(8));
    await q.idle();
    expect(runs).toEqual([8]);
    expect(q.repeats).toBe(1);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
