import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/index.js';
import { logTypeSql } from '../../../src/modules/logs/log-queries.js';
import { logTypeOf } from '../../../src/modules/logs/log-type.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const SAMPLES: [string, string, Record<string, unknown> | null, string][] = [
  ['/apm-web/a/login', 'POST', null, 'login'],
  ['/apm-web/a/logout', 'POST', null, 'logout'],
  ['/apm-web/a/sys/log/logExport', 'POST', null, 'export'],
  ['/apm-web/a/api/user/uploadAvatar', 'POST', null, 'import'],
  ['/apm-web/a/api/user/delete', 'POST', { ids: '3' }, 'delete'],
  ['/apm-web/a/api/role/removeUsers', 'POST', null, 'delete'],
  ['/apm-web/a/api/user/save', 'POST', { name: 'x' }, 'create'],
  ['/apm-web/a/api/user/save', 'POST', { id: 7 }, 'update'],
  ['/apm-web/a/api/user/save', 'POST', { id: '' }, 'create'],
  ['/apm-web/f/common/sysInit', 'POST', null, 'create'],
  ['/apm-web/a/api/user/register', 'POST', null, 'create'],
  ['/apm-web/a/api/notifications/updateReadState', 'GET', null, 'update'],
  ['/apm-web/a/api/user/setEnabled', 'POST', null, 'update'],
  ['/apm-web/a/api/user/updateDefDataRange', 'GET', null, 'update'],
  ['/apm-web/a/api/thing', 'PUT', null, 'create'],
  ['/apm-web/a/api/thing', 'DELETE', null, 'delete'],
  ['/apm-web/a/api/user/getUserInfo', 'GET', null, 'other'],
];

describe('log entry types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(SAMPLES)('%s %s → the expected type', (action, method, params, type) => {
    expect(logTypeOf(action, method, params)).toBe(type);
  });

  it('the SQL back-fill gives every entry the type the writer gives it', async () => {
    await t.db.insert(auditLogs).values(
      SAMPLES.map(([action, method, params]) => ({
        action,
        method,
        params,
        path: action,
        status: 200,
        code: 0,
        durationMs: 1,
      })),
    );
    await t.db.update(auditLogs).set({ type: logTypeSql });
    const rows = await t.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    expect(rows.map((r) => r.type)).toEqual(SAMPLES.map(([a, m, p]) => logTypeOf(a, m, p)));
  });
});
