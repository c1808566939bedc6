import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/index.js';
import { createTestApp, createUser, encrypt, initSystem, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';

const GRACE = { loginName: 'grace', password: 'Grace#2026pw', email: 'grace@example.com' };

describe('sign-in verification codes (seniorValidation)', () => {
  let t: TestApp;
  let address = 0;
  let outbox: string;
  beforeAll(async () => {
    t = await createTestApp();
    outbox = path.join(t.config.dataDir, 'outbox', 'email');
    await initSystem(t.app);
    await createUser(t.db, GRACE);
    await createUser(t.db, { loginName: 'henry', password: 'Henry#2026pw' });
    await t.app.services.settings.set('seniorValidation', true);
  });
  afterAll(() => t.close());

  const mails = (): { to: string; subject: string; text: string }[] => {
    let names: string[];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    return names.map((n) => JSON.parse(readFileSync(path.join(outbox, n), 'utf8')));
  };
  const sendCode = async (username: string, way?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/sendLoginVerificationCode',
      remoteAddress: `10.4.0.${++address}`,
      payload: { username: await encrypt(t.app, username), ...(way ? { way } : {}) },
    });
  const signIn = async (verificationCode?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.4.1.1',
      payload: {
        username: await encrypt(t.app, GRACE.loginName),
        password: await encrypt(t.app, GRACE.password),
        ...(verificationCode !== undefined ? { verificationCode } : {}),
      },
    });

  it('writes the code into the e-mail outbox in the data dir', async () => {
    const res = await sendCode(GRACE.loginName);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    const sent = mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', to: GRACE.email });
    expect(sent[0]!.text).toMatch(/\b\d{6}\b/);
  });

  it('refuses to send again within a minute (429), without writing a mail', async () => {
    const res = await sendCode(GRACE.loginName);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, jsonObject: { reason: 'rateLimited' } });
    expect(mails()).toHaveLength(1);
  });

  it('answers the same for unknown users and users without e-mail, and sends nothing', async () => {
    for (const name of ['nobody', 'henry', "grace' OR '1'='1"]) {
      const res = await sendCode(name);
      expect(res.statusCode).toBe(200);
      expect(res.json().msg).toBe('If the account exists, a code has been sent');
    }
    expect(mails()).toHaveLength(1);
  });

  it('refuses a way that is turned off or unknown, and bad bodies', async () => {
    const sms = await sendCode(GRACE.loginName, 'sms');
    expect(sms.statusCode).toBe(400);
    expect(sms.json().jsonObject.fields).toHaveProperty('way');
    const fax = await sendCode(GRACE.loginName, 'fax');
    expect(fax.statusCode).toBe(400);
    expect(fax.json().jsonObject.fields).toHaveProperty('way');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/sendLoginVerificationCode',
      remoteAddress: '10.4.2.1',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().jsonObject.fields).toHaveProperty('username');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/sendLoginVerificationCode',
      remoteAddress: '10.4.2.2',
      payload: { username: 'not-ciphertext!' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().jsonObject.reason).toBe('decryptFailed');
    expect(mails()).toHaveLength(1);
  });

  it('sign-in without the code answers 400 verificationRequired', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, jsonObject: { reason: 'verificationRequired' } });
    expect(await countRows(t.db, sessions)).toBe(0);
  });

  it('sign-in with a wrong code answers 400 verificationWrong', async () => {
    const code = /\b(\d{6})\b/.exec(mails()[0]!.text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await signIn(wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, jsonObject: { reason: 'verificationWrong' } });
    expect(res.cookies.find((c) => c.name === 'Authorization')).toBeUndefined();
    expect(await countRows(t.db, sessions)).toBe(0);
  });

  it('sign-in with the code from the mail succeeds, and the code cannot be used twice', async () => {
    const code = /\b(\d{6})\b/.exec(mails()[0]!.text)![1]!;
    const res = await signIn(code);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'Authorization')?.value).toMatch(/^Bearer /);
    expect(await countRows(t.db, sessions)).toBe(1);
    const again = await signIn(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().jsonObject.reason).toBe('verificationWrong');
    expect(await countRows(t.db, sessions)).toBe(1);
  });

  it('a wrong password never reaches the code check, so it does not use the code up', async () => {
    rmSync(outbox, { recursive: true, force: true });
    expect((await sendCode(GRACE.loginName)).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec(mails()[0]!.text)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.4.3.1',
      payload: {
        username: await encrypt(t.app, GRACE.loginName),
        password: await encrypt(t.app, 'wrong'),
        verificationCode: code,
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().jsonObject.reason).toBe('badCredentials');
    expect((await signIn(code)).statusCode).toBe(200);
  });
});
