import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../src/db/schema/index.js';
import { verifyPassword } from '../../../src/modules/auth/passwords.js';
import { createTestApp, encrypt, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { addOffice, addUser, PASSWORD, roleId } from '../users/fixture.js';
import { lastCode, sentTo } from './outbox.js';

const API = '/apm-web/a/api/user';
const NEW_PASSWORD = 'Fresh#2026pass';

describe('personal center: profile, password, bound e-mail and phone', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const [platform] = await t.db.select().from((await import('../../../src/db/schema/index.js')).offices);
    const shop = await addOffice(t.db, 'Shop', 'customer', { id: platform!.id, path: platform!.path });
    const operator = await roleId(t.db, 'operator');
    userId = await addUser(t.db, 'pat', shop.id, [operator], { name: 'Pat', email: 'pat@old.test' });
    await addUser(t.db, 'quinn', shop.id, [operator], { email: 'quinn@shop.test', phone: '+49 30 123456' });
    await addUser(t.db, 'rita', shop.id, [operator]);
    cookie = await login(t.app, 'pat', PASSWORD);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const post = (url: string, payload: Record<string, unknown>, c = cookie) =>
    t.app.inject({ method: 'POST', url: `${API}/${url}`, headers: { cookie: c }, payload });
  const row = async () => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;

  it('refuses every call without a session (401)', async () => {
    for (const [method, url] of [
      ['GET', 'accountProfile'],
      ['POST', 'saveUserInfo'],
      ['POST', 'uploadAvatar'],
      ['GET', 'ConfirmOldpwd?oldPassword=x'],
      ['POST', 'modifyPwd'],
      ['POST', 'modifyPassword'],
      ['POST', 'sendVerificationCode'],
      ['POST', 'checkVerificationCode'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `${API}/${url}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('saveUserInfo changes only the own name; e-mail and phone fields are refused', async () => {
    const res = await post('saveUserInfo', { name: '  Patricia  ' });
    expect(res.statusCode).toBe(200);
    expect((await row()).name).toBe('Patricia');
    const info = await t.app.inject({ method: 'GET', url: `${API}/accountProfile`, headers: { cookie } });
    expect(info.json().data).toMatchObject({
      name: 'Patricia',
      email: 'pat@old.test',
      emailVerifiedAt: null,
    });
    for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, {}]) {
      const bad = await post('saveUserInfo', payload);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().jsonObject.fields)).toEqual(['name']);
    }
    const sneaky = await post('saveUserInfo', { name: 'Pat', email: 'evil@x.test' });
    expect(sneaky.statusCode).toBe(200);
    expect((await row()).email).toBe('pat@old.test');
  });

  it('ConfirmOldpwd answers true only for the current password (plain or encrypted)', async () => {
    const ask = async (value: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/ConfirmOldpwd`,
        query: { oldPassword: value },
        headers: { cookie },
      });
    expect((await ask(await encrypt(t.app, PASSWORD))).json().data).toBe(true);
    expect((await ask(await encrypt(t.app, 'nope'))).json().data).toBe(false);
    const undecryptable = await ask('not-encrypted!');
    expect(undecryptable.statusCode).toBe(400);
    await t.app.services.settings.set('landingEncryption', false);
    try {
      expect((await ask(PASSWORD)).json().data).toBe(true);
    } finally {
      await t.app.services.settings.set('landingEncryption', true);
    }
  });

  it('ConfirmOldpwd is rate-limited per user', async () => {
    const other = await login(t.app, 'quinn', PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/ConfirmOldpwd`,
        query: { oldPassword: await encrypt(t.app, 'guess' + i) },
        headers: { cookie: other },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('modifyPwd refuses a wrong old password, a weak or an unchanged new one, and changes nothing', async () => {
    const before = (await row()).passwordHash;
    const cases: [Record<string, string>, string, string][] = [
      [{ oldPassword: 'Wrong#2026pass', newPassword: NEW_PASSWORD }, 'oldPassword', 'wrong'],
      [{ oldPassword: PASSWORD, newPassword: 'short' }, 'newPassword', 'weak'],
      [{ oldPassword: PASSWORD, newPassword: 'alllowercase' }, 'newPassword', 'weak'],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD }, 'newPassword', 'same'],
    ];
    for (const [body, field, code] of cases) {
      const res = await post('modifyPwd', {
        oldPassword: await encrypt(t.app, body.oldPassword!),
        newPassword: await encrypt(t.app, body.newPassword!),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().jsonObject.fields).toEqual({ [field]: code });
    }
    const missing = await post('modifyPwd', { oldPassword: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().jsonObject.fields).toHaveProperty('newPassword');
    expect((await row()).passwordHash).toBe(before);
  });

  it('follows the password policy settings (passwordMinLength, passwordStrength)', async () => {
    const other = await login(t.app, 'quinn', PASSWORD);
    const change = async (oldPassword: string, newPassword: string) =>
      post(
        'modifyPwd',
        { oldPassword: await encrypt(t.app, oldPassword), newPassword: await encrypt(t.app, newPassword) },
        other,
      );
    await t.app.services.settings.set('passwordStrength', 3);
    await t.app.services.settings.set('passwordMinLength', 12);
    try {
      for (const weak of ['Plainpass12345', 'Ab1#short', 'alllower#12345']) {
        const res = await change(PASSWORD, weak);
        expect(res.statusCode, weak).toBe(400);
        expect(res.json().jsonObject.fields).toEqual({ newPassword: 'weak' });
      }
      const strong = await change(PASSWORD, 'Long#Enough#2026');
      expect(strong.statusCode).toBe(200);
      expect(strong.json().data).toEqual({ userPwdType: '2' });
    } finally {
      await t.app.services.settings.set('passwordStrength', 1);
      await t.app.services.settings.set('passwordMinLength', 8);
    }
    // Strength 1: a letter and a digit are enough; such a password is an ordinary one.
    const plain = await change('Long#Enough#2026', 'plainpass1');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toEqual({ userPwdType: '1' });
  });

  it('modifyPwd changes the password and ends the other sessions, not this one', async () => {
    const second = await login(t.app, 'pat', PASSWORD);
    const quinnSessions = await t.db.select().from(sessions);
    expect(quinnSessions.length).toBeGreaterThan(2);
    const res = await post('modifyPwd', {
      oldPassword: await encrypt(t.app, PASSWORD),
      newPassword: await encrypt(t.app, NEW_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userPwdType: '2' });
    expect(await verifyPassword(NEW_PASSWORD, (await row()).passwordHash)).toBe(true);
    const mine = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(mine).toHaveLength(1);
    const stillIn = await t.app.inject({ method: 'GET', url: `${API}/accountProfile`, headers: { cookie } });
    expect(stillIn.statusCode).toBe(200);
    const kicked = await t.app.inject({
      method: 'GET',
      url: `${API}/accountProfile`,
      headers: { cookie: second },
    });
    expect(kicked.statusCode).toBe(401);
    // Other users keep their sessions.
    expect((await t.db.select().from(sessions)).length).toBe(quinnSessions.length - 1);
  });

  it('binds a new e-mail with a code: single use, wrong target refused, verified time set', async () => {
    const target = 'Pat.New@Example.test';
    const res = await post('sendVerificationCode', { way: 'email', target });
    expect(res.statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, 'pat.new@example.test');
    expect(code).toMatch(/^\d{6}$/);
    // The code belongs to that address, not another one.
    const other = await post('checkVerificationCode', {
      way: 'email',
      target: 'else@example.test',
      verificationCode: code,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().jsonObject.fields).toEqual({ verificationCode: 'wrong' });
    const okRes = await post('checkVerificationCode', { way: 'email', target, verificationCode: code });
    expect(okRes.statusCode).toBe(200);
    const after = await row();
    expect(after.email).toBe('pat.new@example.test');
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    const reused = await post('checkVerificationCode', { way: 'email', target, verificationCode: code });
    expect(reused.statusCode).toBe(400);
  });

  it('sendVerificationCode refuses bad input, taken addresses (409 naming the field) and resends within a minute', async () => {
    const bad = [
      { way: 'email', target: 'not-an-email' },
      { way: 'fax', target: 'a@b.test' },
      { way: 'email', target: '' },
      { way: 'sms', target: '12' },
    ];
    const rita = await login(t.app, 'rita', PASSWORD);
    for (const payload of bad) {
      const res = await post('sendVerificationCode', payload, rita);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const taken = await post('sendVerificationCode', { way: 'email', target: 'QUINN@shop.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().jsonObject.fields).toEqual({ email: 'taken' });
    const takenPhone = await post('sendVerificationCode', { way: 'sms', target: '+49 30-123456' });
    // SMS is off by default: the way is named.
    expect(takenPhone.statusCode).toBe(400);
    expect(takenPhone.json().jsonObject.fields).toEqual({ way: 'off' });
    await t.app.services.settings.set('smsCodeOpen', true);
    try {
      const takenNow = await post('sendVerificationCode', { way: 'sms', target: '+49 30-123456' });
      expect(takenNow.statusCode).toBe(409);
      expect(takenNow.json().jsonObject.fields).toEqual({ phone: 'taken' });
    } finally {
      await t.app.services.settings.set('smsCodeOpen', false);
    }
    const first = await post('sendVerificationCode', { way: 'email', target: 'again@example.test' });
    expect(first.statusCode).toBe(200);
    const second = await post('sendVerificationCode', { way: 'email', target: 'again@example.test' });
    expect(second.statusCode).toBe(429);
    expect(sentTo(t.config.dataDir, 'again@example.test')).toBe(1);
  });

  it('a code bound to an address another user took meanwhile ends in 409 and binds nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    const res = await post('sendVerificationCode', { way: 'email', target: 'race@example.test' });
    expect(res.statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, 'race@example.test');
    await t.db.update(users).set({ email: 'race@example.test' }).where(eq(users.loginName, 'quinn'));
    const bind = await post('checkVerificationCode', {
      way: 'email',
      target: 'race@example.test',
      verificationCode: code,
    });
    expect(bind.statusCode).toBe(409);
    expect(bind.json().jsonObject.fields).toEqual({ email: 'taken' });
    expect((await row()).email).toBe('pat.new@example.test');
  });

  it('codes expire after 10 minutes and die after five wrong tries', async () => {
    const start = Date.now() + 5 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await post('sendVerificationCode', { way: 'email', target: 'late@example.test' });
    const code = lastCode(t.config.dataDir, 'late@example.test');
    vi.setSystemTime(start + 10 * 60_000 + 1000);
    const late = await post('checkVerificationCode', {
      way: 'email',
      target: 'late@example.test',
      verificationCode: code,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().jsonObject.fields).toEqual({ verificationCode: 'wrong' });

    vi.setSystemTime(start + 12 * 60_000);
    await post('sendVerificationCode', { way: 'email', target: 'tries@example.test' });
    const good = lastCode(t.config.dataDir, 'tries@example.test');
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await post('checkVerificationCode', {
        way: 'email',
        target: 'tries@example.test',
        verificationCode: wrong,
      });
    }
    vi.setSystemTime(start + 13 * 60_000);
    const afterTries = await post('checkVerificationCode', {
      way: 'email',
      target: 'tries@example.test',
      verificationCode: good,
    });
    expect(afterTries.statusCode).toBe(400);
    expect((await row()).email).toBe('pat.new@example.test');
  });

  it('modifyPassword changes the password with a code sent to the bound e-mail', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 20 * 60_000 });
    const noAddress = await post('sendVerificationCode', { way: 'sms' });
    expect(noAddress.statusCode).toBe(400);
    const send = await post('sendVerificationCode', { way: 'email' });
    expect(send.statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, 'pat.new@example.test');
    const weak = await post('modifyPassword', {
      way: 'email',
      verificationCode: code,
      newPassword: await encrypt(t.app, 'weak'),
    });
    expect(weak.json().jsonObject.fields).toEqual({ newPassword: 'weak' });
    const wrong = await post('modifyPassword', {
      way: 'email',
      verificationCode: code === '123456' ? '654321' : '123456',
      newPassword: await encrypt(t.app, 'Third#2026pass'),
    });
    expect(wrong.json().jsonObject.fields).toEqual({ verificationCode: 'wrong' });
    const res = await post('modifyPassword', {
      way: 'email',
      verificationCode: code,
      newPassword: await encrypt(t.app, 'Third#2026pass'),
    });
    expect(res.statusCode).toBe(200);
    expect(await verifyPassword('Third#2026pass', (await row()).passwordHash)).toBe(true);
    expect(await login(t.app, 'pat', 'Third#2026pass')).toMatch(/^Authorization=/);
  });

  it('avatar: a real PNG becomes a 256×256 WebP served back; other files are refused', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, filename: string, type = 'image/png', c = cookie) => {
      const boundary = `----apm${++seq}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `${API}/uploadAvatar`,
        headers: { cookie: c, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const res = await upload(png, 'me.png');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.avatar as string;
    expect(url).toMatch(new RegExp(`^/apm-web/a/api/user/avatar/${userId}-[0-9a-f]{16}\\.webp$`));
    expect((await row()).avatar).toBe(url);
    const image = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const text = await upload(Buffer.from('just some text, not a picture'), 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().jsonObject.fields).toEqual({ file: 'notImage' });
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().jsonObject.fields).toEqual({ file: 'tooLarge' });
    const notMultipart = await post('uploadAvatar', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect((await row()).avatar).toBe(url);

    // Replacing the avatar removes the old file.
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc3333' } })
      .jpeg()
      .toBuffer();
    const again = await upload(jpeg, 'me.jpg', 'image/jpeg');
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.webp', `${userId}-zz.webp`]) {
      const res404 = await t.app.inject({ method: 'GET', url: `${API}/avatar/${name}`, headers: { cookie } });
      expect(res404.statusCode).toBe(404);
    }
    expect(await countRows(t.db, users)).toBe(4);
  });
});
