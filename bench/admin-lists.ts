/**
 * Large-data benchmark of the admin lists and the log export (issue rule: 100 000 users and
 * 1 000 000 log rows, list calls under 100 ms at p95).
 *
 * Seeds a fresh database in SQL (generate_series), builds the app in-process like the server tests,
 * signs in as the platform administrator and as a customer administrator, and measures p50/p95 of
 * the list calls through `app.inject`, plus time and peak RSS of full CSV and XLSX exports streamed
 * over HTTP (127.0.0.1) to nowhere. The baseline in the same run: a `select 1` round trip through the same driver and an
 * inject of a trivial route.
 *
 * Usage: npm run bench:admin [-- postgres|pglite ...]   (default: both)
 *   BENCH_DATABASE_URL  PostgreSQL server to create the throw-away database on
 *                       (default postgres://postgres@127.0.0.1:5432/test)
 *   USERS, LOGS         volumes (default 100000, 1000000); RUNS iterations per call (default 40)
 *   EXPORTS=0           skips the full exports
 */
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN, createTestApp, initSystem, login, type TestApp } from '../apps/server/test/helpers/app.js';
import { PASSWORD, addOffice, addRole, addUser } from '../apps/server/test/modules/users/fixture.js';
import { auditLogs } from '../apps/server/src/db/schema/index.js';
import { logTypeSql } from '../apps/server/src/modules/logs/log-queries.js';

const USERS = Number(process.env.USERS ?? 100_000);
const LOGS = Number(process.env.LOGS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 40);
const EXPORTS = process.env.EXPORTS !== '0';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const targets = process.argv.slice(2).filter((a) => a === 'postgres' || a === 'pglite');

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50/p95 of `RUNS` calls after a few warm-up calls. */
async function measure(fn: () => Promise<unknown>, runs = RUNS): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Tenants: agent → 2 customers, 2 customers directly under the platform; 25 offices each. */
async function seed(t: TestApp) {
  const { db } = t;
  // Both drivers answer `execute` with `{ rows }`.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const started = performance.now();
  const [root] = await rows<{ id: number; path: string }>(
    sql`select id, path from offices where kind = 'platform'`,
  );
  const platform = { id: Number(root!.id), path: root!.path };
  const agent = await addOffice(db, 'Agent 1', 'agent', platform);
  const customers = [
    await addOffice(db, 'Customer 1', 'customer', agent),
    await addOffice(db, 'Customer 2', 'customer', agent),
    await addOffice(db, 'Customer 3', 'customer', platform),
    await addOffice(db, 'Customer 4', 'customer', platform),
  ];
  const officeIds: number[] = [];
  for (const [i, c] of customers.entries()) {
    officeIds.push(c.id);
    for (let j = 1; j < 25; j++) officeIds.push((await addOffice(db, `C${i + 1} shop ${j}`, 'office', c)).id);
  }
  const offices = `array[${officeIds.join(',')}]`;
  const [hash] = await rows<{ password_hash: string }>(
    sql`select password_hash from users where login_name = ${ADMIN.username}`,
  );
  const [op] = await rows<{ id: number }>(sql`select id from roles where code = 'operator'`);
  // Users spread round-robin over the 100 offices; names vary so a search matches a few.
  await db.execute(
    sql.raw(`insert into users (office_id, login_name, name, email, password_hash, data_range, created_at, last_login_at)
    select (${offices})[1 + (g % ${officeIds.length})], 'user' || g,
      (array['Anna','Bruno','Chen','Dmitri','Elena','Farid','Giulia','Hana','Ivan','Jun'])[1 + g % 10]
        || ' ' || substr(md5(g::text), 1, 6),
      'user' || g || '@bench.test', '${hash!.password_hash}', 'all',
      now() - g * interval '1 minute', now() - (g % 1000) * interval '1 hour'
    from generate_series(1, ${USERS}) as g`),
  );
  await db.execute(
    sql.raw(
      `insert into user_roles (user_id, role_id) select id, ${op!.id} from users where login_name like 'user%'`,
    ),
  );
  const [first] = await rows<{ id: number }>(
    sql`select min(id) as id from users where login_name like 'user%'`,
  );
  const firstUser = Number(first!.id);
  const usersAt = performance.now();
  // Log rows: one of the users (so the office matches theirs), one of eight actions, 5 % failures.
  await db.execute(
    sql.raw(`insert into audit_logs (at, user_id, username, office_id, ip, method, path, action, params,
      status, code, msg, duration_ms, user_agent, request_id)
    select now() - (${LOGS} - g) * interval '3 second', ${firstUser} + u - 1, 'user' || u,
      (${offices})[1 + (u % ${officeIds.length})], '10.0.' || (g % 250) || '.' || (g % 200),
      'POST', a, a, jsonb_build_object('id', g % 5000, 'name', 'item ' || g, 'password', '***'),
      case when g % 20 = 0 then 403 else 200 end, case when g % 20 = 0 then 403 else 0 end,
      case when g % 20 = 0 then 'Request denied' end, (g % 300), 'Mozilla/5.0 bench', 'req-' || g
    from generate_series(1, ${LOGS}) as g,
      lateral (select 1 + ((g::bigint * 7919) % ${USERS})::integer as u,
        (array['/apm-web/a/login','/apm-web/a/logout','/apm-web/a/api/user/save','/apm-web/a/api/user/delete',
               '/apm-web/a/api/sysSetting/save','/apm-web/a/api/role/save','/apm-web/a/sys/log/logExport',
               '/apm-web/a/api/office/save'])[1 + g % 8] as a) as x`),
  );
  // The stored entry type, as the audit writer sets it for live entries.
  await db.update(auditLogs).set({ type: logTypeSql });
  // What autovacuum would have done by then (visibility map for index-only counts, statistics).
  await db.execute(sql`vacuum analyze`);
  const seededAt = performance.now();
  // The customer administrator: Customer 1's admin role with user and log permissions.
  const role = await addRole(db, 'benchCustomerAdmin', customers[0]!.id, [
    'sys:view',
    'sys:user:view',
    'sys:user:edit',
    'sys:log:view',
    'sys:log:export',
  ]);
  await addUser(db, 'custadmin', customers[0]!.id, [role], { name: 'Customer Admin' });
  return {
    customers,
    shop: officeIds[30]!,
    seedUsersS: (usersAt - started) / 1000,
    seedLogsS: (seededAt - usersAt) / 1000,
  };
}

