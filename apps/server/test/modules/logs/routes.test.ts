import { desc, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { EXPORT_BATCH } from '../../../src/modules/logs/service.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { PASSWORD } from '../users/fixture.js';
import { addBulkLogs, buildLogFixture, parseCsv } from './fixture.js';

const LIST = '/apm-web/a/api/log/ajaxScrollLog';
const DETAILS = '/apm-web/a/api/log/detailsFunc';
const EXPORT = '/apm-web/a/sys/log/logExport';
const JAN = 'from=2026-01-01T00:00:00Z&to=2026-01-31T23:59:59Z';

interface Item {
  id: number;
  username: string | null;
  officeId: number | null;
  type: string;
  status: number;
  at: string;
}

describe('system log', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildLogFixture>>;
  let admin: string;
  let a1admin: string;
  let a1viewer: string;
  let a1nolog: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildLogFixture(t.db);
    admin = await login(t.app);
    a1admin = await login(t.app, 'a1auditor', PASSWORD);
    a1viewer = await login(t.app, 'a1viewer', PASSWORD);
    a1nolog = await login(t.app, 'a1nolog', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const list = async (query: string, cookie = admin) => {
    const res = await get(`${LIST}?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Item[]; hasMore: boolean; lastId: number | null };
  };
  const exportCall = (payload: object, cookie = admin, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: EXPORT,
      payload,
      headers: { cookie: language ? `${cookie}; language=${language}` : cookie },
    });
  const names = (items: Item[]) => items.map((i) => i.username);

  it('lists the newest entries first with every list field and no count', async () => {
    const page = await list(`${JAN}&pageSize=3`);
    expect(names(page.list)).toEqual(['admin', 'nobody', 'badmin']);
    expect(page.hasMore).toBe(true);
    expect(page.lastId).toBe(page.list[2]!.id);
    expect(page).not.toHaveProperty('count');
    expect(page.list[0]).toMatchObject({ type: 'export', method: 'POST', officeName: 'Head office' });
    expect(page.list[1]).toMatchObject({ type: 'login', status: 401, officeId: null });
    expect(page.list[2]).toMatchObject({ type: 'logout', officeName: 'Customer B' });
  });

  it('filters by user, type, time range, path and status', async () => {
    expect(names((await list(`${JAN}&user=a1a`)).list)).toEqual(['a1admin', 'a1admin']);
    expect(names((await list(`${JAN}&user=Alice`)).list)).toEqual(['a1admin', 'a1admin']);
    expect(names((await list(`${JAN}&user=${f.ids.a1op}`)).list)).toEqual(['a1op']);
    expect(names((await list(`${JAN}&type=login`)).list)).toEqual(['nobody', 'badmin', 'a1admin']);
    expect(names((await list(`${JAN}&type=delete`)).list)).toEqual(['a1shop']);
    expect(names((await list(`${JAN}&type=create`)).list)).toEqual(['a1admin']);
    expect(names((await list(`${JAN}&type=update`)).list)).toEqual(['a1op']);
    const range = await list('from=2026-01-02T00:00:00Z&to=2026-01-02T23:59:59.999Z');
    expect(names(range.list)).toEqual(['a1op', 'a1shop']);
    expect(names((await list(`${JAN}&path=USER/del`)).list)).toEqual(['a1shop']);
    expect(names((await list(`${JAN}&status=failure`)).list)).toEqual(['nobody', 'a1shop']);
    expect((await list(`${JAN}&status=success`)).list).toHaveLength(6);
    // LIKE wildcards in the search are literal.
    expect((await list(`${JAN}&path=%25`)).list).toHaveLength(0);
  });

  it('pages by keyset without duplicates or gaps, for the platform and for a tenant', async () => {
    await addBulkLogs(t.db, 230, f.offices.a1.id);
    await addBulkLogs(t.db, 120, f.offices.b.id, 'bulkb');
    const walk = async (cookie: string, pageSize: number, filter = '&path=bulk') => {
      const ids: number[] = [];
      let lastId: number | null = null;
      for (let i = 0; i < 100; i++) {
        const page = await list(`pageSize=${pageSize}${lastId ? `&lastId=${lastId}` : ''}${filter}`, cookie);
        ids.push(...page.list.map((r) => r.id));
        if (!page.hasMore) return ids;
        lastId = page.lastId;
      }
      throw new Error('too many pages');
    };
    const all = await walk(admin, 37);
    expect(all).toHaveLength(350);
    expect(new Set(all).size).toBe(350);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const a1 = await walk(a1admin, 100);
    expect(a1).toHaveLength(230);
    expect(a1).toEqual(all.filter((id) => a1.includes(id)));
    // Unfiltered, a tenant's pages merge its offices' index ranges: still every entry once, in order.
    await t.app.services.audit.flush();
    const expected = (
      await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(inArray(auditLogs.officeId, [f.offices.a1.id, f.offices.a1Shop.id]))
        .orderBy(desc(auditLogs.id))
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(230);
    expect(await walk(a1admin, 40, '')).toEqual(expected);
  });

  it("shows a customer only its own offices' entries and 404s on another tenant's", async () => {
    const items = (await list(`${JAN}&pageSize=100`, a1admin)).list;
    expect(names(items)).toEqual(['a1op', 'a1shop', 'a1admin', 'a1admin']);
    const bLogout = f.logIds[5]!;
    const own = await get(`${DETAILS}?id=${f.logIds[1]}`, a1admin);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      username: 'a1admin',
      params: { loginName: 'x, "quoted"', name: '张三', password: '***' },
      userAgent: 'vitest',
      requestId: 'req-1',
      type: 'create',
    });
    for (const id of [bLogout, f.logIds[6]!, f.logIds[7]!, 999_999]) {
      const res = await get(`${DETAILS}?id=${id}`, a1admin);
      expect(res.statusCode).toBe(404);
    }
    expect((await get(`${DETAILS}?id=${bLogout}`)).statusCode).toBe(200);
    // Another tenant's user name finds nothing.
    expect((await list(`${JAN}&user=badmin`, a1admin)).list).toEqual([]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['lastId=abc', 'lastId'],
      ['type=hack', 'type'],
      ['status=maybe', 'status'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`${LIST}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().jsonObject.fields, query).toHaveProperty(field);
    }
    expect((await get(`${DETAILS}?id=x`)).json().jsonObject.fields).toHaveProperty('id');
    const before = await countRows(t.db, auditLogs);
    for (const [payload, field] of [
      [{ format: 'pdf' }, 'format'],
      [{}, 'format'],
      [{ format: 'csv', from: 'nope' }, 'from'],
      [{ format: 'xlsx', from: '2026-02-01', to: '2026-01-01' }, 'to'],
    ] as const) {
      const res = await exportCall(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty(field);
    }
    await t.app.services.audit.flush();
    // Refusals are audited as failures and change nothing else.
    expect(await countRows(t.db, auditLogs)).toBe(before + 4);
  });

  it('answers 403 without the permission', async () => {
    expect((await get(LIST, a1nolog)).statusCode).toBe(403);
    expect((await get(`${DETAILS}?id=${f.logIds[0]}`, a1nolog)).statusCode).toBe(403);
    expect((await exportCall({ format: 'csv' }, a1viewer)).statusCode).toBe(403);
    expect((await list(`${JAN}`, a1viewer)).list.length).toBeGreaterThan(0);
  });

  it('exports CSV with a BOM, translated headers and the filtered rows; the export is audited', async () => {
    const res = await exportCall(
      { format: 'csv', from: '2026-01-01', to: '2026-01-31T23:59:59Z' },
      a1admin,
      'CN',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="system-log-\d{8}-\d{6}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]!.slice(0, 3)).toEqual(['编号', '时间', '用户']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['a1op', 'a1shop', 'a1admin', 'a1admin']);
    const saved = rows.find((r) => r[8] === 'create')!;
    expect(JSON.parse(saved[10]!)).toEqual({ loginName: 'x, "quoted"', name: '张三', password: '***' });
    expect(saved[1]).toBe('2026-01-01T13:00:00.000Z');
    await t.app.services.audit.flush();
    const audited = (await list('type=export&user=a1auditor', a1admin)).list;
    expect(audited[0]).toMatchObject({ path: EXPORT, status: 200 });
  });

  it('exports XLSX that exceljs reads back, headers in the cookie language', async () => {
    const res = await exportCall(
      { format: 'xlsx', status: 'failure', from: '2026-01-01', to: '2026-01-31' },
      admin,
      'FR',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 3)).toEqual(['ID', 'Heure', 'Utilisateur']);
    expect(sheet.actualRowCount).toBe(3);
    expect(values(2)[2]).toBe('nobody');
    expect(values(3)[2]).toBe('a1shop');
    expect(values(3)[11]).toBe(403);
  });

  it('streams a 20 000-row export in keyset batches', async () => {
    const office = f.offices.a1Shop.id;
    await addBulkLogs(t.db, 20_000, office, 'volume');
    const batches: number[] = [];
    const service = t.app.services.logs;
    const original = service.exportRows.bind(service);
    const spy = vi.spyOn(service, 'exportRows').mockImplementation(async function* (auth, filters) {
      for await (const batch of original(auth, filters)) {
        batches.push(batch.length);
        yield batch;
      }
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: EXPORT,
        payload: { format: 'csv', user: 'volume' },
        headers: { cookie: admin },
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      const stream = res.stream();
      expect(stream).toBeInstanceOf(Readable);
      let lines = 0;
      for await (const chunk of stream) lines += (chunk as Buffer).toString('utf8').split('\n').length - 1;
      expect(lines).toBe(20_001);
      expect(batches).toEqual([EXPORT_BATCH, EXPORT_BATCH, EXPORT_BATCH, EXPORT_BATCH]);
    } finally {
      spy.mockRestore();
    }
  });
});
