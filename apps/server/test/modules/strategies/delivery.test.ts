import type { ServerMessage, StrategyDetail, StrategyTerminalPage } from '@apm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strategyTerminals } from '../../../src/db/schema/index.js';
import {
  connect,
  listeningApp,
  type ChannelClient,
  type ListeningApp,
} from '../../terminal/channel-client.js';
import { caller, claimDevice, consoleFixture, registerDevice, type Device } from '../terminals/fixture.js';
import { FULL_DOC, strategyDoc } from './fixture.js';

type Command = Extract<ServerMessage, { type: 'command' }>;

describe('strategy terminals: link, move, unlink, send with per-terminal acks, offline catch-up', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let online: Device;
  let offline: Device;
  let foreign: Device;
  let hall: ChannelClient;
  let strategy: StrategyDetail;

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    online = await claimDevice(t.app, f.a1, f.offices.a1.id, 'Hall');
    offline = await claimDevice(t.app, f.a1, f.offices.a1Shop.id, 'Shop');
    foreign = await claimDevice(t.app, f.b, f.offices.b.id, 'B screen');
    hall = await connect(t, online.token);
    const res = await api.post('strategy/saveStrategy', f.a1, { name: 'Opening hours', document: FULL_DOC });
    strategy = res.body.data as StrategyDetail;
  });
  afterAll(async () => {
    hall.close();
    await t.close();
  });

  const post = async (url: string, payload: object, cookie = f.a1) => {
    const res = await api.post(`strategy/${url}`, cookie, payload);
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data as never;
  };
  const terminalsOf = async (id = strategy.id, query = '') =>
    (await api.get(`strategy/findRelationTerminals?id=${id}${query}`, f.a1)).body
      .data as StrategyTerminalPage;
  const statesOf = async (id = strategy.id) =>
    Object.fromEntries((await terminalsOf(id)).list.map((d) => [d.name, d.state]));
  const nextCommand = async (client: ChannelClient): Promise<Command> => {
    const command = await client.next('command');
    expect(command.name).toBe('applyStrategy');
    return command;
  };

  /** The stored row of a terminal's strategy link (the table made current first). */
  const linkRow = async (terminalId: number) => {
    await t.app.services.terminalCommands.flush();
    const [row] = await t.db
      .select()
      .from(strategyTerminals)
      .where(eq(strategyTerminals.terminalId, terminalId));
    return row;
  };

  it('links claimed terminals of the caller’s range: pending until sent; refuses others naming terminalIds', async () => {
    expect(
      await post('relationTerminals', {
        id: strategy.id,
        terminalIds: [online.terminalId, offline.terminalId],
      }),
    ).toEqual({
      linked: 2,
      moved: 0,
    });
    // Linking again changes nothing.
    expect(await post('relationTerminals', { id: strategy.id, terminalIds: [online.terminalId] })).toEqual({
      linked: 0,
      moved: 0,
    });
    expect(await statesOf()).toEqual({ Hall: 'pending', Shop: 'pending' });
    const page = await terminalsOf();
    expect(page.counts).toEqual({ pending: 2, queued: 0, sent: 0, acked: 0, failed: 0 });
    expect(page.list[0]).toMatchObject({ name: 'Hall', online: true, sentRevision: null, unsupported: [] });
    const summary = (await api.get(`strategy/strategyDetail?id=${strategy.id}`, f.a1)).body.data;
    expect(summary).toMatchObject({ terminalCount: 2, pendingCount: 2 });

    const foreignLink = await api.post('strategy/relationTerminals', f.a1, {
      id: strategy.id,
      terminalIds: [online.terminalId, foreign.terminalId],
    });
    expect(foreignLink.status).toBe(404);
    expect(foreignLink.body.msg).toContain('terminalIds');
    const pendingDevice = await registerDevice(t.app);
    const notClaimed = await api.post('strategy/relationTerminals', f.admin, {
      id: (await api.post('strategy/saveStrategy', f.admin, { name: 'Platform', document: strategyDoc() }))
        .body.data['id' as never],
      terminalIds: [pendingDevice.terminalId],
    });
    expect(notClaimed.status).toBe(400);
    expect(notClaimed.body.msg).toContain('terminalIds');
    for (const body of [
      { id: strategy.id, terminalIds: [] },
      { id: strategy.id },
      { id: 0, terminalIds: [1] },
    ]) {
      const bad = await api.post('strategy/relationTerminals', f.a1, body);
      expect(bad.status).toBe(400);
    }
    expect(
      (
        await api.post('strategy/relationTerminals', f.b, {
          id: strategy.id,
          terminalIds: [foreign.terminalId],
        })
      ).status,
    ).toBe(404);
  });

  it('terminalSelect lists claimed terminals of the caller’s range, marking those linked to the strategy', async () => {
    const page = (await api.get(`strategy/terminalSelect?id=${strategy.id}&pageSize=50`, f.a1)).body.data as {
      list: { name: string; published: boolean }[];
    };
    expect(Object.fromEntries(page.list.map((r) => [r.name, r.published]))).toEqual({
      Hall: true,
      Shop: true,
    });
    const linkedOnly = await api.get(`strategy/terminalSelect?id=${strategy.id}&published=false`, f.a1);
    expect((linkedOnly.body.data as { count: number }).count).toBe(0);
    expect((await api.get(`strategy/terminalSelect?id=${strategy.id}`, f.b)).status).toBe(404);
    expect((await api.get(`strategy/terminalSelect?id=${strategy.id}`, f.viewer)).status).toBe(403);
  });

  it('sends applyStrategy: the online terminal acks with what it cannot apply, the offline one is queued', async () => {
    const sent = (await post('sendStrategy', { id: strategy.id })) as {
      batchId: string;
      count: number;
      revision: number;
    };
    expect(sent).toMatchObject({ count: 2, revision: 1 });
    const command = await nextCommand(hall);
    expect(command.params).toEqual({
      strategy: { id: strategy.id, name: 'Opening hours', revision: 1, document: FULL_DOC },
    });
    await expect.poll(statesOf).toEqual({ Hall: 'sent', Shop: 'queued' });
    hall.send({
      type: 'ack',
      commandId: command.commandId,
      ok: true,
      result: { revision: 1, unsupported: ['screenshotIntervalMinutes', 'downloadWindows'] },
    });
    await expect.poll(statesOf).toEqual({ Hall: 'acked', Shop: 'queued' });
    const page = await terminalsOf();
    expect(page.list.find((d) => d.name === 'Hall')).toMatchObject({
      sentRevision: 1,
      sentAt: expect.any(String),
      doneAt: expect.any(String),
      unsupported: ['screenshotIntervalMinutes', 'downloadWindows'],
      error: null,
    });
    expect(await linkRow(online.terminalId)).toMatchObject({
      state: 'acked',
      sentRevision: 1,
      ackedAt: expect.any(Date),
      error: null,
      unsupported: ['screenshotIntervalMinutes', 'downloadWindows'],
    });
    expect((await terminalsOf(strategy.id, '&state=queued')).list.map((d) => d.name)).toEqual(['Shop']);
    expect((await terminalsOf(strategy.id, '&keyword=HAL')).list.map((d) => d.name)).toEqual(['Hall']);
  });

  it('an offline terminal gets the strategy when it connects; a failed apply shows its error', async () => {
    const shop = await connect(t, offline.token);
    const command = await nextCommand(shop);
    expect(command.params).toMatchObject({ strategy: { revision: 1 } });
    shop.send({ type: 'ack', commandId: command.commandId, ok: false, error: 'storage full' });
    await expect.poll(statesOf).toEqual({ Hall: 'acked', Shop: 'failed' });
    expect((await terminalsOf(strategy.id, '&state=failed')).list[0]).toMatchObject({
      error: 'storage full',
    });
    expect(await linkRow(offline.terminalId)).toMatchObject({
      state: 'failed',
      error: 'storage full',
      unsupported: [],
    });
    shop.close();
    await shop.closedWith();
  });

  it('a change of policies marks linked terminals pending; only a send delivers the new revision', async () => {
    await post('saveStrategyDetail', { id: strategy.id, policy: 'rebootTime', value: '05:00' });
    expect(await statesOf()).toEqual({ Hall: 'pending', Shop: 'pending' });
    // A rename alone changes nothing on the screens.
    await post('saveStrategy', { id: strategy.id, name: 'Opening hours' });
    expect(hall.pending().filter((m) => m.type === 'command')).toEqual([]);
    const sent = (await post('sendStrategy', { id: strategy.id, terminalIds: [online.terminalId] })) as {
      count: number;
      revision: number;
    };
    expect(sent).toEqual(expect.objectContaining({ count: 1, revision: 3 }));
    const command = await nextCommand(hall);
    expect(command.params).toMatchObject({ strategy: { revision: 3, document: { rebootTime: '05:00' } } });
    hall.send({
      type: 'ack',
      commandId: command.commandId,
      ok: true,
      result: { revision: 3, unsupported: [] },
    });
    await expect.poll(statesOf).toEqual({ Hall: 'acked', Shop: 'pending' });
    const notLinked = await api.post('strategy/sendStrategy', f.a1, {
      id: strategy.id,
      terminalIds: [foreign.terminalId],
    });
    expect(notLinked.status).toBe(404);
    expect(notLinked.body.msg).toContain('terminalIds');
  });

  it('moves a terminal to another strategy, and unlinks: the terminal is told to drop it', async () => {
    const other = (await post('saveStrategy', {
      name: 'Night',
      document: strategyDoc({ rebootTime: '03:00' }),
    })) as StrategyDetail;
    expect(await post('relationTerminals', { id: other.id, terminalIds: [offline.terminalId] })).toEqual({
      linked: 1,
      moved: 1,
    });
    expect(await statesOf()).toEqual({ Hall: 'acked' });
    expect(await statesOf(other.id)).toEqual({ Shop: 'pending' });
    const empty = await api.post('strategy/sendStrategy', f.a1, {
      id: ((await post('saveStrategy', { name: 'Empty', document: strategyDoc() })) as StrategyDetail).id,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('id');

    const wrong = await api.post('strategy/disassociateTerminals', f.a1, {
      id: strategy.id,
      terminalIds: [offline.terminalId],
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.msg).toContain('terminalIds');
    expect(
      await post('disassociateTerminals', { id: strategy.id, terminalIds: [online.terminalId] }),
    ).toEqual({ unlinked: 1 });
    const drop = await nextCommand(hall);
    expect(drop.params).toEqual({ strategy: null });
    hall.send({
      type: 'ack',
      commandId: drop.commandId,
      ok: true,
      result: { revision: null, unsupported: [] },
    });
    expect((await terminalsOf()).count).toBe(0);
  });
});
