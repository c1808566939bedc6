import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CommandName, ServerMessage } from '../../packages/contract/src/terminal-protocol.js';
import {
  defaultMessageDocument,
  type MessageDocument,
  type MessageKind,
} from '../../packages/contract/src/message.js';
import { Fleet } from './fleet.js';
import { agent } from './http.js';
import { reconnectDelay } from './terminal.js';

/**
 * A stand-in for one server instance, enough for one simulated terminal: the channel (welcome,
 * then whatever the test sends) and a screenshot upload that answers only when released.
 */
class FakeInstance {
  readonly http = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => this.uploads.push(() => res.end(JSON.stringify({ screenshotId: 77 }))));
  });
  readonly wss = new WebSocketServer({ server: this.http });
  /** Channels in the order they opened, with what each received and when it opened. */
  readonly channels: { ws: WebSocket; received: { type: string; commandId?: number }[]; at: number }[] = [];
  /** Uploads waiting for the test to answer them. */
  readonly uploads: (() => void)[] = [];

  constructor() {
    this.wss.on('connection', (ws) => {
      const channel = { ws, received: [] as { type: string; commandId?: number }[], at: Date.now() };
      this.channels.push(channel);
      ws.on('message', (data) => channel.received.push(JSON.parse(String(data)) as { type: string }));
      this.send(ws, {
        type: 'welcome',
        terminalId: 1,
        state: 'claimed',
        pairingCode: null,
        name: 'Sim',
        heartbeatSeconds: 30,
        serverTime: new Date().toISOString(),
        manifestVersion: null,
        settings: {},
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  send(ws: WebSocket, message: ServerMessage): void {
    ws.send(JSON.stringify(message));
  }

  command(ws: WebSocket, commandId: number, name: 'volume' | 'screenshot'): void {
    const params = name === 'volume' ? { volume: 30 } : {};
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    this.send(ws, { type: 'command', commandId, name, params, expiresAt });
  }

  /** The acks a channel received, by command id. */
  acks(index: number): number[] {
    return this.channels[index]!.received.filter((m) => m.type === 'ack').map((m) => m.commandId!);
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise((resolve) => this.wss.close(resolve));
    this.http.closeAllConnections();
    await new Promise((resolve) => this.http.close(resolve));
  }
}

/** Polls `check` until it holds (or fails after 3 s). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('simulated terminal: each command id executed once, draining honoured', () => {
  let server: FakeInstance;
  let fleet: Fleet;

  beforeEach(async () => {
    server = new FakeInstance();
    const base = await server.listen();
    fleet = new Fleet([{ deviceId: 'sim-test-000001', terminalId: 1, token: 't' }], {
      base,
      fetchManifest: false,
      reconnect: true,
      pace: false,
    });
    await fleet.connectAll(1);
  });

  afterEach(async () => {
    await fleet.closeAll();
    agent.destroy();
    await server.close();
  });

  it('answers an id the channel repeats with the recorded ack, and counts it as a duplicate delivery', async () => {
    const ws = server.channels[0]!.ws;
    server.command(ws, 11, 'volume');
    await until(() => server.acks(0).length === 1);
    server.command(ws, 11, 'volume');
    await until(() => server.acks(0).length === 2);
    expect(server.acks(0)).toEqual([11, 11]);
    expect(fleet.terminals[0]!.volume).toBe(30);
    expect(fleet.deliveryStats()).toMatchObject({
      commandsExecuted: 1,
      duplicateDeliveries: 1,
      redeliveries: 0,
      duplicateExecutions: 0,
    });
  });

  it('does not execute an id again while its first execution runs (a slow upload): one ack answers both', async () => {
    const ws = server.channels[0]!.ws;
    server.command(ws, 12, 'screenshot');
    await until(() => server.uploads.length === 1);
    server.command(ws, 12, 'screenshot');
    await until(() => fleet.duplicateDeliveries === 1);
    server.uploads[0]!();
    await until(() => server.acks(0).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.acks(0)).toEqual([12]);
    expect(server.uploads).toHaveLength(1);
    expect(fleet.executions.get(12)).toBe(1);
  });

  it('comes back after the delay a draining instance named, and answers redeliveries without executing again', async () => {
    const first = server.channels[0]!.ws;
    server.command(first, 21, 'volume');
    server.command(first, 22, 'screenshot');
    await until(() => server.acks(0).length === 1 && server.uploads.length === 1);
    server.send(first, { type: 'reconnect', afterMs: 600 }); // longer than any first backoff (at most 500 ms)
    await until(() => fleet.reconnectsAsked === 1);
    const closedAt = Date.now();
    first.close(4503, 'draining');
    await until(() => server.channels.length === 2);
    expect(server.channels[1]!.at - closedAt).toBeGreaterThanOrEqual(590);
    expect(fleet.closes.get('4503 draining')).toBe(1);

    // The new instance has no record of either ack: it sends both again.
    const second = server.channels[1]!.ws;
    server.command(second, 21, 'volume');
    server.command(second, 22, 'screenshot');
    await until(() => server.acks(1).length === 1);
    expect(server.acks(1)).toEqual([21]);
    server.uploads[0]!();
    await until(() => server.acks(1).length === 2);
    expect(server.acks(1)).toEqual([21, 22]);
    expect(server.uploads).toHaveLength(1);
    expect(fleet.deliveryStats()).toMatchObject({
      commandsExecuted: 2,
      duplicateDeliveries: 0,
      redeliveries: 2,
      duplicateExecutions: 0,
      reconnectsAsked: 1,
    });
  });
});

describe('reconnectDelay (simulator)', () => {
  it('takes whole non-negative milliseconds, at most 5 minutes', () => {
    expect(reconnectDelay(250.7)).toBe(250);
    expect(reconnectDelay(1e9)).toBe(300_000);
    for (const bad of [-1, Number.NaN, '10', undefined]) expect(reconnectDelay(bad)).toBeNull();
  });
});

describe('simulated terminal: messages answered like the player', () => {
  let server: FakeInstance;
  let fleet: Fleet;
  const doc = (fields: Partial<MessageDocument> = {}, kind: MessageKind = 'takeover') => ({
    ...defaultMessageDocument(kind),
    text: 'Fire alarm',
    ...fields,
  });
  const payload = (id: number, fields: Partial<MessageDocument> = {}, revision = 1) => ({
    id,
    revision,
    name: `M${id}`,
    document: doc(fields),
  });
  let nextId = 100;
  /** Sends a command and answers its ack. */
  const send = async (name: CommandName, params: Record<string, unknown>) => {
    const commandId = ++nextId;
    const channel = server.channels[0]!;
    server.send(channel.ws, {
      type: 'command',
      commandId,
      name,
      params,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await until(() => channel.received.some((m) => m.type === 'ack' && m.commandId === commandId));
    return channel.received.find((m) => m.type === 'ack' && m.commandId === commandId) as unknown as {
      ok: boolean;
      result?: Record<string, unknown>;
      error?: string;
    };
  };

  beforeEach(async () => {
    server = new FakeInstance();
    const base = await server.listen();
    fleet = new Fleet([{ deviceId: 'sim-test-000002', terminalId: 2, token: 't' }], {
      base,
      fetchManifest: false,
      reconnect: false,
      pace: false,
    });
    await fleet.connectAll(1);
  });

  afterEach(async () => {
    await fleet.closeAll();
    agent.destroy();
    await server.close();
  });

  it('acks showMessage with whether it shows now, and records when it arrived', async () => {
    const before = Date.now();
    expect(await send('showMessage', { message: payload(1) })).toMatchObject({
      ok: true,
      result: { showing: true },
    });
    const [arrival] = fleet.messageArrivals(1);
    expect(arrival).toMatchObject({ messageId: 1, revision: 1, showing: true });
    expect(arrival!.receivedAt).toBeGreaterThanOrEqual(before);
    expect(arrival!.ackedAt).toBeGreaterThanOrEqual(arrival!.receivedAt);
    const latency = fleet.messageLatency(1, before);
    expect(latency.count).toBe(1);
    expect(latency.percentile(95)).toBe(arrival!.receivedAt - before);
    // Not due yet: held, not showing.
    const later = { validFrom: new Date(Date.now() + 3_600_000).toISOString() };
    expect(await send('showMessage', { message: payload(2, later) })).toMatchObject({
      result: { showing: false },
    });
    // Due, but a higher priority takeover holds the screen.
    expect(await send('showMessage', { message: payload(3, { priority: 1 }) })).toMatchObject({
      result: { showing: false },
    });
    expect([...fleet.terminals[0]!.messages.keys()]).toEqual([1, 2, 3]);
    // Its heartbeats say the takeover plays.
    fleet.terminals[0]!.heartbeat();
    const channel = server.channels[0]!;
    await until(() => channel.received.some((m) => m.type === 'heartbeat'));
    const beat = channel.received.find((m) => m.type === 'heartbeat') as unknown as {
      status: { playing: unknown };
    };
    expect(beat.status.playing).toEqual({ kind: 'message', id: 1 });
  });

  it('keeps the higher revision, stops and forgets on stopMessage, and refuses playMessage when not held', async () => {
    await send('showMessage', { message: payload(5, {}, 3) });
    await send('showMessage', { message: payload(5, { text: 'old' }, 2) });
    expect(fleet.terminals[0]!.messages.get(5)?.revision).toBe(3);
    expect(await send('playMessage', { messageId: 5 })).toMatchObject({
      ok: true,
      result: { showing: true },
    });
    expect(await send('stopMessage', { messageId: 5 })).toMatchObject({
      ok: true,
      result: { stopped: true, showing: false },
    });
    expect(fleet.terminals[0]!.messages.size).toBe(0);
    expect(await send('playMessage', { messageId: 5 })).toMatchObject({
      ok: false,
      error: 'message 5 is not held by this terminal',
    });
  });
});
