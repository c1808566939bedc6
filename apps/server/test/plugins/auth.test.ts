import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { roleGrants, roles } from '../../src/db/schema/index.js';
import { readToken } from '../../src/plugins/auth.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../helpers/app.js';

describe('the auth plugin: sessions and declared permissions', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let bare: string;
  let edits = 0;
  let unguarded: unknown;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend(app) {
          app.get('/apm-web/a/test/me', { config: { access: 'session' } }, async (req) => ({
            who: req.auth!.loginName,
          }));
          app.post('/apm-web/a/test/user-edit', { config: { access: 'sys:user:edit' } }, async () => {
            edits += 1;
            return { done: true };
          });
          app.get('/apm-web/a/test/program', { config: { access: 'program:make:view' } }, async () => ({
            ok: 1,
          }));
          try {
            app.get('/apm-web/a/test/unguarded', async () => ({ open: true }));
          } catch (err) {
            unguarded = err;
          }
          app.get('/outside/api', async () => ({ fine: true }));
        },
      },
    );
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'otto', password: 'Otto#2026pass', roleCodes: ['operator'] });
    await createUser(t.db, { loginName: 'bare', password: 'Bare#2026pass' });
    admin = await login(t.app);
    operator = await login(t.app, 'otto', 'Otto#2026pass');
    bare = await login(t.app, 'bare', 'Bare#2026pass');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

  it('refuses to register an API route that declares no access', async () => {
    expect(unguarded).toBeInstanceOf(Error);
    expect((unguarded as Error).message).toMatch(/GET \/apm-web\/a\/test\/unguarded declares no access/);
    expect((await call('GET', '/apm-web/a/test/unguarded', admin)).statusCode).toBe(404);
    expect((await call('GET', '/outside/api')).statusCode).toBe(200);
  });

  it('a session route answers any signed-in user, and 401 logout to anyone else', async () => {
    expect((await call('GET', '/apm-web/a/test/me', bare)).json()).toEqual({ who: 'bare' });
    const res = await call('GET', '/apm-web/a/test/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: 'logout', jsonObject: { loginExpired: false } });
  });

  it('a permission route answers 403 Request denied without the permission, and does not run', async () => {
    for (const cookie of [operator, bare]) {
      const res = await call('POST', '/apm-web/a/test/user-edit', cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 403,
        msg: 'Request denied',
        data: null,
        jsonObject: {
          reason: 'noPermission',
          permission: 'sys:user:edit',
          permissionName: 'User management: edit',
        },
      });
    }
    expect((await call('POST', '/apm-web/a/test/user-edit')).statusCode).toBe(401);
    expect(edits).toBe(0);
    const ok = await call('POST', '/apm-web/a/test/user-edit', admin);
    expect(ok.statusCode).toBe(200);
    expect(edits).toBe(1);
  });

  it('checks the grants the role holds now, not when the session started', async () => {
    expect((await call('GET', '/apm-web/a/test/program', operator)).statusCode).toBe(200);
    const [role] = await t.db.select().from(roles).where(eq(roles.code, 'operator'));
    const where = and(
      eq(roleGrants.roleId, role!.id),
      eq(roleGrants.permissionId, 'program:make'),
      eq(roleGrants.operation, 'view'),
    );
    await t.db.delete(roleGrants).where(where);
    try {
      const res = await call('GET', '/apm-web/a/test/program', operator);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Request denied');
    } finally {
      await t.db
        .insert(roleGrants)
        .values({ roleId: role!.id, permissionId: 'program:make', operation: 'view' });
    }
    expect((await call('GET', '/apm-web/a/test/program', operator)).statusCode).toBe(200);
  });

  it('open routes ignore a tampered session instead of refusing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/apm-web/f/common/publishKey',
      headers: { cookie: 'Authorization=Bearer%20garbage' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('readToken', () => {
  const req = (cookies: Record<string, string>, authorization?: string) =>
    ({ cookies, headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;

  it('reads Bearer tokens from the cookie first, then the header', () => {
    expect(readToken(req({ Authorization: 'Bearer fromCookie' }, 'Bearer fromHeader'))).toBe('fromCookie');
    expect(readToken(req({}, 'Bearer fromHeader'))).toBe('fromHeader');
    expect(readToken(req({}, 'bearer  lower '))).toBe('lower');
  });

  it('answers null for anything else', () => {
    expect(readToken(req({}))).toBeNull();
    expect(readToken(req({ Authorization: 'token' }))).toBeNull();
    expect(readToken(req({}, 'Basic abc'))).toBeNull();
    expect(readToken(req({}, 'Bearer two parts'))).toBeNull();
    expect(readToken(req({}, 'Bearer '))).toBeNull();
  });
});
