import type { MessageDeliveryPage, ServerMessage } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaterial } from '../materials/library-fixture.js';
import { programDoc } from '../programs/fixture.js';
import {
  STATUS,
  connect,
  listeningApp,
  type ChannelClient,
  type ListeningApp,
} from '../../terminal/channel-client.js';
import { caller, claimDevice, consoleFixture, type Device } from '../terminals/fixture.js';
import { messageDoc, toTerminals } from './fixture.js';

type Command = Extract<ServerMessage, { type: 'command' }>;

describe('message delivery over the terminal channel: send, ack, offline catch-up, stop, per-terminal states', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let online: Device;
  let offline: Device;
  let foreign: Device;
  let hall: ChannelClient;
  let message: number;

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    online = await claimDevice(t.app, f.a1, f.offices.a1.id, 'Hall');
    offline = await claimDevice(t.app, f.a1, f.offices.a1Shop.id, 'Shop');
    foreign = await claimDevice(t.app, f.b, f.offices.b.id, 'B screen');
    hall = await connect(t, online.token);
  });
  afterAll(async () => {
    hall.close();
    await t.close();
  });

  const post = async (url: string, payload: object, cookie = f.a1) => {
    const res = await api.post(`publishMessage/${url}`, cookie, payload);
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data as never;
  };
  const delivery = async (id = message, query = '') =>
    (await api.get(`publishMessage/findSendMessages?id=${id}${query}`, f.a1)).body
      .data as MessageDeliveryPage;
  const statesOf = async (id = message) =>
    Object.fromEntries((await delivery(id)).list.map((d) => [d.name, d.state]));
  const nextCommand = async (client: ChannelClient, name: string): Promise<Command> => {
    const command = await client.next('command');
    expect(command.name).toBe(name);
    return command;
  };
  const manifestMessages = async (token: string) => {
    const res = await t.app.inject({
      url: '/apm-web/terminal/manifest',
      headers: { authorization: `Device ${token}` },
    });
    return (res.json().data.messages as { id: number; revision: number }[]).map((m) => [m.id, m.revision]);
  };

  it('sends one showMessage batch: online terminals get it at once and ack; offline ones are queued', async () => {
    const saved = await post('ajaxSave', {
      name: 'Closing',
      document: messageDoc(),
      targets: toTerminals(online.terminalId, offline.terminalId),
    });
    message = (saved as { id: number }).id;
    const sent = (await post('savePublish', { id: message })) as {
      terminalCount: number;
      online: number;
      queued: number;
    };
    expect(sent).toMatchObject({ id: message, terminalCount: 2, online: 1, queued: 1 });
    const command = await nextCommand(hall, 'showMessage');
    expect(command.params).toEqual({
      message: { id: message, revision: 1, name: 'Closing', document: messageDoc(), imageUrl: null },
    });
    hall.send({ type: 'ack', commandId: command.commandId, ok: true, result: { showing: true } });
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'queued' });
    const page = await delivery();
    expect(page.counts).toEqual({ queued: 1, delivered: 0, showing: 1, expired: 0, failed: 0, stopped: 0 });
    expect(page.list.find((d) => d.name === 'Hall')).toMatchObject({
      online: true,
      revision: 1,
      error: null,
    });
    expect(page.list.find((d) => d.name === 'Shop')).toMatchObject({ online: false, doneAt: null });
    expect((await delivery(message, '&state=queued')).list.map((d) => d.name)).toEqual(['Shop']);
    expect((await delivery(message, '&keyword=hal')).list.map((d) => d.name)).toEqual(['Hall']);
    const listed = (await api.get('publishMessage/list?status=sent', f.a1)).body.data as {
      list: { id: number; delivery: object; sentAt: string | null }[];
    };
    expect(listed.list.find((m) => m.id === message)).toMatchObject({
      delivery: { showing: 1, queued: 1 },
      sentAt: expect.any(String),
    });
    expect(await manifestMessages(online.token)).toEqual([[message, 1]]);
    const current = (await api.get(`terminalSet/getCurTerminalMessage?terminalId=${online.terminalId}`, f.a1))
      .body.data;
    expect(current).toMatchObject([
      { messageId: message, name: 'Closing', kind: 'ticker', state: 'showing' },
    ]);
  });

  it('gives an offline terminal the message when it connects; a new revision reaches every holder', async () => {
    const shop = await connect(t, offline.token);
    const command = await nextCommand(shop, 'showMessage');
    shop.send({ type: 'ack', commandId: command.commandId, ok: true, result: { showing: false } });
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'delivered' });
    // Its window opens later: the heartbeat's messages on screen make it showing, and delivered again after.
    const beat = async (seq: number, onScreen: number[]) => {
      shop.send({ type: 'heartbeat', seq, status: { ...STATUS, messages: onScreen } });
      await shop.next('heartbeatAck');
      await t.app.services.terminalPresence.flush();
    };
    await beat(1, [message]);
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'showing' });
    await beat(2, []);
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'delivered' });
    await post('ajaxSave', {
      id: message,
      name: 'Closing',
      document: messageDoc('ticker', 'Store closes at 9 pm'),
      targets: toTerminals(online.terminalId, offline.terminalId),
    });
    for (const client of [hall, shop]) {
      const again = await nextCommand(client, 'showMessage');
      expect(again.params).toMatchObject({
        message: { revision: 2, document: { text: 'Store closes at 9 pm' } },
      });
      client.send({ type: 'ack', commandId: again.commandId, ok: false, error: 'no room' });
    }
    await expect.poll(statesOf).toEqual({ Hall: 'failed', Shop: 'failed' });
    expect((await delivery()).list[0]).toMatchObject({ error: 'no room', revision: 2 });
    shop.close();
    await shop.closedWith();
  });

  it('stops on every screen: stopMessage to online terminals, nothing undelivered reaches offline ones later', async () => {
    // The shop is offline: the next revision waits for it, then the stop withdraws it.
    await post('ajaxSave', {
      id: message,
      name: 'Closing',
      document: messageDoc('ticker', 'Closed'),
      targets: toTerminals(online.terminalId, offline.terminalId),
    });
    const revision3 = await nextCommand(hall, 'showMessage');
    hall.send({ type: 'ack', commandId: revision3.commandId, ok: true, result: { showing: true } });
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'queued' });
    const stopped = (await post('stop', { id: message })) as { terminalCount: number; online: number };
    expect(stopped).toMatchObject({ terminalCount: 2, online: 1 });
    const stop = await nextCommand(hall, 'stopMessage');
    expect(stop.params).toEqual({ messageId: message });
    expect(await statesOf()).toEqual({ Hall: 'stopped', Shop: 'stopped' });
    expect(await manifestMessages(online.token)).toEqual([]);
    const shop = await connect(t, offline.token);
    const got = await nextCommand(shop, 'stopMessage');
    expect(got.params).toEqual({ messageId: message });
    await new Promise((r) => setTimeout(r, 200));
    expect(shop.pending().filter((m) => m.type === 'command')).toEqual([]);
    expect(await manifestMessages(offline.token)).toEqual([]);
    const summary = (await api.get(`publishMessage/getPublishMessage?id=${message}`, f.a1)).body.data as {
      status: string;
      delivery: object;
    };
    expect(summary).toMatchObject({ status: 'stopped', delivery: { stopped: 2 } });
    shop.close();
  });

  it('sends again to all or some terminals, and stops one message on some terminals only', async () => {
    const all = (await post('reuploadMessage', { id: message })) as { terminalCount: number };
    expect(all.terminalCount).toBe(2);
    const shown = await nextCommand(hall, 'showMessage');
    hall.send({ type: 'ack', commandId: shown.commandId, ok: true, result: { showing: true } });
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'queued' });
    const some = (await post('reuploadMessage', { id: message, terminalIds: [online.terminalId] })) as {
      terminalCount: number;
    };
    expect(some.terminalCount).toBe(1);
    await nextCommand(hall, 'showMessage');
    const notSent = await api.post('publishMessage/reuploadMessage', f.a1, {
      id: message,
      terminalIds: [foreign.terminalId],
    });
    expect(notSent.status).toBe(404);
    expect(Object.keys((notSent.body.jsonObject as { fields: object }).fields)).toEqual(['terminalIds']);

    const res = await api.post('terminalSet/deleteTerminalMessage', f.a1, {
      terminalIds: [online.terminalId],
      messageId: message,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await nextCommand(hall, 'stopMessage');
    expect(await statesOf()).toEqual({ Hall: 'stopped', Shop: 'queued' });
    expect(
      (await api.get(`terminalSet/getCurTerminalMessage?terminalId=${online.terminalId}`, f.a1)).body.data,
    ).toEqual([]);
    // Comma-joined ids (form bodies) are read alike.
    const bTries = await api.post('terminalSet/deleteTerminalMessage', f.b, {
      terminalIds: String(foreign.terminalId),
      messageId: message,
    });
    expect(bTries.status).toBe(404);
    expect(
      (await api.get(`terminalSet/getCurTerminalMessage?terminalId=${online.terminalId}`, f.b)).status,
    ).toBe(404);
  });

  it('plays a message now through terminalSet/playMessage only when it is in scope and sendable', async () => {
    const res = await api.post('terminalSet/playMessage', f.a1, {
      terminalIds: [online.terminalId],
      messageId: message,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as { count: number }).count).toBe(1);
    const command = await nextCommand(hall, 'showMessage');
    expect(command.params).toMatchObject({ message: { id: message, revision: 3 } });
    hall.send({ type: 'ack', commandId: command.commandId, ok: true, result: { showing: true } });
    await expect.poll(statesOf).toEqual({ Hall: 'showing', Shop: 'queued' });
    const foreignMessage = (await post(
      'ajaxSave',
      { name: 'B news', document: messageDoc(), targets: toTerminals(foreign.terminalId) },
      f.b,
    )) as { id: number };
    const refused = await api.post('terminalSet/playMessage', f.a1, {
      terminalIds: [online.terminalId],
      messageId: foreignMessage.id,
    });
    expect(refused.status).toBe(404);
    const unknown = await api.post('terminalSet/playMessage', f.a1, {
      terminalIds: [online.terminalId],
      messageId: 999999,
    });
    expect(unknown.status).toBe(404);
    const raw = await api.post('terminalSet/command', f.a1, {
      terminalIds: [online.terminalId],
      name: 'showMessage',
      params: { message: { id: foreignMessage.id, revision: 1, name: 'x', document: messageDoc() } },
    });
    expect(raw.status).toBe(400);
    const byName = await api.post('terminalSet/command', f.a1, {
      terminalIds: [online.terminalId],
      name: 'playMessage',
      params: { messageId: foreignMessage.id },
    });
    expect(byName.status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(hall.pending().filter((m) => m.type === 'command')).toEqual([]);
  });

  it('refuses to send what cannot be shown: past its end, no terminals; a deleted message stops everywhere', async () => {
    const past = (await post('ajaxSave', {
      name: 'Yesterday',
      document: messageDoc('ticker', 'Old', { validUntil: '2020-01-01T00:00:00Z' }),
      targets: toTerminals(online.terminalId),
    })) as { id: number; status: string };
    expect(past.status).toBe('expired');
    const expired = await api.post('publishMessage/savePublish', f.a1, { id: past.id });
    expect(expired.status).toBe(409);
    const empty = (await post('ajaxSave', {
      name: 'Nobody',
      document: messageDoc(),
      targets: { terminalIds: [], groupIds: [], officeIds: [] },
    })) as { id: number };
    const none = await api.post('publishMessage/savePublish', f.a1, { id: empty.id });
    expect(none.status).toBe(400);
    expect(Object.keys((none.body.jsonObject as { fields: object }).fields)).toEqual(['targets']);

    await post('ajaxDelete', { ids: [message] });
    await nextCommand(hall, 'stopMessage');
    expect(await manifestMessages(online.token)).toEqual([]);
    expect((await api.post('publishMessage/savePublish', f.a1, { id: message })).status).toBe(404);
    await post('restore', { ids: [message] });
    await new Promise((r) => setTimeout(r, 200));
    expect(hall.pending().filter((m) => m.type === 'command')).toEqual([]);
    expect(await manifestMessages(online.token)).toEqual([]);
  });

  it('lists a notice’s image and a takeover’s program in the manifest; the terminal may download the image', async () => {
    const image = await addMaterial(t.app, t.db, {
      name: 'sale.png',
      officeId: f.offices.a1.id,
      bytes: 'sale png',
    });
    const notice = (await post('ajaxSave', {
      name: 'Sale',
      document: messageDoc('notice', 'Sale', {
        notice: { ...messageDoc('notice').notice!, imageMaterialId: image.id },
      }),
      targets: toTerminals(online.terminalId),
    })) as { id: number };
    const files = `/apm-web/terminal/files/${image.id}`;
    const download = () => t.app.inject({ url: files, headers: { authorization: `Device ${online.token}` } });
    expect((await download()).statusCode).toBe(404);
    await post('savePublish', { id: notice.id });
    const shown = await nextCommand(hall, 'showMessage');
    expect(shown.params).toMatchObject({ message: { imageUrl: files } });
    await hall.next('manifest');
    const manifest = (
      await t.app.inject({
        url: '/apm-web/terminal/manifest',
        headers: { authorization: `Device ${online.token}` },
      })
    ).json().data;
    expect(manifest.messages).toMatchObject([{ id: notice.id, imageUrl: files }]);
    expect((await download()).statusCode).toBe(200);

    const program = (
      (await api.post('program/save', f.a1, { document: programDoc('Evacuate') })).body.data as { id: number }
    ).id;
    const takeover = (await post('ajaxSave', {
      name: 'Fire',
      document: messageDoc('takeover', '', { takeover: { programId: program, align: 'center' } }),
      targets: toTerminals(online.terminalId),
    })) as { id: number };
    const before = manifest.version;
    await post('savePublish', { id: takeover.id });
    await nextCommand(hall, 'showMessage');
    const after = (
      await t.app.inject({
        url: '/apm-web/terminal/manifest',
        headers: { authorization: `Device ${online.token}` },
      })
    ).json().data;
    expect(after.version).not.toBe(before);
    expect(after.messages.map((m: { id: number }) => m.id)).toEqual([notice.id, takeover.id]);
    expect(after.programs).toMatchObject([{ id: program, name: 'Evacuate', published: false }]);
  });
});
