import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { webhookSignature } from '../../../src/modules/messages/webhook-service.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addTerminal } from '../programs/fixture.js';
import { PASSWORD, addUser, buildTenants } from '../users/fixture.js';
import { messageDoc, toTerminals } from './fixture.js';

describe('the inbound message webhook: signed calls send or stop a tenant’s message, bad signatures send nothing', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let secret: string;
  let url: string;
  let screen: number;
  let fire: number;
  let bMessage: number;
  const bus: TerminalDelivery[] = [];

  const post = (path: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `/apm-web/a/api/${path}`, payload, headers: { cookie } });
  const get = (path: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/${path}`, headers: { cookie } });
  const call = (
    body: object | string,
    opts: { key?: string; at?: number; target?: string; tamper?: (raw: string) => string } = {},
  ) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = String(opts.at ?? Math.floor(Date.now() / 1000));
    return t.app.inject({
      method: 'POST',
      url: opts.target ?? url,
      headers: {
        'content-type': 'application/json',
        'x-apm-timestamp': timestamp,
        'x-apm-signature': webhookSignature(opts.key ?? secret, timestamp, raw),
      },
      payload: opts.tamper ? opts.tamper(raw) : raw,
    });
  };
  const commands = (name: string) =>
    bus.filter((d) => d.message.type === 'command' && d.message.name === name && d.terminalId === screen);

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    screen = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1Shop.id });
    const bScreen = await addTerminal(t.db, { name: 'B', officeId: f.offices.b.id });
    const save = async (name: string, targets: object, cookie = a1) =>
      (
        await post(
          'publishMessage/ajaxSave',
          {
            name,
            document: messageDoc('takeover', 'Evacuate the building', {
              takeover: { programId: null, align: 'center' },
            }),
            targets,
          },
          cookie,
        )
      ).json().data.id as number;
    fire = await save('Fire', toTerminals(screen));
    bMessage = await save('B fire', toTerminals(bScreen), b);
    t.app.services.terminalBus.subscribe((d) => bus.push(...d));
  });
  afterAll(() => t.close());

  it('makes a tenant secret from the console, shown once; needs the whole tenant’s data range', async () => {
    const before = (await get('publishMessage/webhook')).json().data;
    url = `/apm-web/f/messageWebhook/${f.offices.a1.id}`;
    expect(before).toEqual({ configured: false, url, createdAt: null, lastUsedAt: null });
    const made = (await post('publishMessage/webhookSecret', {})).json().data;
    expect(made).toMatchObject({ configured: true, url, secret: expect.stringMatching(/^[\w-]{40,}$/) });
    secret = made.secret;
    const info = (await get('publishMessage/webhook')).json().data;
    expect(info).toMatchObject({ configured: true, createdAt: expect.any(String) });
    expect(JSON.stringify(info)).not.toContain(secret);
    await addUser(t.db, 'a1office', f.offices.a1.id, [f.roles.operator], { dataRange: 'office' });
    expect((await get('publishMessage/webhook', await login(t.app, 'a1office', PASSWORD))).statusCode).toBe(
      403,
    );
  });

  it('sends and stops the tenant’s message for a correctly signed, fresh call', async () => {
    const sent = await call({ messageId: fire, action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ id: fire, terminalCount: 1, online: 0, queued: 1 });
    expect(commands('showMessage')).toHaveLength(1);
    const detail = (await get(`publishMessage/getPublishMessage?id=${fire}`)).json().data;
    expect(detail).toMatchObject({ status: 'sent', delivery: { queued: 1 } });
    const stopped = await call({ messageId: fire, action: 'stop' });
    expect(stopped.statusCode).toBe(200);
    expect(commands('stopMessage')).toHaveLength(1);
    expect((await get(`publishMessage/getPublishMessage?id=${fire}`)).json().data.status).toBe('stopped');
    expect((await get('publishMessage/webhook')).json().data.lastUsedAt).not.toBeNull();
  });

  it('answers 401 and sends nothing for a wrong, stale, tampered or missing signature', async () => {
    bus.length = 0;
    const body = { messageId: fire, action: 'send' };
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await call(body, { key: 'not the secret' }),
      await call(body, { at: now - 301 }),
      await call(body, { at: now + 301 }),
      await call(body, { tamper: (raw) => raw.replace('"send"', '"stop"') }),
      await call(body, { target: `/apm-web/f/messageWebhook/${f.offices.b.id}` }),
      await call(body, { target: '/apm-web/f/messageWebhook/999999' }),
      await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
      await t.app.inject({
        method: 'POST',
        url,
        payload: 'messageId=1&action=send',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ];
    for (const res of refused) expect(res.statusCode, res.body).toBe(401);
    // An ill-formed body is refused by its schema, before its signature is looked at.
    expect((await call({ nonsense: true }, { key: 'x' })).statusCode).toBe(400);
    expect(bus.filter((d) => d.message.type === 'command')).toEqual([]);
    await t.app.services.audit.flush();
    const audited = await t.db
      .select({ status: auditLogs.status, userId: auditLogs.userId })
      .from(auditLogs)
      .where(eq(auditLogs.path, url))
      .orderBy(desc(auditLogs.id));
    // Two of the refused calls named other tenants' URLs (recorded under those paths).
    expect(audited.filter((a) => a.status === 401)).toHaveLength(refused.length - 2);
    expect(audited.filter((a) => a.status === 200)).toHaveLength(2);
    expect(audited.every((a) => a.userId === null)).toBe(true);
  });

  it('acts on the tenant’s own messages only, with the console’s checks; a new or removed secret ends the old one', async () => {
    expect((await call({ messageId: bMessage, action: 'send' })).statusCode).toBe(404);
    const bad = await call({ messageId: fire, action: 'explode' });
    expect(bad.statusCode).toBe(400);
    await t.app.services.settings.set('auditOpen', true);
    const waiting = (
      await post('publishMessage/ajaxSave', {
        name: 'Unreviewed',
        document: messageDoc('takeover', 'Leave now', { takeover: { programId: null, align: 'center' } }),
        targets: toTerminals(screen),
      })
    ).json().data.id as number;
    expect((await call({ messageId: waiting, action: 'send' })).statusCode).toBe(409);
    await t.app.services.settings.set('auditOpen', false);
    const old = secret;
    secret = (await post('publishMessage/webhookSecret', {})).json().data.secret;
    expect((await call({ messageId: fire, action: 'send' }, { key: old })).statusCode).toBe(401);
    expect((await call({ messageId: fire, action: 'send' })).statusCode).toBe(200);
    expect((await post('publishMessage/webhookDelete', {})).statusCode).toBe(200);
    expect((await call({ messageId: fire, action: 'stop' })).statusCode).toBe(401);
  });
});