/** Streams a full export to nowhere; answers seconds, bytes, and peak RSS above the start. */
async function fullExport(baseUrl: string, cookie: string, format: 'csv' | 'xlsx') {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heap = Math.max(heap, m.heapUsed + m.external);
  };
  const timer = setInterval(sample, 25);
  const started = performance.now();
  // Over real HTTP: `inject` collects a streamed answer in memory, a socket applies backpressure.
  const res = await fetch(`${baseUrl}/apm-web/a/sys/log/logExport`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ format }),
  });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  if (res.status !== 200) throw new Error(`export ${format} answered ${res.status}`);
  return { seconds, bytes, base, peak, heap };
}

async function run(target: 'postgres' | 'pglite') {
  if (target === 'postgres') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  console.log(`\n## ${target}: ${USERS} users, ${LOGS} log rows`);
  const t = await createTestApp({}, { logger: false });
  try {
    await initSystem(t.app);
    const s = await seed(t);
    console.log(`seeded users in ${s.seedUsersS.toFixed(1)} s, logs in ${s.seedLogsS.toFixed(1)} s`);
    const platform = await login(t.app);
    const customer = await login(t.app, 'custadmin', PASSWORD);
    const get = (url: string, cookie: string) => async () => {
      const res = await t.app.inject({ method: 'GET', url: `/apm-web${url}`, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const firstPage = (await get('/a/api/log/ajaxScrollLog?pageSize=100', platform)()).json().data;
    const someId: number = firstPage.list[50].id;
    const custPage = (await get('/a/api/log/ajaxScrollLog?pageSize=100', customer)()).json().data;
    const custId: number = custPage.list[50].id;
    const deep = Math.floor(LOGS / 100);
    const cases: [string, () => Promise<unknown>][] = [
      ['baseline: select 1 (same driver)', () => t.db.execute(sql`select 1`)],
      ['baseline: inject GET /f/common/isSysInit', get('/f/common/isSysInit', platform)],
      ['usereList first page (platform)', get('/a/api/user/usereList?pageSize=10', platform)],
      ['usereList name search (platform)', get('/a/api/user/usereList?pageSize=10&name=hana%201', platform)],
      [
        'usereList office filter (platform)',
        get(`/a/api/user/usereList?pageSize=10&officeId=${s.shop}`, platform),
      ],
      ['usereList late page 5000 (platform)', get('/a/api/user/usereList?pageSize=10&pageNo=5000', platform)],
      ['usereList first page (customer)', get('/a/api/user/usereList?pageSize=10', customer)],
      ['usereList name search (customer)', get('/a/api/user/usereList?pageSize=10&name=anna', customer)],
      [
        'usereList name search matching nothing (platform)',
        get('/a/api/user/usereList?pageSize=10&name=zqxw', platform),
      ],
      ['usereList late page 1000 (customer)', get('/a/api/user/usereList?pageSize=10&pageNo=1000', customer)],
      ['ajaxScrollLog first page (platform)', get('/a/api/log/ajaxScrollLog?pageSize=100', platform)],
      [
        'ajaxScrollLog filters: type+user (platform)',
        get('/a/api/log/ajaxScrollLog?pageSize=100&type=delete&user=user12', platform),
      ],
      [
        'ajaxScrollLog filter: failures (platform)',
        get('/a/api/log/ajaxScrollLog?pageSize=100&status=failure', platform),
      ],
      [
        'ajaxScrollLog filters: 1-day range+path (platform)',
        get(
          `/a/api/log/ajaxScrollLog?pageSize=100&path=role&from=${encodeURIComponent(
            new Date(Date.now() - 86_400_000 * 10).toISOString(),
          )}&to=${encodeURIComponent(new Date(Date.now() - 86_400_000 * 9).toISOString())}`,
          platform,
        ),
      ],
      [
        'ajaxScrollLog deep cursor (platform)',
        get(`/a/api/log/ajaxScrollLog?pageSize=100&lastId=${deep}`, platform),
      ],
      ['ajaxScrollLog first page (customer)', get('/a/api/log/ajaxScrollLog?pageSize=100', customer)],
      [
        'ajaxScrollLog filters: type+user (customer)',
        get('/a/api/log/ajaxScrollLog?pageSize=100&type=delete&user=user1', customer),
      ],
      [
        'ajaxScrollLog deep cursor (customer)',
        get(`/a/api/log/ajaxScrollLog?pageSize=100&lastId=${deep}`, customer),
      ],
      ['detailsFunc (platform)', get(`/a/api/log/detailsFunc?id=${someId}`, platform)],
      ['detailsFunc (customer)', get(`/a/api/log/detailsFunc?id=${custId}`, customer)],
    ];
    console.log('| Call | p50 | p95 |');
    console.log('| --- | --- | --- |');
    for (const [name, fn] of cases) {
      const { p50, p95 } = await measure(fn);
      console.log(`| ${name} | ${ms(p50)} | ${ms(p95)} |`);
    }
    // Filters nothing matches: before the indexes of migration 0007 they read every row in scope (few runs).
    const none = '/a/api/log/ajaxScrollLog?pageSize=100&type=delete&status=failure';
    const noPath = '/a/api/log/ajaxScrollLog?pageSize=100&path=zqxw';
    for (const [name, fn] of [
      ['ajaxScrollLog, filters matching nothing (platform; worst case)', get(none, platform)],
      ['ajaxScrollLog, filters matching nothing (customer; worst case)', get(none, customer)],
      ['ajaxScrollLog, path matching nothing (platform)', get(noPath, platform)],
      ['ajaxScrollLog, path matching nothing (customer)', get(noPath, customer)],
    ] as const) {
      const { p50, p95 } = await measure(fn, 5);
      console.log(`| ${name} | ${ms(p50)} | ${ms(p95)} |`);
    }
    if (EXPORTS) {
      console.log(
        '\n| Export (platform, all rows) | Time | Size | RSS before | Peak RSS | Peak JS heap + external |',
      );
      console.log('| --- | --- | --- | --- | --- | --- |');
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      for (const format of ['csv', 'xlsx'] as const) {
        const e = await fullExport(baseUrl, platform, format);
        console.log(
          `| ${format.toUpperCase()} ${LOGS} rows | ${e.seconds.toFixed(1)} s | ${mib(e.bytes)} | ${mib(e.base)} | ${mib(e.peak)} | ${mib(e.heap)} |`,
        );
      }
    }
  } finally {
    await t.close();
  }
}

for (const target of targets.length ? targets : (['postgres', 'pglite'] as const)) await run(target);
