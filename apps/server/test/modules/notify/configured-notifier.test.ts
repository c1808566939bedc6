import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfiguredNotifier,
  DEFAULT_FROM,
  type SmtpOptions,
} from '../../../src/modules/notify/configured-notifier.js';
import type { Notifier, OutgoingMessage } from '../../../src/modules/notify/outbox.js';
import { SETTINGS } from '../../../src/modules/settings/registry.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const email: OutgoingMessage = { channel: 'email', to: 'a@example.com', subject: 'Code', text: '123456' };
const sms: OutgoingMessage = { channel: 'sms', to: '+8613800000000', subject: 'Code', text: '654321' };

describe('ConfiguredNotifier', () => {
  let t: TestApp;
  let gateway: Server;
  let gatewayUrl: string;
  const received: { auth?: string; body: unknown }[] = [];
  const outboxed: OutgoingMessage[] = [];
  const outbox: Notifier = { send: async (m) => void outboxed.push(m) };
  const transports: SmtpOptions[] = [];
  const mailed: Record<string, unknown>[] = [];
  const factory = async (options: SmtpOptions) => {
    transports.push(options);
    return { sendMail: async (mail: Record<string, unknown>) => void mailed.push(mail) } as never;
  };

  beforeAll(async () => {
    t = await createTestApp();
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.statusCode = body.includes('fail') ? 502 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    gateway?.close();
    await t?.close();
  });

  it('writes to the outbox when nothing is configured', async () => {
    const notifier = new ConfiguredNotifier(t.app.services.settings, outbox, undefined, factory);
    await notifier.send(email);
    await notifier.send(sms);
    expect(outboxed).toEqual([email, sms]);
    expect(transports).toEqual([]);
  });

  it('uses SMTP_URL when the settings name no server, and the settings once they do', async () => {
    const { settings } = t.app.services;
    const notifier = new ConfiguredNotifier(settings, outbox, 'smtp://env.example.com:25', factory);
    await notifier.send(email);
    expect(transports.at(-1)).toBe('smtp://env.example.com:25');
    expect(mailed.at(-1)).toMatchObject({ from: DEFAULT_FROM, to: email.to, text: email.text });

    await settings.set('smtpServer', {
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: 'mailer',
      from: 'apm@example.com',
    });
    await settings.set('smtpPassword', 's3cret');
    await notifier.send(email);
    await notifier.send(email);
    expect(transports.slice(1)).toEqual([
      { host: 'smtp.example.com', port: 587, secure: false, auth: { user: 'mailer', pass: 's3cret' } },
    ]);
    expect(mailed.at(-1)).toMatchObject({ from: 'apm@example.com', to: email.to });
    await settings.set('smtpServer', SETTINGS.smtpServer.default);
  });

  it('posts SMS to the configured HTTP gateway with the secret, and reports a refusal', async () => {
    const { settings } = t.app.services;
    const notifier = new ConfiguredNotifier(settings, outbox, undefined, factory);
    await settings.set('smsProvider', {
      provider: 'http',
      url: gatewayUrl,
      accessKeyId: 'AK1',
      signName: 'APM',
      templateCode: 'T1',
      region: 'cn',
    });
    await settings.set('smsAccessSecret', 'gateway-secret');
    const before = outboxed.length;
    await notifier.send(sms);
    expect(received.at(-1)).toEqual({
      auth: 'Bearer gateway-secret',
      body: {
        to: sms.to,
        text: sms.text,
        accessKeyId: 'AK1',
        signName: 'APM',
        templateCode: 'T1',
        region: 'cn',
      },
    });
    expect(outboxed.length).toBe(before);
    await expect(notifier.send({ ...sms, text: 'fail' })).rejects.toThrow('HTTP 502');
    await settings.set('smsProvider', SETTINGS.smsProvider.default);
  });
});
