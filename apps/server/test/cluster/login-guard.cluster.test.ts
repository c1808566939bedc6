import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { ADMIN, createUser, encrypt, initSystem } from '../helpers/app.js';
import { startTestCluster, type TestCluster } from '../helpers/cluster.js';

const GRACE = { username: 'grace', password: 'Grace#2026pw' };
const GRACE_EMAIL = 'grace@example.com';

describe('cluster: login guard, captchas, verification codes and rate limits', () => {
  let cluster: TestCluster;
  let a: App;
  let b: App;
  // Each request comes from an address of its own unless a test says otherwise: the sign-in limit is 3.
  let address = 0;
  const fresh = () => `10.7.0.${++address}`;

  beforeAll(async () => {
    cluster = await startTestCluster(2, { APM_LOGIN_RATE_LIMIT: '3' });
    a = cluster.instances[0]!.app;
    b = cluster.instances[1]!.app;
    await initSystem(a);
    await createUser(cluster.instances[0]!.database.db, {
      loginName: GRACE.username,
      password: GRACE.password,
      email: GRACE_EMAIL,
    });
  });
  afterAll(() => cluster?.close());

  const signIn = async (
    app: App,
    fields: { username: string; password: string; validateCode?: string; verificationCode?: string },
    { ip = fresh(), captchaId }: { ip?: string; captchaId?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: ip,
      cookies: captchaId ? { apm_captcha: captchaId } : {},
      payload: {
        ...fields,
        username: await encrypt(app, fields.username),
        password: await encrypt(app, fields.password),
      },
    });
  /** A captcha issued by `app`: its id (the cookie) and its answer, read from the shared store. */
  const captcha = async (app: App) => {
    const image = await app.inject({
      method: 'GET',
      url: '/apm-web/f/common/validateCode',
      remoteAddress: fresh(),
    });
    expect(image.statusCode).toBe(200);
    const id = image.cookies.find((c) => c.name === 'apm_captcha')!.value;
    return { id, answer: (await app.services.loginGuard.peekCaptcha(id))! };
  };
  const wrongAnswer = (answer: string) => (answer === 'zzzz' ? 'yyyy' : 'zzzz');

  it('failures counted on one instance make the other ask for a captcha', async () => {
    const wrong = { username: ADMIN.username, password: 'wrong-password' };
    for (const [app, needCaptcha] of [
      [a, false],
      [a, false],
      [b, true],
    ] as const) {
      const res = await signIn(app, wrong);
      expect(res.statusCode).toBe(401);
      expect(res.json().jsonObject).toMatchObject({ reason: 'badCredentials', needCaptcha });
    }
    const right = await signIn(b, ADMIN);
    expect(right.statusCode).toBe(400);
    expect(right.json().jsonObject).toMatchObject({ reason: 'captchaRequired', needCaptcha: true });
    const onA = await signIn(a, ADMIN);
    expect(onA.json().jsonObject).toMatchObject({ reason: 'captchaRequired' });
  });

  it('a captcha issued by one instance is answered on the other, once only', async () => {
    const first = await captcha(a);
    // The right answer with a wrong password: the captcha passes (and is used up), the password fails.
    const passed = await signIn(
      b,
      { ...ADMIN, password: 'wrong-password', validateCode: first.answer },
      {
        captchaId: first.id,
      },
    );
    expect(passed.statusCode).toBe(401);
    expect(passed.json().jsonObject.reason).toBe('badCredentials');
    const reused = await signIn(a, { ...ADMIN, validateCode: first.answer }, { captchaId: first.id });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().jsonObject.reason).toBe('captchaWrong');

    const wrong = await captcha(b);
    const wrongTry = await signIn(
      a,
      { ...ADMIN, validateCode: wrongAnswer(wrong.answer) },
      { captchaId: wrong.id },
    );
    expect(wrongTry.json().jsonObject.reason).toBe('captchaWrong');
    const afterWrong = await signIn(b, { ...ADMIN, validateCode: wrong.answer }, { captchaId: wrong.id });
    expect(afterWrong.json().jsonObject.reason).toBe('captchaWrong');

    // Answered on both instances at once: one of the two gets past it.
    const raced = await captcha(a);
    const both = await Promise.all(
      [a, b].map((app) =>
        signIn(
          app,
          { ...ADMIN, password: 'wrong-password', validateCode: raced.answer },
          { captchaId: raced.id },
        ),
      ),
    );
    expect(both.map((res) => res.json().jsonObject.reason).sort()).toEqual([
      'badCredentials',
      'captchaWrong',
    ]);

    const last = await captcha(b);
    const ok = await signIn(a, { ...ADMIN, validateCode: last.answer.toUpperCase() }, { captchaId: last.id });
    expect(ok.statusCode).toBe(200);
    // The success cleared the user's failures on every instance.
    expect((await signIn(b, ADMIN)).statusCode).toBe(200);
  });

  it('a sign-in verification code sent through one instance is accepted on the other, once', async () => {
    const outbox = path.join(cluster.instances[0]!.config.dataDir, 'outbox', 'email');
    const mails = () => {
      try {
        return readdirSync(outbox).filter((name) => name.endsWith('.json'));
      } catch {
        return [];
      }
    };
    const send = async (app: App) =>
      app.inject({
        method: 'POST',
        url: '/apm-web/f/common/sendLoginVerificationCode',
        remoteAddress: fresh(),
        payload: { username: await encrypt(app, GRACE.username) },
      });
    for (const app of [a, b]) await app.services.settings.set('seniorValidation', true);
    try {
      expect((await send(a)).statusCode).toBe(200);
      const [mail] = mails();
      const { to, text } = JSON.parse(readFileSync(path.join(outbox, mail!), 'utf8'));
      expect(to).toBe(GRACE_EMAIL);
      const code = /\b(\d{6})\b/.exec(text)![1]!;
      // The resend limit is shared too: the other instance sends no second code within the minute.
      expect((await send(b)).statusCode).toBe(429);
      expect(mails()).toHaveLength(1);

      const wrong = code === '000000' ? '000001' : '000000';
      const wrongTry = await signIn(a, { ...GRACE, verificationCode: wrong });
      expect(wrongTry.json().jsonObject.reason).toBe('verificationWrong');
      expect((await signIn(b, { ...GRACE, verificationCode: code })).statusCode).toBe(200);
      const again = await signIn(a, { ...GRACE, verificationCode: code });
      expect(again.json().jsonObject.reason).toBe('verificationWrong');
    } finally {
      for (const app of [a, b]) await app.services.settings.set('seniorValidation', false);
    }
  });

  it('the sign-in rate limit counts the requests of an address on both instances', async () => {
    const ip = '10.7.9.9';
    const nobody = { username: 'nobody', password: 'wrong-password' };
    for (const app of [a, b, a]) expect((await signIn(app, nobody, { ip })).statusCode).toBe(401);
    for (const app of [b, a]) {
      const limited = await signIn(app, ADMIN, { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().jsonObject).toMatchObject({ reason: 'rateLimited' });
    }
    expect((await signIn(b, ADMIN)).statusCode).toBe(200);
  });
});
