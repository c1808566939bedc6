import { CHANNEL_CLOSE, TERMINAL_MAX_FRAME_BYTES } from '@apm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playEvents, terminalCommands, terminals } from '../../src/db/schema/index.js';
import {
  ChannelClient,
  claim,
  connect,
  listeningApp,
  register,
  STATUS,
  type ListeningApp,
} from './channel-client.js';

describe('terminal channel', () => {
  let t: ListeningApp;

  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  it('answers a plain HTTP request to the channel with 400', async () => {
    const res = await t.app.inject({ url: '/apm-web/terminal/ws?token=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/WebSocket/);
  });

  it('closes 4401 for a missing, malformed or unknown token', async () => {
    for (const token of ['', 'not-a-token', 'B'.repeat(43)]) {
      const client = new ChannelClient(t.wsUrl(token));
      const closed = await client.closedWith();
      expect(closed.code).toBe(CHANNEL_CLOSE.badToken);
      expect(closed.reason).toMatch(/token/);
    }
  });

  it('welcomes a pending terminal with its pairing code, then tells it when it is claimed', async () => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    expect(client.welcome).toMatchObject({
      terminalId: reg.terminalId,
      state: 'pending',
      pairingCode: reg.pairingCode,
      manifestVersion: null,
      heartbeatSeconds: 30,
    });
    await claim(t, reg.terminalId);
    const claimed = await client.next('claimed');
    expect(claimed.name).toBe(`T${reg.terminalId}`);
    const manifest = await client.next('manifest');
    expect(manifest.version).toBe(await t.app.services.programManifest.versionFor(reg.terminalId));
    client.close();
  });

  it('welcomes many terminals opening their channels at once', async () => {
    const regs = await Promise.all(Array.from({ length: 40 }, () => register(t)));
    await Promise.all(regs.slice(0, 20).map((r) => claim(t, r.terminalId)));
    const clients = await Promise.all(regs.map((r) => connect(t, r.token)));
    expect(clients.map((c) => c.welcome!.terminalId)).toEqual(regs.map((r) => r.terminalId));
    expect(clients.map((c) => c.welcome!.state)).toEqual(
      regs.map((_, i) => (i < 20 ? 'claimed' : 'pending')),
    );
    expect(clients.slice(0, 20).every((c) => typeof c.welcome!.manifestVersion === 'string')).toBe(true);
    expect(t.app.services.terminalPresence.onlineCount(regs.map((r) => r.terminalId))).toBe(40);
    for (const c of clients) c.close();
  });

  it('answers heartbeats with their seq and keeps presence in memory, flushed in a batch', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    expect(client.welcome!.state).toBe('claimed');
    expect(typeof client.welcome!.manifestVersion).toBe('string');
    client.send({ type: 'heartbeat', seq: 7, status: { ...STATUS, volume: 33 } });
    expect((await client.next('heartbeatAck')).seq).toBe(7);
    const presence = t.app.services.terminalPresence;
    expect(presence.isOnline(reg.terminalId)).toBe(true);
    expect((await presence.liveStatus([reg.terminalId]))[0]!.status!.volume).toBe(33);
    await presence.flush();
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, reg.terminalId));
    expect(row).toMatchObject({ online: true, appVersion: '1.0.0' });
    expect((row!.status as { volume: number }).volume).toBe(33);
    client.close();
    await client.closedWith();
    await expect.poll(() => presence.isOnline(reg.terminalId)).toBe(false);
    await presence.flush();
    const [after] = await t.db.select().from(terminals).where(eq(terminals.id, reg.terminalId));
    expect(after!.online).toBe(false);
  });

  it.each([
    ['not JSON', '{nope', /not JSON/],
    ['an unknown type', { type: 'dance' }, /unknown message type "dance"/],
    ['no type', { seq: 1 }, /unknown message type null/],
    [
      'a bad heartbeat',
      { type: 'heartbeat', seq: 1, status: { ...STATUS, volume: 300 } },
      /heartbeat: status\.volume/,
    ],
    ['a bad ack', { type: 'ack', commandId: 'x', ok: true }, /ack: commandId/],
  ])('closes 4400 for %s, naming the problem', async (_what, frame, why) => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    client.send(frame);
    const closed = await client.closedWith();
    expect(closed.code).toBe(CHANNEL_CLOSE.badMessage);
    expect(closed.reason).toMatch(why);
  });

  it('closes 1009 for a frame over the limit', async () => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    client.send('x'.repeat(TERMINAL_MAX_FRAME_BYTES + 1));
    expect((await client.closedWith()).code).toBe(1009);
  });

  it('replaces the first connection of a terminal by a second one (4409)', async () => {
    const reg = await register(t);
    const first = await connect(t, reg.token);
    const second = await connect(t, reg.token);
    expect((await first.closedWith()).code).toBe(CHANNEL_CLOSE.replaced);
    second.send({ type: 'heartbeat', seq: 1, status: STATUS });
    expect((await second.next('heartbeatAck')).seq).toBe(1);
    // The replaced channel closing does not take the terminal offline.
    expect(t.app.services.terminalPresence.isOnline(reg.terminalId)).toBe(true);
    second.close();
  });

  it('closes a removed terminal 4401 when the bus says revoked', async () => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    await t.db.delete(terminals).where(eq(terminals.id, reg.terminalId));
    t.app.services.terminalBus.publish([
      { terminalId: reg.terminalId, message: { type: 'revoked', reason: 'the terminal was removed' } },
    ]);
    const closed = await client.closedWith();
    expect(closed).toEqual({ code: CHANNEL_CLOSE.badToken, reason: 'the terminal was removed' });
    expect(t.app.services.terminalPresence.isOnline(reg.terminalId)).toBe(false);
    const again = new ChannelClient(t.wsUrl(reg.token));
    expect((await again.closedWith()).code).toBe(CHANNEL_CLOSE.badToken);
  });

  it('answers acks of ids that are not its open commands with unknownCommand, changing nothing', async () => {
    const a = await register(t);
    const b = await register(t);
    await claim(t, a.terminalId);
    await claim(t, b.terminalId);
    const ca = await connect(t, a.token);
    const cb = await connect(t, b.token);
    const sent = await t.app.services.terminalCommands.send({
      terminalIds: [a.terminalId],
      name: 'volume',
      params: { volume: 20 },
      createdBy: null,
    });
    const commandId = sent.commands[0]!.id;
    expect((await ca.next('command')).commandId).toBe(commandId);
    // B acknowledges A's command: foreign.
    cb.send({ type: 'ack', commandId, ok: false, error: 'hijack' });
    expect(await cb.next('error')).toMatchObject({ code: 'unknownCommand' });
    ca.send({ type: 'ack', commandId, ok: true, result: { volume: 20 } });
    // A replays its ack: no longer open.
    ca.send({ type: 'ack', commandId, ok: false, error: 'replayed' });
    expect(await ca.next('error')).toMatchObject({ code: 'unknownCommand' });
    await t.app.services.terminalCommands.flush();
    const [row] = await t.db.select().from(terminalCommands).where(eq(terminalCommands.id, commandId));
    expect(row).toMatchObject({ state: 'acked', result: { volume: 20 }, error: null });
    ca.close();
    cb.close();
  });

  it('stores proof-of-play events in a batch and progress in presence', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    const startedAt = new Date().toISOString();
    client.send({
      type: 'play',
      events: [
        { kind: 'program', programId: 5, startedAt, durationMs: 10_000 },
        { kind: 'scene', programId: 5, sceneId: 's1', startedAt, durationMs: 4000 },
      ],
    });
    client.send({ type: 'progress', items: [{ materialId: 9, received: 10, total: 100 }] });
    client.send({ type: 'heartbeat', seq: 2, status: STATUS });
    await client.next('heartbeatAck');
    await t.app.services.terminalPlayEvents.flush();
    const rows = await t.db
      .select()
      .from(playEvents)
      .where(eq(playEvents.terminalId, reg.terminalId))
      // A multi-row insert does not fix the order rows are read back in (PostgreSQL may differ).
      .orderBy(playEvents.kind);
    expect(rows.map((r) => [r.kind, r.sceneId, r.durationMs])).toEqual([
      ['program', null, 10_000],
      ['scene', 's1', 4000],
    ]);
    expect((await t.app.services.terminalPresence.liveStatus([reg.terminalId]))[0]!.downloads).toEqual([
      { materialId: 9, received: 10, total: 100 },
    ]);
    client.close();
  });
});
