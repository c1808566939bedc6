import { DEBUG_STREAM_LEASE_SECONDS } from '@apm/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, terminalCommands } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import type { ChannelClient } from '../../terminal/channel-client.js';
import { connect, listeningApp, type ListeningApp } from '../../terminal/channel-client.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { login } from '../../helpers/app.js';
import { addTerminal, caller, claimDevice, consoleFixture, registerDevice } from '../terminals/fixture.js';

const BASE = '/apm-web/a/api/terminalDebug';

describe('terminal debugging (terminalDebug/...)', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let debugA1: string;
  let debugViewer: string;
  let debugB: string;
  let kiosk: { terminalId: number; client: ChannelClient };
  let other: { terminalId: number; client: ChannelClient };
  let offlineId: number;

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    const full = await addRole(t.db, 'debugA1', f.offices.a1.id, [
      'terminal:debug:view',
      'terminal:debug:command',
    ]);
    const view = await addRole(t.db, 'debugViewA1', f.offices.a1.id, ['terminal:debug:view']);
    const bRole = await addRole(t.db, 'debugB', f.offices.b.id, [
      'terminal:debug:view',
      'terminal:debug:command',
    ]);
    await addUser(t.db, 'a1debug', f.offices.a1.id, [full]);
    await addUser(t.db, 'a1debugview', f.offices.a1.id, [view]);
    await addUser(t.db, 'bdebug', f.offices.b.id, [bRole]);
    debugA1 = await login(t.app, 'a1debug', PASSWORD);
    debugViewer = await login(t.app, 'a1debugview', PASSWORD);
    debugB = await login(t.app, 'bdebug', PASSWORD);
    const open = async (name: string) => {
      const device = await claimDevice(t.app, f.admin, f.offices.a1Shop.id, name);
      return { terminalId: device.terminalId, client: await connect(t, device.token) };
    };
    kiosk = await open('Debug kiosk');
    other = await open('Other kiosk');
    offlineId = await addTerminal(t.db, { name: 'Away', officeId: f.offices.a1.id });
  });
  afterAll(async () => {
    kiosk?.client.close();
    other?.client.close();
    await t?.close();
  });

  it('pings a terminal over its channel and answers the round trip', async () => {
    const asked = api.post('terminalDebug/ping', debugA1, { terminalId: kiosk.terminalId });
    const ping = await kiosk.client.next('debugPing');
    expect(ping.requestId).toMatch(/^[A-Za-z0-9-]+$/);
    await new Promise((resolve) => setTimeout(resolve, 30));
    kiosk.client.send({ type: 'debugPong', requestId: ping.requestId });
    const res = await asked;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as { answered: boolean; rttMs: number; reason: string | null };
    expect(data).toMatchObject({ answered: true, reason: null });
    // The server timed it from writing the ping to reading the pong: at least the 30 ms it waited.
    expect(data.rttMs).toBeGreaterThanOrEqual(25);
    expect(data.rttMs).toBeLessThan(5000);
  });

  it('answers offline at once for a terminal without a channel, and timeout when it stays silent', async () => {
    const started = Date.now();
    const offline = await api.post('terminalDebug/ping', debugA1, { terminalId: offlineId });
    expect(offline.body.data).toEqual({ answered: false, rttMs: null, reason: 'offline' });
    expect(Date.now() - started).toBeLessThan(2000);

    // Another terminal answering the request is not taken for it.
    const asked = api.post('terminalDebug/ping', debugA1, { terminalId: kiosk.terminalId });
    const ping = await kiosk.client.next('debugPing');
    other.client.send({ type: 'debugPong', requestId: ping.requestId });
    expect((await asked).body.data).toEqual({ answered: false, rttMs: null, reason: 'timeout' });
    expect(other.client.closed).toBeNull();
  }, 15_000);

  it('asks a terminal for its last errors and answers them newest first', async () => {
    const asked = api.get(`terminalDebug/errors?terminalId=${kiosk.terminalId}`, debugViewer);
    const request = await kiosk.client.next('debugErrors');
    const errors = [
      { at: '2026-01-01T10:00:00.000Z', kind: 'download', message: 'material 4: HTTP 404' },
      { at: '2026-01-01T10:05:00.000Z', kind: 'error', message: 'TypeError: x is undefined' },
    ];
    kiosk.client.send({ type: 'debugErrorsAnswer', requestId: request.requestId, errors });
    const res = await asked;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ answered: true, reason: null, errors: [errors[1], errors[0]] });
    const offline = await api.get(`terminalDebug/errors?terminalId=${offlineId}`, debugViewer);
    expect(offline.body.data).toEqual({ answered: false, reason: 'offline', errors: [] });
  });

  it('streams log lines on a lease: told to start, lines read by cursor without repeats, told to stop when the last console leaves', async () => {
    const watch = { terminalId: kiosk.terminalId, watcherId: 'console-one-1234' };
    const opened = await api.post('terminalDebug/logStream', debugViewer, watch);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ watchers: 1, streamingUntil: expect.any(String) });
    const until = Date.parse((opened.body.data as { streamingUntil: string }).streamingUntil);
    expect(until - Date.now()).toBeGreaterThan((DEBUG_STREAM_LEASE_SECONDS - 5) * 1000);
    expect(await kiosk.client.next('debugLogStream')).toMatchObject({ seconds: DEBUG_STREAM_LEASE_SECONDS });

    const line = (seq: number, text: string, level = 'info') => ({
      seq,
      at: new Date().toISOString(),
      level,
      text,
    });
    kiosk.client.send({
      type: 'debugLog',
      boot: 'boot-a',
      lines: [line(0, 'connected'), line(1, 'manifest fetched')],
    });
    const read = async (cursor?: string) => {
      const q = cursor ? `&cursor=${cursor}` : '';
      const res = await api.get(`terminalDebug/logs?terminalId=${kiosk.terminalId}${q}`, debugViewer);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as {
        lines: { text: string; n: number; boot: string }[];
        cursor: string;
        reset: boolean;
      };
    };
    await expect
      .poll(async () => (await read()).lines.map((l) => l.text))
      .toEqual(['connected', 'manifest fetched']);
    const first = await read();
    // The backlog again after a restart of the stream, and one new line: only the new one is kept.
    kiosk.client.send({
      type: 'debugLog',
      boot: 'boot-a',
      lines: [line(0, 'connected'), line(1, 'manifest fetched'), line(2, 'download failed', 'error')],
    });
    await expect
      .poll(async () => (await read(first.cursor)).lines.map((l) => l.text))
      .toEqual(['download failed']);
    const after = await read(first.cursor);
    expect((await read(after.cursor)).lines).toEqual([]);
    // A cursor of a buffer that is gone starts over from the beginning.
    const reset = await read('abc123.5');
    expect(reset.reset).toBe(true);
    expect(reset.lines).toHaveLength(3);

    // A second console watches; the first one leaving does not stop the stream, the second does.
    const second = { ...watch, watcherId: 'console-two-5678' };
    expect((await api.post('terminalDebug/logStream', debugA1, second)).body.data).toMatchObject({
      watchers: 2,
    });
    await kiosk.client.next('debugLogStream');
    const left = await api.post('terminalDebug/closeLogStream', debugViewer, watch);
    expect(left.body.data).toMatchObject({ watchers: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(kiosk.client.pending().filter((m) => m.type === 'debugLogStream')).toEqual([]);
    const last = await api.post('terminalDebug/closeLogStream', debugA1, second);
    expect(last.body.data).toEqual({ watchers: 0, streamingUntil: null });
    expect(await kiosk.client.next('debugLogStream')).toMatchObject({ seconds: 0 });
  });

  it('reloads and clears the cache with commands the terminal acknowledges, audited', async () => {
    for (const [path, name] of [
      ['reload', 'reboot'],
      ['clearCache', 'clearCache'],
    ] as const) {
      const res = await api.post(`terminalDebug/${path}`, debugA1, { terminalId: kiosk.terminalId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const sent = res.body.data as { commandId: number; batchId: string };
      const command = await kiosk.client.next('command');
      expect(command).toMatchObject({ commandId: sent.commandId, name, params: {} });
      kiosk.client.send({ type: 'ack', commandId: command.commandId, ok: true, result: { done: path } });
      await expect
        .poll(async () => {
          const page = await api.get(`terminal/commands?terminalId=${kiosk.terminalId}`, debugA1);
          return (page.body.data as { list: { id: number; state: string }[] }).list.find(
            (c) => c.id === sent.commandId,
          )?.state;
        })
        .toBe('acked');
    }
    await t.app.services.audit.flush();
    const rows = await t.db
      .select({ action: auditLogs.action, status: auditLogs.status })
      .from(auditLogs)
      .where(inArray(auditLogs.action, [`${BASE}/reload`, `${BASE}/clearCache`, `${BASE}/ping`]));
    expect(rows.filter((r) => r.status === 200).map((r) => r.action)).toEqual(
      expect.arrayContaining([`${BASE}/reload`, `${BASE}/clearCache`, `${BASE}/ping`]),
    );
  });

  it('refuses bad input with a 400 naming the field, sending nothing', async () => {
    const before = await countRows(t.db, terminalCommands);
    const cases: ['GET' | 'POST', string, object | undefined, string][] = [
      ['POST', 'ping', {}, 'terminalId'],
      ['POST', 'ping', { terminalId: 'one' }, 'terminalId'],
      ['POST', 'ping', { terminalId: 0 }, 'terminalId'],
      ['POST', 'reload', { terminalId: -3 }, 'terminalId'],
      ['POST', 'clearCache', { terminalId: 2_147_483_648 }, 'terminalId'],
      ['POST', 'logStream', { terminalId: kiosk.terminalId }, 'watcherId'],
      ['POST', 'logStream', { terminalId: kiosk.terminalId, watcherId: 'bad id!' }, 'watcherId'],
      ['POST', 'closeLogStream', { terminalId: kiosk.terminalId, watcherId: 'x' }, 'watcherId'],
      ['GET', `logs?terminalId=${kiosk.terminalId}&cursor=nope`, undefined, 'cursor'],
      ['GET', 'logs?terminalId=1x', undefined, 'terminalId'],
      ['GET', 'errors', undefined, 'terminalId'],
    ];
    for (const [method, path, payload, field] of cases) {
      const res =
        method === 'GET'
          ? await api.get(`terminalDebug/${path}`, debugA1)
          : await api.post(`terminalDebug/${path}`, debugA1, payload!);
      expect(res.status, `${path} ${JSON.stringify(payload)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toContain(field);
    }
    // A terminal waiting to be claimed has nothing to debug yet (a platform admin sees it).
    const pending = await registerDevice(t.app);
    const refused = await api.post('terminalDebug/reload', f.admin, { terminalId: pending.terminalId });
    expect(refused.status).toBe(400);
    expect(refused.body.jsonObject).toMatchObject({ fields: { terminalId: expect.any(String) } });
    expect(await countRows(t.db, terminalCommands)).toBe(before);
  });

  it('refuses callers without the permission, and another tenant’s terminal', async () => {
    const before = await countRows(t.db, terminalCommands);
    const id = kiosk.terminalId;
    // Terminal monitor rights alone do not open debugging.
    expect((await api.post('terminalDebug/ping', f.viewer, { terminalId: id })).status).toBe(403);
    expect((await api.get(`terminalDebug/logs?terminalId=${id}`, f.viewer)).status).toBe(403);
    expect((await api.get(`terminalDebug/errors?terminalId=${id}`, f.viewer)).status).toBe(403);
    // Viewing is not commanding.
    expect((await api.post('terminalDebug/reload', debugViewer, { terminalId: id })).status).toBe(403);
    expect((await api.post('terminalDebug/clearCache', debugViewer, { terminalId: id })).status).toBe(403);
    // Another tenant: 404 naming the terminal, nothing sent to it.
    for (const [method, path, payload] of [
      ['POST', 'ping', { terminalId: id }],
      ['POST', 'reload', { terminalId: id }],
      ['POST', 'clearCache', { terminalId: id }],
      ['POST', 'logStream', { terminalId: id, watcherId: 'tenant-b-console' }],
      ['GET', `logs?terminalId=${id}`, undefined],
      ['GET', `errors?terminalId=${id}`, undefined],
    ] as const) {
      const res =
        method === 'GET'
          ? await api.get(`terminalDebug/${path}`, debugB)
          : await api.post(`terminalDebug/${path}`, debugB, payload!);
      expect(res.status, `${path} → ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.jsonObject).toMatchObject({ fields: { terminalId: expect.any(String) } });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kiosk.client.pending().filter((m) => m.type.startsWith('debug') || m.type === 'command')).toEqual(
      [],
    );
    expect(await countRows(t.db, terminalCommands)).toBe(before);
  });
});
