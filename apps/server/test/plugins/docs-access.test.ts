import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';

const DOCS = ['/apm-web/docs', '/apm-web/docs/json', '/apm-web/docs/yaml', '/apm-web/docs/static/index.css'];

describe('API documentation access', () => {
  describe('by default', () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp();
      await initSystem(t.app);
      cookie = await login(t.app);
    });
    afterAll(() => t.close());

    it('answers 401 without a session', async () => {
      for (const url of DOCS) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().msg, url).toBe('logout');
      }
    });

    it('serves the UI and the document to signed-in users', async () => {
      for (const url of DOCS) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, url).toBe(200);
      }
      const doc = await t.app.inject({ method: 'GET', url: '/apm-web/docs/json', headers: { cookie } });
      expect(doc.json().info.title).toBe('APM API');
    });
  });

  describe('with APM_PUBLIC_DOCS=1', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ APM_PUBLIC_DOCS: '1' });
    });
    afterAll(() => t.close());

    it('serves them to everyone', async () => {
      for (const url of DOCS) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    });
  });
});
