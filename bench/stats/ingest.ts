/**
 * `npm run bench:stats-ingest`: the rate of the real proof-of-play ingest against a plain COPY of the
 * same rows, in the same run. In-process like the server tests: PostgreSQL with `TARGET=postgres`
 * (`BENCH_DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/test`), else PGlite in memory at a
 * smaller scale.
 *
 * A fleet of `TERMINALS` terminals (bench/stats/dataset.ts, no history) sends `EVENTS` events in `play`
 * messages of `BATCH` events (program, scene and material events, some widget events), every message
 * through the real sink (`PlayEventSink.add`: ids, partitions, names and offices at ingest, duplicates
 * skipped, hourly roll-up in the same statement, acknowledgements after commit), flushed every 5,000
 * events as the sink does under load; then `DUPLICATES` (a fraction) of the messages are sent again, as
 * terminals resend after a reconnect. Baseline: the same unique rows with COPY into an unindexed,
 * unpartitioned copy of `play_events`. The figure to watch is the ratio.
 */
import { randomUUID } from 'node:crypto';
import type { PlayEvent } from '@apm/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, initSystem } from '../../apps/server/test/helpers/app.js';
import { PlayEventSink } from '../../apps/server/src/terminal/play-events.js';
import { queryRows } from '../../apps/server/src/terminal/sql.js';
import { copyInto, copyRow } from './copy.js';
import { loadStatsDataset } from './dataset.js';

const POSTGRES = process.env.TARGET === 'postgres';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (POSTGRES) process.env.TEST_DATABASE_URL = PG_URL;
else delete process.env.TEST_DATABASE_URL;
const TERMINALS = Number(process.env.TERMINALS ?? (POSTGRES ? 2000 : 200));
const EVENTS = Number(process.env.EVENTS ?? (POSTGRES ? 200_000 : 40_000));
const BATCH = Number(process.env.BATCH ?? 20);
const DUPLICATES = Number(process.env.DUPLICATES ?? 0.1);
const FLUSH_EVERY = 5000;

const r = (x: number) => Math.round(x * 10) / 10;
const KINDS = ['program', 'scene', 'material', 'material', 'widget'] as const;

const t = await createTestApp({}, { logger: false });
try {
  await initSystem(t.app);
  const driver = POSTGRES ? 'postgres' : 'pglite';
  const fleet = await loadStatsDataset(t.db, driver, { terminals: TERMINALS, days: 0 });
  // Events of the last two days, as terminals report them: each message from one terminal.
  const now = Date.now();
  const messages: { terminalId: number; events: PlayEvent[] }[] = [];
  for (let i = 0; i < EVENTS / BATCH; i++) {
    const terminalId = fleet.terminalIds[i % fleet.terminalIds.length]!;
    const events: PlayEvent[] = Array.from({ length: BATCH }, (_, j) => {
      const kind = KINDS[(i + j) % KINDS.length]!;
      const startedAt = new Date(
        now - 2 * 86_400_000 + (((i * BATCH + j) * 7919) % (2 * 86_400_000)),
      ).toISOString();
      const e: PlayEvent = { id: randomUUID(), kind, startedAt, durationMs: 10_000 + ((i + j) % 50) * 1000 };
      if (kind !== 'widget') e.programId = fleet.programIds[(i + j) % fleet.programIds.length];
      if (kind === 'scene') e.sceneId = `s${j % 3}`;
      if (kind === 'material') e.materialId = fleet.materialIds[(i + j) % fleet.materialIds.length];
      if (kind === 'widget') e.widgetType = ['clock', 'weather', 'button'][j % 3];
      return e;
    });
    messages.push({ terminalId, events });
  }
  const resent = messages.filter((_, i) => i % Math.round(1 / DUPLICATES) === 0);
  const sent = [...messages, ...resent];
  const total = sent.reduce((n, m) => n + m.events.length, 0);
  console.log(
    `${driver}: ${fleet.terminalIds.length} terminals, ${EVENTS} events in messages of ${BATCH}, ` +
      `${resent.length} messages sent again (${total - EVENTS} duplicates)`,
  );

  // The real ingest.
  const sink = new PlayEventSink(t.db);
  let acked = 0;
  const ingestStart = performance.now();
  let buffered = 0;
  for (const m of sent) {
    sink.add(m.terminalId, m.events, (ids) => (acked += ids.length));
    buffered += m.events.length;
    if (buffered >= FLUSH_EVERY) {
      await sink.flush();
      buffered = 0;
    }
  }
  await sink.flush();
  const ingestMs = performance.now() - ingestStart;
  const [stored] = await queryRows<{ events: number; plays: number }>(
    t.db,
    sql`SELECT (SELECT count(*)::int FROM play_events) AS events, (SELECT sum(plays)::int FROM play_hourly) AS plays`,
  );
  if (stored!.events !== EVENTS || stored!.plays !== EVENTS || acked !== total)
    throw new Error(`ingest wrong: ${JSON.stringify({ ...stored, acked, expected: EVENTS, total })}`);

  // Baseline: the same unique rows, COPY into a bare copy of the table (no partitions, no keys, no indexes).
  await t.db.execute(sql`CREATE TABLE bench_play_copy (LIKE play_events INCLUDING DEFAULTS)`);
  const rows = messages.flatMap((m) =>
    m.events.map((e) =>
      copyRow([
        m.terminalId,
        e.id,
        e.kind,
        e.programId,
        e.sceneId,
        e.materialId,
        e.widgetType,
        e.startedAt,
        e.durationMs,
      ]),
    ),
  );
  const chunks: string[][] = [];
  for (let i = 0; i < rows.length; i += FLUSH_EVERY) chunks.push(rows.slice(i, i + FLUSH_EVERY));
  const copyStart = performance.now();
  await copyInto(
    t.db,
    driver,
    'bench_play_copy',
    [
      'terminal_id',
      'event_id',
      'kind',
      'program_id',
      'scene_id',
      'material_id',
      'widget_type',
      'started_at',
      'duration_ms',
    ],
    chunks,
  );
  const copyMs = performance.now() - copyStart;

  const ingestRate = total / (ingestMs / 1000);
  const uniqueRate = EVENTS / (ingestMs / 1000);
  const copyRate = EVENTS / (copyMs / 1000);
  console.log(
    `ingest: ${r(ingestMs / 1000)} s, ${Math.round(ingestRate)} events/s sent (${Math.round(uniqueRate)} new/s)`,
  );
  console.log(`COPY baseline: ${r(copyMs / 1000)} s, ${Math.round(copyRate)} rows/s`);
  console.log(
    `ratio: COPY is ×${r(copyRate / uniqueRate)} the ingest's rate of new events (×${r(copyRate / ingestRate)} of events sent)`,
  );
  console.log(`sink counts: ${JSON.stringify(sink.counts)}`);
} finally {
  await t.close();
}
