/**
 * `npm run bench:plans -- fleet` (or `tsx plans/fleet.ts`): play plans at fleet scale, in-process like the
 * server tests (PGlite in memory, or PostgreSQL with `BENCH_DATABASE_URL`/`TARGET=postgres`).
 *
 * Seeds 40 programs and 50 plans of 10 entries through the API, then `TERMINALS` (default 10,000)
 * claimed terminals with SQL, each published 3 of the plans (20 distinct plan sets), and measures:
 * 1. 7-day timelines of every terminal (`TimelineService.timelinesOf`, in chunks of 1,000): cold, then
 *    again (resolutions kept per distinct plan set and range), against loading the same terminals'
 *    schedules alone (the database part) in the same run;
 * 2. after a plan change, every terminal's manifest (`ProgramManifestService.forTerminal`, 200 terminals asking at once),
 *    against the same number of `select 1` round trips through the same driver.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, initSystem, login } from '../../apps/server/test/helpers/app.js';
import { generatePlans } from './generate.js';

const TERMINALS = Number(process.env.TERMINALS ?? 10_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (process.env.TARGET === 'postgres') process.env.TEST_DATABASE_URL = PG_URL;
else delete process.env.TEST_DATABASE_URL;

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);

function program(name: string, sceneMs: number) {
  return {
    formatVersion: 2,
    name,
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [
      {
        id: 's1',
        name: 'One',
        main: true,
        background: { color: '#204060', materialId: null, fit: 'cover' },
        durationMs: sceneMs,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [],
      },
    ],
  };
}

async function inChunks<T>(items: readonly T[], size: number, run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
}

async function pool<T>(items: readonly T[], concurrency: number, run: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

const t = await createTestApp({ APM_TIME_ZONE: 'Europe/Berlin' }, { logger: false });
try {
  await initSystem(t.app);
  const cookie = await login(t.app);
  const call = async <T>(url: string, payload: unknown): Promise<T> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/apm-web${url}`,
      headers: { cookie },
      payload: payload as object,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json().data as T;
  };
  const seedStart = performance.now();
  const programIds: number[] = [];
  for (let i = 0; i < 40; i++) {
    programIds.push(
      (
        await call<{ id: number }>('/a/api/program/save', {
          document: program(`P${i}`, 10_000 + ((i * 7919) % 290_000)),
        })
      ).id,
    );
  }
  const generated = generatePlans(50, 10, 40);
  const planIds: number[] = [];
  for (const [i, plan] of generated.entries()) {
    const document = {
      defaultProgramId: programIds[0]!,
      entries: plan.document.entries.map((e) => ({
        ...e,
        items: e.items.map((item) => ({ ...item, programId: programIds[item.programId - 1]! })),
      })),
    };
    planIds.push((await call<{ id: number }>('/a/api/playPlan/save', { name: `Plan ${i}`, document })).id);
  }
  const [office] = (await t.db.execute(sql`select id from offices order by id limit 1`)).rows as {
    id: number;
  }[];
  await t.db.execute(
    sql.raw(`insert into terminals (device_id, name, state, token_hash, office_id, claimed_at)
      select 'bench-' || g, 'Screen ' || g, 'claimed', md5(g::text), ${office!.id}, now()
      from generate_series(1, ${TERMINALS}) as g`),
  );
  const ids = ((await t.db.execute(sql`select id from terminals order by id`)).rows as { id: number }[]).map(
    (r) => Number(r.id),
  );
  // Terminal n plays plans of set n % 20: three of the fifty.
  const sets = Array.from({ length: 20 }, (_, s) => [
    planIds[s]!,
    planIds[(s + 20) % 50]!,
    planIds[(s + 40) % 50]!,
  ]);
  await inChunks(ids, 2000, (chunk) =>
    t.db.execute(
      sql.raw(
        `insert into plan_publications (plan_id, terminal_id) values ${chunk
          .flatMap((id, i) => sets[i % 20]!.map((planId) => `(${planId}, ${id})`))
          .join(',')}`,
      ),
    ),
  );
  console.log(
    `seeded ${TERMINALS} terminals, 50 plans, 40 programs in ${seconds(seedStart)} s (${process.env.TARGET === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
  );

  const { timelines, programManifest } = t.app.services;
  const from = Date.parse('2026-11-30T00:00:00Z');
  const to = from + 7 * 86_400_000;
  let start = performance.now();
  await inChunks(ids, 1000, (chunk) => programManifest.schedules(chunk));
  const loadS = seconds(start);
  let segments = 0;
  start = performance.now();
  await inChunks(ids, 1000, async (chunk) => {
    for (const timeline of await timelines.timelinesOf(chunk, from, to)) segments += timeline.segments.length;
  });
  const coldS = seconds(start);
  start = performance.now();
  await inChunks(ids, 1000, (chunk) => timelines.timelinesOf(chunk, from, to));
  const warmS = seconds(start);
  console.log(
    `\n| 7-day timelines of ${TERMINALS} terminals | cold | again | schedules loaded alone (baseline) | segments |`,
  );
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| 20 distinct plan sets of 30 entries | ${coldS} s | ${warmS} s | ${loadS} s | ${segments} |`);

  // A plan change: every terminal of a third of the sets gets a new manifest; build all of them.
  const changed = generated[0]!.document;
  await call('/a/api/playPlan/save', {
    id: planIds[0],
    name: 'Plan 0 (changed)',
    document: {
      defaultProgramId: programIds[1]!,
      entries: changed.entries.slice(1).map((e) => ({
        ...e,
        items: e.items.map((item) => ({ ...item, programId: programIds[item.programId - 1]! })),
      })),
    },
  });
  start = performance.now();
  await pool(ids, 200, (id) => programManifest.forTerminal(id));
  const manifestS = seconds(start);
  start = performance.now();
  await pool(ids, 200, () => t.db.execute(sql`select 1`));
  const selectS = seconds(start);
  console.log(
    `\n| Manifests of ${TERMINALS} terminals after a plan change (200 asking at once) | ${TERMINALS} × select 1 (baseline) | Ratio |`,
  );
  console.log('| --- | --- | --- |');
  console.log(`| ${manifestS} s | ${selectS} s | ${(Number(manifestS) / Number(selectS)).toFixed(1)}× |`);
} finally {
  await t.close();
}
