import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskParams, maskUrl } from '../../src/lib/mask.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('maskUrl', () => {
  it('masks secret query values and keeps the rest', () => {
    expect(maskUrl('/a/api/user/ConfirmOldpwd?oldPassword=hunter2&x=1')).toBe(
      '/a/api/user/ConfirmOldpwd?oldPassword=***&x=1',
    );
    expect(maskUrl('/p?verificationCode=123456&token=abc')).toBe('/p?verificationCode=***&token=***');
  });

  it('leaves URLs without secrets untouched, byte for byte', () => {
    expect(maskUrl('/a/api/user/usereList?name=a%20b&pageNo=2')).toBe(
      '/a/api/user/usereList?name=a%20b&pageNo=2',
    );
    expect(maskUrl('/home')).toBe('/home');
  });

  it('masks nested parameters for the audit log', () => {
    expect(maskParams({ user: { password: 'x', name: 'n' } })).toEqual({
      user: { password: '***', name: 'n' },
    });
  });
});

describe('request log lines', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } },
    );
  });
  afterAll(() => t.close());

  it('never carry a password sent in a query string', async () => {
    await t.app.inject({ method: 'GET', url: '/apm-web/a/api/user/ConfirmOldpwd?oldPassword=hunter2' });
    const text = JSON.stringify(lines);
    expect(text).toContain('oldPassword=***');
    expect(text).not.toContain('hunter2');
  });
});
