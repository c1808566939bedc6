import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayPartitions } from '../../../src/terminal/play-partitions.js';
import { insertPlayRows, type PlayRow } from '../../../src/terminal/play-rollup.js';
import { queryRows } from '../../../src/terminal/sql.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { insertMaterial, insertProgram, terminalsWithBranch } from './fixtures.js';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const H = 3_600_000;
const START = Date.parse('2026-03-01T00:00:00Z');

/** Periods the coarse roll-ups split differently: whole UTC days, days of UTC+8, parts of days. */
const PERIODS: [string, string, string][] = [
  ['2026-03-01T00:00:00Z', '2026-03-04T00:00:00Z', 'UTC'],
  ['2026-02-28T16:00:00Z', '2026-03-03T16:00:00Z', 'Asia/Shanghai'],
  ['2026-03-01T10:30:00Z', '2026-03-02T05:00:00Z', 'UTC'],
  ['2026-03-02T00:00:00Z', '2026-03-02T13:00:00Z', 'UTC'],
];

describe('proof of play: the coarse roll-ups answer exactly what the raw events say', () => {
  let t: TestApp;
  let cookie: string;
  let programs: number[];
  let materials: number[];
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    cookie = await login(t.app);
    // The last terminal in another bit-set chunk than the first ones; the last two in a branch office.
    const { terminals } = await terminalsWithBranch(t.db, 5, 2050, 2);
    programs = [
      await insertProgram(t.db, 'P1'),
      await insertProgram(t.db, 'P2'),
      await insertProgram(t.db, 'P3'),
    ];
    materials = [await insertMaterial(t.db, 'M1'), await insertMaterial(t.db, 'M2')];
    await new PlayPartitions(t.db).ensure([new Date(START - 2 * 86_400_000), new Date(START)]);
    const rand = random(7);
    const rows: PlayRow[] = [];
    for (let n = 0; n < 600; n++) {
      const material = rand() < 0.4;
      rows.push({
        terminal_id: terminals[Math.floor(rand() * terminals.length)]!,
        event_id: `e${n}`,
        kind: material ? 'material' : 'program',
        program_id: programs[Math.floor(rand() * programs.length)]!,
        scene_id: null,
        message_id: null,
        material_id: material ? materials[Math.floor(rand() * materials.length)]! : null,
        widget_type: null,
        widget_id: null,
        started_at: new Date(START - 12 * H + Math.floor(rand() * 96 * H)).toISOString(),
        duration_ms: 1000 + Math.floor(rand() * 60_000),
      });
    }
    // In batches that overlap (a resend): the roll-ups add only what each batch really inserted.
    for (let i = 0; i < rows.length; i += 150)
      await insertPlayRows(t.db, rows.slice(Math.max(0, i - 20), i + 150));
  }, 120_000);
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/statistics/${path}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** Figures straight from the raw events: a row counts when its hour starts in the period. */
  const raw = (from: string, to: string, kind: string, group: string, subject?: number) =>
    queryRows<{ k: number; plays: number; ms: number; terminals: number }>(
      t.db,
      sql`SELECT ${sql.raw(group)} AS k, count(*)::int AS plays, sum(duration_ms)::float8 AS ms,
          count(DISTINCT terminal_id)::int AS terminals
        FROM play_events WHERE kind = ${kind}
          AND date_trunc('hour', started_at) >= ${from}::timestamptz AND date_trunc('hour', started_at) < ${to}::timestamptz
          ${subject === undefined ? sql`` : sql`AND program_id = ${subject}`}
        GROUP BY 1 ORDER BY 1`,
    );

  it.each(PERIODS)('plays and top lists of %s – %s (%s)', async (from, to, zone) => {
    const q = `from=${from}&to=${to}&timeZone=${zone}`;
    for (const [filter, kind, subject] of [
      ['', 'program', undefined],
      [`&programId=${programs[1]}`, 'program', programs[1]],
      ['&subject=material', 'material', undefined],
    ] as const) {
      const [all] = await raw(from, to, kind, '0', subject);
      const summary = await get(`plays?${q}&granularity=hour${filter}`);
      expect(summary.plays).toBe(all?.plays ?? 0);
      expect(summary.seconds).toBeCloseTo((all?.ms ?? 0) / 1000, 3);
      expect(summary.terminals).toBe(all?.terminals ?? 0);
      const subjectColumn = kind === 'material' ? 'material_id' : 'program_id';
      for (const [dimension, group] of [
        [kind, subjectColumn],
        ['terminal', 'terminal_id'],
        ['office', 'office_id'],
      ] as const) {
        const top = await get(`playTop?${q}&dimension=${dimension}&pageSize=100${filter}`);
        const expected = await raw(from, to, kind, group, subject);
        const byId = (list: { id: number; plays: number; terminals: number }[]) =>
          [...list].sort((a, b) => a.id - b.id);
        expect(
          byId(top.list).map((r: { id: number; plays: number; terminals: number }) => [
            r.id,
            r.plays,
            r.terminals,
          ]),
          `${dimension}${filter}`,
        ).toEqual(expected.map((r) => [r.k, r.plays, dimension === 'terminal' ? 1 : r.terminals]));
        expect(top.count).toBe(expected.length);
      }
    }
  });
});
