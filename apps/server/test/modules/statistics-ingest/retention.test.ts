import type { PlayEvent } from '@apm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart, partitionName } from '../../../src/terminal/play-partitions.js';
import { PlayEventSink } from '../../../src/terminal/play-events.js';
import { PlayRetention } from '../../../src/terminal/play-retention.js';
import { queryRows } from '../../../src/terminal/sql.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { insertTerminal } from './fixtures.js';

describe('proof-of-play retention', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
  });
  afterAll(() => t.close());

  const partitions = async () =>
    (await t.app.services.terminalPlayEvents.partitions.list()).map((p) => p.name);

  it('runs on the leader at start: this month and the next have their partitions', async () => {
    const now = new Date();
    await expect
      .poll(partitions)
      .toEqual(expect.arrayContaining([partitionName(monthStart(now)), partitionName(monthStart(now, 1))]));
  });

  it('drops whole partitions past the retention, keeps the roll-ups, and creates next month', async () => {
    const now = Date.parse('2027-02-20T10:00:00Z');
    const sink = new PlayEventSink(t.db, () => now);
    const terminal = await insertTerminal(t.db);
    const at = (iso: string, id: string): PlayEvent => ({
      id,
      kind: 'program',
      programId: 9,
      startedAt: iso,
      durationMs: 60_000,
    });
    sink.add(terminal.id, [
      at('2026-01-31T23:00:00Z', 'jan'),
      at('2026-02-01T00:30:00Z', 'feb'),
      at('2026-11-10T12:00:00Z', 'nov'),
      at('2027-02-19T12:00:00Z', 'feb27'),
    ]);
    await sink.flush();
    const months = { value: 13 };
    const retention = new PlayRetention(
      t.app.services.terminalPlayEvents.partitions,
      async () => months.value,
      () => now,
    );

    // Thirteen months before February 2027 is January 2026: the oldest month kept.
    const first = await retention.run();
    expect(first.dropped).toEqual([]);
    expect(first.created).toEqual(['play_events_p202703']);
    months.value = 12;
    const run = await retention.run();
    expect(run.dropped).toEqual(['play_events_p202601']);
    const events = () =>
      queryRows<{ event_id: string }>(
        t.db,
        sql`SELECT event_id FROM play_events WHERE terminal_id = ${terminal.id} ORDER BY started_at`,
      );
    expect((await events()).map((e) => e.event_id)).toEqual(['feb', 'nov', 'feb27']);
    const hourly = await queryRows<{ plays: number }>(
      t.db,
      sql`SELECT plays FROM play_hourly WHERE terminal_id = ${terminal.id} ORDER BY hour`,
    );
    expect(hourly.map((h) => h.plays)).toEqual([1, 1, 1, 1]);
    expect(await partitions()).toEqual(
      expect.arrayContaining(['play_events_p202602', 'play_events_p202702', 'play_events_p202703']),
    );
    expect(await partitions()).not.toContain('play_events_p202601');

    // A shorter retention drops more on the next run; nothing is left to do after it.
    months.value = 3;
    expect((await retention.run()).dropped).toEqual(['play_events_p202602']);
    expect((await events()).map((e) => e.event_id)).toEqual(['nov', 'feb27']);
    expect(await retention.run()).toEqual({ dropped: [], created: [] });
  });

  it('refuses at ingest events older than the retention, acknowledged, with no partition made for them', async () => {
    const now = () => Date.parse('2027-02-20T10:00:00Z');
    const sink = new PlayEventSink(t.db, now, async () => 2);
    const terminal = await insertTerminal(t.db);
    const acked: string[] = [];
    sink.add(
      terminal.id,
      [
        { id: 'too-old', kind: 'program', startedAt: '2026-10-31T23:59:00Z', durationMs: 1 },
        { id: 'kept', kind: 'program', startedAt: '2026-12-01T00:00:00Z', durationMs: 1 },
      ],
      (ids) => acked.push(...ids),
    );
    await sink.flush();
    expect(acked).toEqual(['too-old', 'kept']);
    expect(sink.counts).toMatchObject({ inserted: 1, refused: 1, duplicates: 0 });
    const stored = await queryRows<{ event_id: string }>(
      t.db,
      sql`SELECT event_id FROM play_events WHERE terminal_id = ${terminal.id}`,
    );
    expect(stored).toEqual([{ event_id: 'kept' }]);
    expect(await partitions()).not.toContain('play_events_p202610');
  });

  it('reads the retention from the system setting', async () => {
    await t.app.services.settings.set('playEventsRetentionMonths', 2);
    const sink = new PlayEventSink(t.db, () => Date.parse('2027-02-20T10:00:00Z'));
    const terminal = await insertTerminal(t.db);
    sink.add(terminal.id, [{ id: 'x', kind: 'program', startedAt: '2026-11-05T00:00:00Z', durationMs: 1 }]);
    await sink.flush();
    const retention = new PlayRetention(
      t.app.services.terminalPlayEvents.partitions,
      () => t.app.services.settings.get('playEventsRetentionMonths'),
      () => Date.parse('2027-02-20T10:00:00Z'),
    );
    // Two months before February 2027: December 2026 is the oldest kept.
    expect((await retention.run()).dropped).toEqual(['play_events_p202611']);
  });
});
