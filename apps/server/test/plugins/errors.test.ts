import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { AppError } from '../../src/lib/errors.js';
import { fieldMessages } from '../../src/plugins/errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('the error handler', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
        extend(app) {
          app.get('/apm-web/test/boom', { config: { access: 'public' } }, async () => {
            throw new Error('boom: connection to db password=hunter2 failed');
          });
          app.get('/apm-web/test/redis-down', { config: { access: 'public' } }, async () => {
            throw new Error('Command timed out');
          });
          app.get('/apm-web/test/teapot', { config: { access: 'public' } }, async () => {
            throw new AppError(418, 'I am a teapot', 'teapot', { spout: 1 });
          });
          app.post(
            '/apm-web/test/nested',
            {
              config: { access: 'public' },
              schema: {
                body: Type.Object(
                  { item: Type.Object({ count: Type.Integer({ minimum: 1 }) }), name: Type.String() },
                  { additionalProperties: false },
                ),
              },
            },
            async () => ({ ok: true }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers 503 naming Redis when the shared state of the scale-out mode is out of reach', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apm-web/test/redis-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      msg: 'Shared state (Redis) is unavailable; try again later',
      jsonObject: { reason: 'storeUnavailable' },
    });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/apm-web/a/no/such/call?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 404,
        msg: `No such route: ${method} /apm-web/a/no/such/call`,
        data: null,
        jsonObject: null,
      });
    }
  });

  it('answers a 500 without the message or stack, carrying the request id, and logs it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/apm-web/test/boom',
      headers: { 'x-request-id': 'req-abc-123' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      msg: 'Internal server error (request id req-abc-123)',
      data: null,
      jsonObject: { requestId: 'req-abc-123' },
    });
    expect(res.body).not.toMatch(/hunter2|boom|at .*\.ts|stack/);
    const logged = lines.find((l) => l.level === 50 && l.reqId === 'req-abc-123');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('hunter2');

    const generated = await t.app.inject({ method: 'GET', url: '/apm-web/test/boom' });
    const id = generated.json().jsonObject.requestId;
    expect(id).toEqual(expect.any(String));
    expect(generated.json().msg).toContain(id);
  });

  it('answers an AppError with its status, message, reason and extra fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apm-web/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({
      code: 418,
      msg: 'I am a teapot',
      data: null,
      jsonObject: { reason: 'teapot', spout: 1 },
    });
  });

  it('lists per-field messages for a validation failure, nested fields by dotted path', async () => {
    // Unknown properties are dropped (Fastify's removeAdditional), not reported.
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/test/nested',
      payload: { item: { count: 0 }, extra: true },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.jsonObject.reason).toBe('validation');
    expect(body.jsonObject.fields).toEqual({
      name: 'name is required',
      'item.count': expect.stringMatching(/^item\.count .*>= 1/),
    });
    for (const message of Object.values(body.jsonObject.fields)) expect(body.msg).toContain(message);
  });

  it('answers an unsupported content type with 415 and a plain-text body with 400, not 500', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><username>admin</username></login>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 415, data: null });
    const text = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=admin',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().jsonObject.fields).toEqual({ body: 'body must be object' });
  });

  it('answers malformed JSON with 400 and an empty JSON body with 400', async () => {
    for (const payload of ['{"username":', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/apm-web/test/nested',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null });
    }
  });
});

describe('fieldMessages', () => {
  it('names the field in each message, root issues under body, and keeps the first per field', () => {
    expect(
      fieldMessages([
        { instancePath: '', keyword: 'required', params: { missingProperty: 'a' } },
        { instancePath: '/b/0', keyword: 'type', message: 'must be string' },
        { instancePath: '/b/0', keyword: 'minLength', message: 'must NOT have fewer than 1 characters' },
        { instancePath: '', keyword: 'type', message: 'must be object' },
        { instancePath: '/c', keyword: 'required', params: { missingProperty: 'd' } },
        { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'e' } },
      ]),
    ).toEqual({
      a: 'a is required',
      'b.0': 'b.0 must be string',
      body: 'body must be object',
      'c.d': 'c.d is required',
      e: 'e is not allowed',
    });
  });
});
