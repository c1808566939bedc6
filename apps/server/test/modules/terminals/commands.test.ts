import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDelivery, TerminalScreenshot } from '@apm/contract';
import { terminalCommands, terminalScreenshots, terminals } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import { STATUS, connect, listeningApp, type ListeningApp } from '../../terminal/channel-client.js';
import { programDoc } from '../programs/fixture.js';
import { caller, claimDevice, consoleFixture, registerDevice, type Device } from './fixture.js';

type Sent = { batchId: string; count: number; commands: { id: number; terminalId: number; state: string }[] };

describe('commands from the console and their delivery state; screenshots', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let online: Device;
  let offline: Device;
  let foreign: Device;
  let pending: Device;

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    const claim = (office: number, cookie: string, name: string) => claimDevice(t.app, cookie, office, name);
    online = await claim(f.offices.a1.id, f.a1, 'Online one');
    offline = await claim(f.offices.a1Shop.id, f.a1, 'Offline one');
    foreign = await claim(f.offices.b.id, f.b, 'B one');
    pending = await registerDevice(t.app);
  });
  afterAll(() => t.close());

  const deliveries = async (query: string, cookie = f.a1) => {
    const res = await api.get(`terminal/commands?${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: CommandDelivery[]; count: number };
  };

  it('sends to online terminals at once (sent once on the channel) and queues for offline ones; acks show in the delivery state', async () => {
    const client = await connect(t, online.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    const res = await api.post('terminalSet/reboot', f.a1, { officeId: f.offices.a1.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = res.body.data as Sent;
    expect(sent.count).toBe(2);
    const stateOf = (id: number) => sent.commands.find((c) => c.terminalId === id)?.state;
    // Answered as written; the gateway marks it sent once it is on the terminal's channel.
    expect(stateOf(online.terminalId)).toBe('queued');
    expect(stateOf(offline.terminalId)).toBe('queued');

    const command = await client.next('command');
    expect(command).toMatchObject({ name: 'reboot', params: {} });
    await t.app.services.terminalCommands.flush();
    expect((await api.get(`terminal/commandSummary?batchId=${sent.batchId}`, f.a1)).body.data).toMatchObject({
      queued: 1,
      sent: 1,
    });
    client.send({ type: 'ack', commandId: command.commandId, ok: true, result: { rebooting: true } });
    // The ack is written in batches: poll the delivery state as the console does.
    let list: CommandDelivery[] = [];
    for (let i = 0; i < 50; i++) {
      list = (await deliveries(`batchId=${sent.batchId}`)).list;
      if (list.some((d) => d.state === 'acked')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const mine = list.find((d) => d.terminalId === online.terminalId)!;
    expect(mine).toMatchObject({
      batchId: sent.batchId,
      terminalName: 'Online one',
      name: 'reboot',
      state: 'acked',
      result: { rebooting: true },
      error: null,
    });
    expect(mine.doneAt).not.toBeNull();
    expect(list.find((d) => d.terminalId === offline.terminalId)?.state).toBe('queued');
    expect((await api.get(`terminal/commandSummary?batchId=${sent.batchId}`, f.a1)).body.data).toEqual({
      total: 2,
      queued: 1,
      sent: 0,
      acked: 1,
      failed: 0,
      expired: 0,
    });
    const perTerminal = await deliveries(`terminalId=${online.terminalId}`);
    expect(perTerminal.list.map((d) => d.id)).toContain(command.commandId);
    // Another tenant sees nothing of it.
    expect((await deliveries(`batchId=${sent.batchId}`, f.b)).count).toBe(0);
    expect((await api.get(`terminal/commandSummary?batchId=${sent.batchId}`, f.b)).status).toBe(404);
    client.close();
  });

  it('refuses bad targets and params with a 4xx naming the field, sending nothing', async () => {
    const before = await countRows(t.db, terminalCommands);
    const cases: [string, object, number, string][] = [
      ['reboot', {}, 400, 'terminalIds'],
      ['reboot', { terminalIds: [foreign.terminalId] }, 404, 'terminalIds'],
      ['reboot', { terminalIds: [online.terminalId, foreign.terminalId] }, 404, 'terminalIds'],
      ['reboot', { officeId: f.offices.b.id }, 404, 'officeId'],
      ['reboot', { terminalIds: 'one' }, 400, 'terminalIds'],
      [
        'command',
        { terminalIds: [online.terminalId], name: 'volume', params: { volume: 101 } },
        400,
        'params.volume',
      ],
      ['command', { terminalIds: [online.terminalId], name: 'volume', params: '{oops' }, 400, 'params'],
      ['playProgram', { terminalIds: [online.terminalId], programId: 999999 }, 404, 'programId'],
      ['terminalSet', { terminalIds: [online.terminalId] }, 400, 'volume'],
    ];
    for (const [path, payload, status, field] of cases) {
      const res = await api.post(`terminalSet/${path}`, f.a1, payload);
      expect(res.status, `${path} ${JSON.stringify(payload)} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.jsonObject).toMatchObject({ fields: { [field]: expect.any(String) } });
    }
    // A program waiting for review is not played now: the server refuses it, not the player.
    await t.app.services.settings.set('auditOpen', true);
    const saved = await api.post('program/save', f.a1, { document: programDoc('Waiting for review') });
    await t.app.services.settings.set('auditOpen', false);
    const waiting = saved.body.data as { id: number; reviewState: string };
    expect(waiting.reviewState).toBe('pending');
    const refused = await api.post('terminalSet/playProgram', f.a1, {
      terminalIds: [online.terminalId],
      programId: waiting.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.jsonObject).toMatchObject({
      reason: 'notApproved',
      fields: { programId: expect.any(String) },
    });
    const unknownName = await api.post('terminalSet/command', f.a1, {
      terminalIds: [online.terminalId],
      name: 'explode',
    });
    expect(unknownName.status).toBe(400);
    // A strategy goes through its own flow, recorded per terminal.
    const strategy = await api.post('terminalSet/command', f.a1, {
      terminalIds: [online.terminalId],
      name: 'applyStrategy',
      params: { strategy: null },
    });
    expect(strategy.status).toBe(400);
    expect(strategy.body.jsonObject).toMatchObject({
      fields: { name: expect.stringContaining('sendStrategy') },
    });
    // A platform admin may see the pending terminal but cannot command it before it is claimed.
    const toPending = await api.post('terminalSet/reboot', f.admin, { terminalIds: [pending.terminalId] });
    expect(toPending.status).toBe(400);
    expect(toPending.body.msg).toMatch(/not claimed/);
    const viewer = await api.post('terminalSet/reboot', f.viewer, { terminalIds: [online.terminalId] });
    expect(viewer.status).toBe(403);
    expect((await api.get('terminal/commands', f.a1)).status).toBe(400);
    expect(await countRows(t.db, terminalCommands)).toBe(before);
  });

  it('keeps volume and power schedule in the terminal settings and sends them; sets the location', async () => {
    const res = await api.post('terminalSet/terminalSet', f.a1, {
      terminalIds: `${online.terminalId},${offline.terminalId}`,
      volume: 35,
      powerSchedule: JSON.stringify([{ weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '20:00' }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ count: 2, batchIds: [expect.any(String), expect.any(String)] });
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, offline.terminalId));
    expect(row!.settings).toEqual({
      volume: 35,
      powerSchedule: [{ weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '20:00' }],
    });
    const queued = await deliveries(`terminalId=${offline.terminalId}`);
    expect(queued.list.slice(0, 2).map((d) => [d.name, d.state])).toEqual([
      ['powerSchedule', 'queued'],
      ['volume', 'queued'],
    ]);
    const badSchedule = await api.post('terminalSet/terminalSet', f.a1, {
      terminalIds: [online.terminalId],
      volume: 90,
      powerSchedule: [{ weekdays: [9], on: '08:00', off: '20:00' }],
    });
    expect(badSchedule.status).toBe(400);
    expect(badSchedule.body.jsonObject).toMatchObject({
      fields: { powerSchedule: expect.stringMatching(/powerSchedule\.0\.weekdays/) },
    });
    expect(
      (await deliveries(`terminalId=${online.terminalId}&state=queued`)).list.some(
        (d) => (d.params as { volume?: number }).volume === 90,
      ),
    ).toBe(false);

    const loc = await api.post('terminalSet/sendLocationOrder', f.a1, {
      terminalIds: [offline.terminalId],
      latitude: 45.46,
      longitude: 9.19,
      address: 'Milano',
    });
    expect(loc.status, JSON.stringify(loc.body)).toBe(200);
    const [moved] = await t.db.select().from(terminals).where(eq(terminals.id, offline.terminalId));
    expect(moved).toMatchObject({ latitude: 45.46, longitude: 9.19, address: 'Milano' });
  });

  it('takes a real-time screenshot: the terminal uploads it, acks with its id; history, latest and bytes are scoped', async () => {
    const client = await connect(t, online.token);
    const res = await api.post('terminalSet/screenShoot', f.a1, { terminalIds: [online.terminalId] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Commands queued while it was away (volume, power schedule) come first, in order.
    let command = await client.next('command');
    while (command.name !== 'screenshot') {
      client.send({ type: 'ack', commandId: command.commandId, ok: true });
      command = await client.next('command');
    }
    const image = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/apm-web/terminal/screenshots?commandId=${command.commandId}`,
      headers: { authorization: `Device ${online.token}`, 'content-type': 'image/png' },
      payload: image,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { screenshotId } = upload.json().data as { screenshotId: number };
    client.send({ type: 'ack', commandId: command.commandId, ok: true, result: { screenshotId } });

    let delivery: CommandDelivery | undefined;
    for (let i = 0; i < 50 && delivery?.state !== 'acked'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      delivery = (await deliveries(`batchId=${(res.body.data as Sent).batchId}`)).list[0];
    }
    expect(delivery).toMatchObject({ state: 'acked', result: { screenshotId } });

    const latest = (await api.get(`terminal/screen?terminalId=${online.terminalId}`, f.viewer)).body
      .data as TerminalScreenshot;
    expect(latest).toMatchObject({
      id: screenshotId,
      mime: 'image/png',
      width: 32,
      height: 18,
      size: image.length,
    });
    const history = (await api.get(`terminal/screenshots?terminalId=${online.terminalId}`, f.a1)).body
      .data as {
      list: TerminalScreenshot[];
      count: number;
    };
    expect(history.count).toBe(1);
    const bytes = await t.app.inject({ method: 'GET', url: latest.url, headers: { cookie: f.a1 } });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(image)).toBe(true);
    const wall = (await api.get('terminal/screenBaseList?keyword=Online', f.a1)).body.data as {
      list: { screenshot: TerminalScreenshot | null }[];
    };
    expect(wall.list[0]?.screenshot?.id).toBe(screenshotId);

    expect(
      (await t.app.inject({ method: 'GET', url: latest.url, headers: { cookie: f.b } })).statusCode,
    ).toBe(404);
    expect((await api.get(`terminal/screen?terminalId=${online.terminalId}`, f.b)).status).toBe(404);
    expect((await api.get(`terminal/screen?terminalId=${offline.terminalId}`, f.a1)).body.data).toBeNull();

    // Removing the terminal takes its screenshots' files along.
    const [stored] = await t.db
      .select()
      .from(terminalScreenshots)
      .where(eq(terminalScreenshots.id, screenshotId));
    const file = t.app.services.filesDir.resolveFilePath(stored!.path);
    expect(existsSync(file)).toBe(true);
    const removed = await api.post('terminalSet/removeTerminals', f.a1, { terminalIds: [online.terminalId] });
    expect(removed.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: latest.url, headers: { cookie: f.a1 } })).statusCode,
    ).toBe(404);
    expect((await client.closedWith()).code).toBe(4401);
  });
});
