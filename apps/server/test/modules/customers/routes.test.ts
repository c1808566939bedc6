import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const URL_ = '/apm-web/a/api/customer/imgSetting';

describe('GET /a/api/customer/imgSetting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const brandFor = async (host?: string, extra: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: URL_,
      headers: { ...(host ? { host } : {}), ...extra },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('answers the default brand for localhost, without a session', async () => {
    const data = await brandFor('localhost');
    expect(data).toMatchObject({ brand: 'default', title: 'APM', showRegister: true, defaultLanguage: 'CN' });
    for (const field of ['tag', 'copyRight', 'logo', 'icoImg', 'linkList', 'backgroundImage'])
      expect(data).toHaveProperty(field);
  });

  it('answers the second brand for a host mapped to it (case and port ignored)', async () => {
    await t.app.services.settings.set('brandHosts', { 'second.example': 'second' });
    for (const host of ['second.example', 'SECOND.Example:8443']) {
      expect(await brandFor(host)).toMatchObject({
        brand: 'second',
        title: 'Signage Cloud',
        showRegister: false,
      });
    }
  });

  it('keeps the default brand for other hosts, including look-alikes', async () => {
    for (const host of ['localhost', 'other.example', 'second.example.evil.test', 'xsecond.example']) {
      expect((await brandFor(host)).brand).toBe('default');
    }
  });

  it('follows a changed brand configuration', async () => {
    const second = await t.app.services.settings.get('brandSecond');
    await t.app.services.settings.set('brandSecond', { ...second, title: 'Renamed' });
    expect(await brandFor('second.example')).toMatchObject({ brand: 'second', title: 'Renamed' });
  });
});
