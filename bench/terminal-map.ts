/**
 * Terminal map benchmark (issue 20, "Terminal map"): 10,000 positioned terminals (default), seeded in
 * SQL (generate_series) into a fresh embedded database, the app built in-process like the server
 * tests. Measures p50/p95 of the map data call (`GET /a/api/terminal/mapPoints`, as the console asks
 * for it: gzip accepted) and its answer size, raw and compressed, as a ratio to a bare baseline of the
 * same run: a trivial authenticated GET (`/a/api/sysSetting/isSupportApiServer`) through the same
 * `app.inject`. Then the browser's share in Node: building the supercluster index of the console's
 * pure clustering module over the answer, and the clusters of a few viewports.
 *
 * Usage: npm run bench:map [-- --count 10000 --runs 40]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createTestApp, initSystem, login } from '../apps/server/test/helpers/app.js';
import { buildIndex, itemsIn, type Viewport } from '../apps/web/src/pages/terminal-map/map-clusters.js';
import type { MapPoint } from '../apps/web/src/services/terminal-map.js';

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '10000' }, runs: { type: 'string', default: '40' } },
});
const COUNT = Number(args.count);
const RUNS = Number(args.runs);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** p50/p95 in ms of `runs` calls after three warm-up calls. */
async function measure(fn: () => unknown, runs = RUNS): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 50).toFixed(2), p95: +percentile(times, 95).toFixed(2) };
}

const t = await createTestApp({}, { logger: false });
try {
  await initSystem(t.app);
  const cookie = await login(t.app);
  const seededFrom = performance.now();
  // Terminals spread over Europe; every 7th offline, every 50th with an open alarm, 1 % without a position.
  await t.db.execute(sql`
    insert into terminals (device_id, name, token_hash, state, office_id, online, latitude, longitude, claimed_at)
    select 'map-bench-' || i, 'Screen ' || i, md5('map-bench-' || i), 'claimed',
           (select id from offices where kind = 'platform'), i % 7 <> 0,
           case when i % 100 = 0 then null else 36 + (i * 7919 % 2000) / 100.0 end,
           case when i % 100 = 0 then null else -9 + (i * 104729 % 3800) / 100.0 end, now()
    from generate_series(1, ${COUNT}) as i`);
  await t.db.execute(sql`
    insert into abnormal_alarms (terminal_id, office_id, type)
    select id, office_id, 'diskFull' from terminals where device_id like 'map-bench-%' and id % 50 = 0`);
  const seedS = (performance.now() - seededFrom) / 1000;

  const get =
    (url: string, headers: Record<string, string> = {}) =>
    async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/apm-web${url}`,
        headers: { cookie, ...headers },
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const baseline = await measure(get('/a/api/sysSetting/isSupportApiServer', gzip));
  const mapPoints = await measure(get('/a/api/terminal/mapPoints', gzip));
  const filtered = await measure(get('/a/api/terminal/mapPoints?state=offline', gzip));
  const zipped = await get('/a/api/terminal/mapPoints', gzip)();
  const raw = await get('/a/api/terminal/mapPoints')();
  const etag = String(raw.headers.etag);
  const revalidated = await t.app.inject({
    method: 'GET',
    url: '/apm-web/a/api/terminal/mapPoints',
    headers: { cookie, 'if-none-match': etag },
  });
  const body = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as {
    data: { points: MapPoint[]; unpositionedCount: number };
  };
  const points = body.data.points;

  // The browser's work, in Node: the index over every point, then what a viewport draws.
  const indexMs = await measure(() => buildIndex(points), 10);
  const index = buildIndex(points);
  const views: [string, Viewport, number][] = [
    ['Europe, zoom 4', [-25, 30, 45, 65], 4],
    ['a country, zoom 7', [5, 43, 15, 48], 7],
    ['a region, zoom 10', [8.5, 45, 10.5, 46], 10],
  ];
  const viewports = views.map(([name, viewport, zoom]) => ({
    name,
    items: itemsIn(index, viewport, zoom).length,
  }));
  const viewportMs = await measure(() => {
    for (const [, viewport, zoom] of views) itemsIn(index, viewport, zoom);
  }, 40);

  const report = {
    terminals: COUNT,
    positioned: points.length,
    unpositioned: body.data.unpositionedCount,
    seedS: +seedS.toFixed(1),
    baselineMs: baseline,
    mapPointsMs: mapPoints,
    ratioP50: +(mapPoints.p50 / baseline.p50).toFixed(1),
    ratioP95: +(mapPoints.p95 / baseline.p95).toFixed(1),
    mapPointsOfflineMs: filtered,
    answerBytes: { raw: raw.rawPayload.length, gzip: zipped.rawPayload.length },
    bytesPerTerminalGzip: +(zipped.rawPayload.length / points.length).toFixed(1),
    revalidationStatus: revalidated.statusCode,
    superclusterIndexMs: indexMs,
    viewports,
    threeViewportsMs: viewportMs,
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  await t.close();
}
