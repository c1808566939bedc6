import { sql } from 'drizzle-orm';
import { logTypeOf } from '../../../src/modules/logs/log-type.js';
import type { Database } from '../../../src/db/client.js';
import { auditLogs } from '../../../src/db/schema/index.js';
import { addRole, addUser, buildTenants } from '../users/fixture.js';

/** A small RFC 4180 reader for the exported CSV (quotes, doubled quotes, commas and newlines in cells). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * The tenants of the user fixture plus log readers, and a known set of audit entries:
 * platform, customer A1 (and its shop) and customer B, logins, writes and failures over three days.
 */
export async function buildLogFixture(db: Database) {
  const f = await buildTenants(db);
  const viewA1 = await addRole(db, 'logViewA1', f.offices.a1.id, ['sys:view', 'sys:log:view']);
  const noLogA1 = await addRole(db, 'noLogA1', f.offices.a1.id, ['sys:view', 'sys:user:view']);
  const a1viewer = await addUser(db, 'a1viewer', f.offices.a1.id, [viewA1], { name: 'Vera Viewer' });
  const a1nolog = await addUser(db, 'a1nolog', f.offices.a1.id, [noLogA1]);
  const auditA1 = await addRole(db, 'logAdminA1', f.offices.a1.id, [
    'sys:view',
    'sys:log:view',
    'sys:log:export',
  ]);
  await addUser(db, 'a1auditor', f.offices.a1.id, [auditA1], { name: 'Audrey Auditor' });
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 0, d, h));
  const entry = (
    at: Date,
    officeId: number | null,
    userId: number | null,
    username: string | null,
    method: string,
    action: string,
    status = 200,
    params: Record<string, unknown> | null = null,
  ) => ({
    at,
    officeId,
    userId,
    username,
    ip: '10.0.0.1',
    method,
    path: action,
    action,
    params,
    status,
    code: status >= 400 ? status : 0,
    msg: status >= 400 ? 'Request denied' : null,
    durationMs: 5,
    userAgent: 'vitest',
    requestId: 'req-1',
  });
  const { a1, a1Shop, b, platform } = f.offices;
  const rows = [
    entry(day(1), a1.id, f.ids.a1admin, 'a1admin', 'POST', '/apm-web/a/login'),
    entry(day(1, 13), a1.id, f.ids.a1admin, 'a1admin', 'POST', '/apm-web/a/api/user/save', 200, {
      loginName: 'x, "quoted"',
      name: '张三',
      password: '***',
    }),
    entry(day(2), a1Shop.id, f.ids.a1shop, 'a1shop', 'POST', '/apm-web/a/api/user/delete', 403, { id: '5' }),
    entry(day(2, 13), a1.id, f.ids.a1op, 'a1op', 'POST', '/apm-web/a/api/user/save', 200, { id: 7 }),
    entry(day(3), b.id, f.ids.bAdmin, 'badmin', 'POST', '/apm-web/a/login'),
    entry(day(3, 13), b.id, f.ids.bAdmin, 'badmin', 'POST', '/apm-web/a/logout'),
    entry(day(3, 14), null, null, 'nobody', 'POST', '/apm-web/a/login', 401),
    entry(day(3, 15), platform.id, 1, 'admin', 'POST', '/apm-web/a/sys/log/logExport'),
  ];
  const inserted = await db
    .insert(auditLogs)
    .values(rows.map((r) => ({ ...r, type: logTypeOf(r.action, r.method, r.params) })))
    .returning({ id: auditLogs.id });
  return { ...f, a1viewer, a1nolog, logIds: inserted.map((r) => r.id) };
}

/** Adds `n` entries of office `officeId` quickly in SQL (for paging and export volume). */
export async function addBulkLogs(db: Database, n: number, officeId: number, username = 'bulk') {
  await db.execute(sql`insert into audit_logs
    (at, user_id, username, office_id, ip, method, path, action, params, status, code, duration_ms)
    select timestamptz '2025-06-01' + g * interval '1 second', null, ${username}, ${officeId}, '10.1.1.1',
      'POST', '/apm-web/a/api/bulk/save', '/apm-web/a/api/bulk/save', jsonb_build_object('n', g),
      200, 0, 3
    from generate_series(1, ${n}) as g`);
}
