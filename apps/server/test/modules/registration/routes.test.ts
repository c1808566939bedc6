import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { offices, roleGrants, roles, sessions, userRoles, users } from '../../../src/db/schema/index.js';
import { verifyPassword } from '../../../src/modules/auth/passwords.js';
import { createTestApp, encrypt, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { lastCode, sentTo } from '../account/outbox.js';
import { buildTenants, PASSWORD } from '../users/fixture.js';

const SECOND_HOST = 'second.example';
const STRONG = 'Newco#2026pass';

describe('self-registration', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await buildTenants(t.db);
    await t.app.services.settings.set('brandHosts', { [SECOND_HOST]: 'second' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const send = (payload: Record<string, unknown>, opts: { host?: string; ip?: string; url?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: opts.url ?? '/apm-web/a/api/user/sendVerificationCodeNotHaveToRegister',
      remoteAddress: opts.ip ?? `10.8.0.${++ip}`,
      headers: opts.host ? { host: opts.host } : {},
      payload,
    });
  const register = async (fields: Record<string, string>, host?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/user/register',
      remoteAddress: `10.9.0.${++ip}`,
      headers: host ? { host } : {},
      payload: {
        officeName: 'Newco',
        way: 'email',
        ...fields,
        loginName: await encrypt(t.app, fields.loginName ?? 'newco'),
        password: await encrypt(t.app, fields.password ?? STRONG),
      },
    });
  const counts = async () => ({
    users: await countRows(t.db, users),
    offices: await countRows(t.db, offices),
    roles: await countRows(t.db, roles),
  });

  it('registerConfig tells the first brand it may register, the second brand not', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/registerConfig' });
    expect(first.json().data).toEqual({
      open: true,
      passwordRule: { minLength: 8, strength: 1 },
      ways: { email: true, sms: false },
    });
    const second = await t.app.inject({
      method: 'GET',
      url: '/apm-web/f/common/registerConfig',
      headers: { host: SECOND_HOST },
    });
    expect(second.json().data.open).toBe(false);
  });

  it('sends a code only to a free, valid address, by an open way, on the first brand', async () => {
    for (const payload of [
      { way: 'email', target: 'nope' },
      { way: 'email', target: '' },
      { way: 'pigeon', target: 'a@b.test' },
      { target: 'a@b.test' },
      { way: 'sms', target: 'abc' },
    ]) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const taken = await send({ way: 'email', target: 'Oscar@A1.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().jsonObject.fields).toEqual({ email: 'taken' });
    const smsOff = await send({ way: 'sms', target: '+1 555 0100' });
    expect(smsOff.json().jsonObject.fields).toEqual({ way: 'off' });
    const second = await send({ way: 'email', target: 'who@new.test' }, { host: SECOND_HOST });
    expect(second.statusCode).toBe(403);
    await t.app.services.settings.set('registrationOpen', false);
    try {
      const closed = await send({ way: 'email', target: 'who@new.test' });
      expect(closed.statusCode).toBe(403);
    } finally {
      await t.app.services.settings.set('registrationOpen', true);
    }
    expect(sentTo(t.config.dataDir, 'who@new.test')).toBe(0);
  });

  it('is rate-limited per target (one a minute) and per address (five a minute)', async () => {
    expect((await send({ way: 'email', target: 'rate@new.test' })).statusCode).toBe(200);
    expect((await send({ way: 'email', target: 'rate@new.test' })).statusCode).toBe(429);
    expect(sentTo(t.config.dataDir, 'rate@new.test')).toBe(1);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send({ way: 'email', target: `ip${i}@new.test` }, { ip: '10.7.7.7' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('the mobile path sends SMS codes when SMS is on', async () => {
    await t.app.services.settings.set('smsCodeOpen', true);
    try {
      const res = await send(
        { way: 'sms', target: '+1 555-0100' },
        { url: '/apm-web/m/mobile/sendRegisterVerificationCode' },
      );
      expect(res.statusCode).toBe(200);
      expect(lastCode(t.config.dataDir, '+15550100')).toMatch(/^\d{6}$/);
    } finally {
      await t.app.services.settings.set('smsCodeOpen', false);
    }
  });

  it('refuses bad registrations and changes nothing', async () => {
    const target = 'newco@new.test';
    expect((await send({ way: 'email', target })).statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, target);
    const before = await counts();
    const cases: [Record<string, string>, number, Record<string, string>][] = [
      [{ target, verificationCode: code, officeName: '  ' }, 400, { officeName: 'required' }],
      [{ target, verificationCode: code, loginName: 'x' }, 400, { loginName: 'invalid' }],
      [{ target, verificationCode: code, loginName: 'has space' }, 400, { loginName: 'invalid' }],
      [{ target, verificationCode: code, password: 'weakweak' }, 400, { password: 'weak' }],
      [{ target, verificationCode: code, loginName: 'a1admin' }, 409, { loginName: 'taken' }],
      [{ target: 'betty@b.test', verificationCode: code }, 409, { email: 'taken' }],
      [{ target: 'bad-address', verificationCode: code }, 400, { target: 'invalid' }],
      [
        { target, verificationCode: code === '000000' ? '000001' : '000000' },
        400,
        { verificationCode: 'wrong' },
      ],
    ];
    for (const [fields, status, fieldCodes] of cases) {
      const res = await register(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().jsonObject.fields).toEqual(fieldCodes);
    }
    const secondBrand = await register({ target, verificationCode: code }, SECOND_HOST);
    expect(secondBrand.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/user/register',
      payload: { officeName: 'X' },
    });
    expect(missing.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('creates an isolated customer tenant whose administrator sees nothing of the others', async () => {
    const target = 'NewCo@New.test';
    // The code of the previous test survived one wrong try; a fresh one is needed after a minute.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await send({ way: 'email', target })).statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, 'newco@new.test');
    const before = await counts();
    const res = await register({ target, verificationCode: code, name: 'New Co Admin' });
    expect(res.statusCode, res.body).toBe(200);
    const { userId, officeId } = res.json().data as { userId: number; officeId: number };
    expect(await counts()).toEqual({
      users: before.users + 1,
      offices: before.offices + 1,
      roles: before.roles + 1,
    });

    const [office] = await t.db.select().from(offices).where(eq(offices.id, officeId));
    const [platform] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    expect(office).toMatchObject({
      name: 'Newco',
      kind: 'customer',
      parentId: platform!.id,
      path: `${platform!.path}${officeId}/`,
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      loginName: 'newco',
      name: 'New Co Admin',
      email: 'newco@new.test',
      officeId,
      dataRange: 'all',
      userPwdType: '2',
    });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(STRONG, user!.passwordHash)).toBe(true);
    const [role] = await t.db
      .select({ code: roles.code, officeId: roles.officeId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    expect(role).toEqual({ code: `tenantAdmin${officeId}`, officeId });
    const grants = await t.db
      .select()
      .from(roleGrants)
      .innerJoin(roles, eq(roles.id, roleGrants.roleId))
      .where(eq(roles.officeId, officeId));
    const granted = grants.map((g) => `${g.role_grants.permissionId}:${g.role_grants.operation}`);
    expect(granted).toContain('sys:user:add');
    expect(granted).not.toContain('sys:setting:edit');
    expect(granted).not.toContain('sys:agent:edit');

    // The code is used up.
    const again = await register({ loginName: 'newco2', target, verificationCode: code });
    expect(again.statusCode).toBe(409);

    vi.useRealTimers();
    const cookie = await login(t.app, 'newco', STRONG);
    const list = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/usereList?pageSize=100',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.list.map((u: { loginName: string }) => u.loginName)).toEqual(['newco']);
    const info = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/getUserInfo',
      headers: { cookie },
    });
    expect(info.json().data.office).toEqual({ id: officeId, name: 'Newco', kind: 'customer' });
    // Another tenant's administrator does not see the new user either.
    const other = await login(t.app, 'a1admin', PASSWORD);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/usereList?pageSize=100',
      headers: { cookie: other },
    });
    expect(theirs.json().data.list.map((u: { loginName: string }) => u.loginName)).not.toContain('newco');
  });

  it('an expired code is refused', async () => {
    const start = Date.now() + 5 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const target = 'late@new.test';
    expect((await send({ way: 'email', target })).statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, target);
    vi.setSystemTime(start + 10 * 60_000 + 1);
    const before = await counts();
    const res = await register({ loginName: 'lateco', target, verificationCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().jsonObject.fields).toEqual({ verificationCode: 'wrong' });
    expect(await counts()).toEqual(before);
  });
});

describe('forgotten password', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await buildTenants(t.db);
    await t.app.services.settings.set('brandHosts', { [SECOND_HOST]: 'second' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const sendCode = async (username: string, way = 'email', host?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/sendForgotPwdCode',
      remoteAddress: `10.5.0.${++ip}`,
      headers: host ? { host } : {},
      payload: { username: await encrypt(t.app, username), way },
    });
  const reset = async (username: string, verificationCode: string, newPassword: string, host?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/resetForgotPwd',
      remoteAddress: `10.6.0.${++ip}`,
      headers: host ? { host } : {},
      payload: {
        username: await encrypt(t.app, username),
        way: 'email',
        verificationCode,
        newPassword: await encrypt(t.app, newPassword),
      },
    });

  it('answers the same for known, unknown and address-less accounts; mails only the known one', async () => {
    const known = await sendCode('a1op');
    const unknown = await sendCode('nobody');
    const noMail = await sendCode('a1admin');
    for (const res of [known, unknown, noMail]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().msg).toBe(known.json().msg);
    }
    expect(sentTo(t.config.dataDir, 'oscar@a1.test')).toBe(1);
    // The once-a-minute limit applies alike.
    expect((await sendCode('a1op')).statusCode).toBe(429);
    expect((await sendCode('nobody')).statusCode).toBe(429);
  });

  it('refuses bad input, the second brand and a turned-off way', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/sendForgotPwdCode',
      payload: { way: 'email' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await sendCode('bop', 'email', SECOND_HOST)).statusCode).toBe(403);
    const sms = await sendCode('bop', 'sms');
    expect(sms.statusCode).toBe(400);
    expect(sms.json().jsonObject.fields).toEqual({ way: 'off' });
  });

  it('resets with the code: wrong, weak and unknown refused alike; sessions end; the code is single use', async () => {
    const session = await login(t.app, 'a1op', PASSWORD);
    const code = lastCode(t.config.dataDir, 'oscar@a1.test');
    const wrong = await reset('a1op', code === '000000' ? '000001' : '000000', 'Reset#2026pass');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().jsonObject.fields).toEqual({ verificationCode: 'wrong' });
    const weak = await reset('a1op', code, 'weak');
    expect(weak.json().jsonObject.fields).toEqual({ newPassword: 'weak' });
    const unknown = await reset('nobody', '123456', 'Reset#2026pass');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ ...wrong.json() });
    expect((await reset('a1op', code, 'Reset#2026pass', SECOND_HOST)).statusCode).toBe(403);

    const res = await reset('a1op', code, 'Reset#2026pass');
    expect(res.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.loginName, 'a1op'));
    expect(await verifyPassword('Reset#2026pass', user!.passwordHash)).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    const old = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/getUserInfo',
      headers: { cookie: session },
    });
    expect(old.statusCode).toBe(401);
    expect(await login(t.app, 'a1op', 'Reset#2026pass')).toMatch(/^Authorization=/);
    const reused = await reset('a1op', code, 'Other#2026pass');
    expect(reused.statusCode).toBe(400);
  });

  it('a reset code expires after 10 minutes', async () => {
    const start = Date.now() + 2 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    expect((await sendCode('bop')).statusCode).toBe(200);
    const code = lastCode(t.config.dataDir, 'betty@b.test');
    vi.setSystemTime(start + 10 * 60_000 + 1);
    const res = await reset('bop', code, 'Later#2026pass');
    expect(res.statusCode).toBe(400);
    const [user] = await t.db.select().from(users).where(eq(users.loginName, 'bop'));
    expect(await verifyPassword(PASSWORD, user!.passwordHash)).toBe(true);
  });
});
