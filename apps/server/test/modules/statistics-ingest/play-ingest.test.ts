import type { PlayEvent } from '@apm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { PlayEventSink } from '../../../src/terminal/play-events.js';
import { queryRows } from '../../../src/terminal/sql.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import {
  eventsOf,
  hourlyOf,
  insertMaterial,
  insertMessage,
  insertProgram,
  insertTerminal,
} from './fixtures.js';

/** The sink's clock in these tests: mid-February 2026. */
const NOW = Date.parse('2026-02-15T12:00:00Z');

/** Adds events and flushes; answers the ids acknowledged. */
async function ingest(sink: PlayEventSink, terminalId: number, events: PlayEvent[]): Promise<string[]> {
  const acked: string[] = [];
  sink.add(terminalId, events, (ids) => acked.push(...ids));
  await sink.flush();
  await Promise.resolve();
  return acked;
}

describe('proof of play ingest', () => {
  let t: TestApp;
  let db: Database;
  let sink: PlayEventSink;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    db = t.db;
    sink = new PlayEventSink(db, () => NOW);
  });
  afterAll(() => t.close());

  it('stores a batch sent twice once, rolls it up once, and acknowledges it both times', async () => {
    const terminal = await insertTerminal(db);
    const program = await insertProgram(db, 'Spring sale');
    const batch: PlayEvent[] = [
      {
        id: 'a1',
        kind: 'program',
        programId: program,
        startedAt: '2026-02-10T09:00:00Z',
        durationMs: 10_000,
      },
      {
        id: 'a2',
        kind: 'program',
        programId: program,
        startedAt: '2026-02-10T09:05:00Z',
        durationMs: 20_000,
      },
      {
        id: 'a3',
        kind: 'scene',
        programId: program,
        sceneId: 's1',
        startedAt: '2026-02-10T09:05:00Z',
        durationMs: 5000,
      },
    ];
    expect(await ingest(sink, terminal.id, batch)).toEqual(['a1', 'a2', 'a3']);
    expect(await ingest(sink, terminal.id, batch)).toEqual(['a1', 'a2', 'a3']);
    const events = await eventsOf(db, terminal.id);
    expect(events.map((e) => e.event_id)).toEqual(['a1', 'a2', 'a3']);
    expect(events.every((e) => e.office_id === terminal.officeId && e.program_name === 'Spring sale')).toBe(
      true,
    );
    expect(await hourlyOf(db, terminal.id)).toEqual([
      {
        hour: '2026-02-10T09',
        kind: 'program',
        subject_id: program,
        subject_key: '',
        subject_name: 'Spring sale',
        plays: 2,
        duration_ms: 30_000,
      },
      {
        hour: '2026-02-10T09',
        kind: 'scene',
        subject_id: program,
        subject_key: 's1',
        subject_name: 'Spring sale',
        plays: 1,
        duration_ms: 5000,
      },
    ]);
  });

  it('skips duplicates across batches, and within one batch, counting only new rows in the roll-up', async () => {
    const terminal = await insertTerminal(db);
    const at = (m: number) => `2026-02-11T10:${String(m).padStart(2, '0')}:00Z`;
    const ev = (id: string, m: number): PlayEvent => ({
      id,
      kind: 'widget',
      widgetType: 'clock',
      startedAt: at(m),
      durationMs: 1000,
    });
    await ingest(sink, terminal.id, [ev('b1', 1), ev('b2', 2)]);
    expect(await ingest(sink, terminal.id, [ev('b2', 2), ev('b3', 3), ev('b3', 3)])).toEqual([
      'b2',
      'b3',
      'b3',
    ]);
    expect((await eventsOf(db, terminal.id)).map((e) => e.event_id)).toEqual(['b1', 'b2', 'b3']);
    const [hour] = await hourlyOf(db, terminal.id);
    expect(hour).toMatchObject({
      kind: 'widget',
      subject_id: 0,
      subject_key: 'clock',
      plays: 3,
      duration_ms: 3000,
    });
  });

  it('puts events either side of a month boundary in two partitions and the right hours', async () => {
    const terminal = await insertTerminal(db);
    const material = await insertMaterial(db, 'poster.png');
    const ev = (id: string, startedAt: string): PlayEvent => ({
      id,
      kind: 'material',
      materialId: material,
      startedAt,
      durationMs: 8000,
    });
    await ingest(sink, terminal.id, [ev('m1', '2026-01-31T23:59:00Z'), ev('m2', '2026-02-01T00:01:00Z')]);
    const events = await eventsOf(db, terminal.id);
    expect(events.map((e) => [e.event_id, e.partition, e.material_name])).toEqual([
      ['m1', 'play_events_p202601', 'poster.png'],
      ['m2', 'play_events_p202602', 'poster.png'],
    ]);
    expect(
      (await hourlyOf(db, terminal.id)).map((h) => [h.hour, h.subject_id, h.plays, h.duration_ms]),
    ).toEqual([
      ['2026-01-31T23', material, 1, 8000],
      ['2026-02-01T00', material, 1, 8000],
    ]);
    const bounds = await queryRows<{ bound: string }>(
      db,
      sql`SELECT pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_class c WHERE c.relname = 'play_events_p202602'`,
    );
    expect(bounds[0]!.bound).toMatch(/FROM \('2026-02-01 00:00:00\+00'\) TO \('2026-03-01 00:00:00\+00'\)/);
  });

  it('keeps the names of programs, messages and materials as they were at ingest', async () => {
    const terminal = await insertTerminal(db);
    const program = await insertProgram(db, 'Old title');
    const material = await insertMaterial(db, 'clip.mp4');
    const message = await insertMessage(db, 'Closing soon');
    await ingest(sink, terminal.id, [
      { id: 'n1', kind: 'program', programId: program, startedAt: '2026-02-12T08:00:00Z', durationMs: 1000 },
      {
        id: 'n2',
        kind: 'material',
        programId: program,
        materialId: material,
        startedAt: '2026-02-12T08:00:00Z',
        durationMs: 1000,
      },
      { id: 'n3', kind: 'message', messageId: message, startedAt: '2026-02-12T08:00:00Z', durationMs: 1000 },
    ]);
    await db.execute(sql`UPDATE programs SET name = 'New title' WHERE id = ${program}`);
    await db.execute(sql`DELETE FROM materials WHERE id = ${material}`);
    await db.execute(sql`DELETE FROM messages WHERE id = ${message}`);
    const events = await eventsOf(db, terminal.id);
    expect(events.map((e) => [e.event_id, e.program_name, e.material_name, e.message_name])).toEqual([
      ['n1', 'Old title', null, null],
      ['n2', 'Old title', 'clip.mp4', null],
      ['n3', null, null, 'Closing soon'],
    ]);
    // A later play takes the new name; the roll-up keeps the latest one.
    await ingest(sink, terminal.id, [
      { id: 'n4', kind: 'program', programId: program, startedAt: '2026-02-12T08:30:00Z', durationMs: 1000 },
    ]);
    const hours = await hourlyOf(db, terminal.id);
    expect(hours.find((h) => h.kind === 'program')).toMatchObject({ subject_name: 'New title', plays: 2 });
    expect(hours.find((h) => h.kind === 'material')).toMatchObject({ subject_name: 'clip.mp4', plays: 1 });
    expect(hours.find((h) => h.kind === 'message')).toMatchObject({ subject_name: 'Closing soon', plays: 1 });
  });

  it('refuses events over 400 days old or over a day ahead, and acknowledges them so they are dropped', async () => {
    const terminal = await insertTerminal(db);
    const refusedBefore = sink.counts.refused;
    const acked = await ingest(sink, terminal.id, [
      { id: 'old', kind: 'program', programId: 1, startedAt: '2025-01-10T00:00:00Z', durationMs: 1000 },
      { id: 'ahead', kind: 'program', programId: 1, startedAt: '2026-02-17T00:00:00Z', durationMs: 1000 },
      { id: 'ok', kind: 'program', programId: 1, startedAt: '2026-02-16T06:00:00Z', durationMs: 1000 },
    ]);
    expect(acked).toEqual(['old', 'ahead', 'ok']);
    expect((await eventsOf(db, terminal.id)).map((e) => e.event_id)).toEqual(['ok']);
    expect(sink.counts.refused - refusedBefore).toBe(2);
    const only = await ingest(sink, terminal.id, [
      { id: 'old2', kind: 'program', programId: 1, startedAt: '2024-12-01T00:00:00Z', durationMs: 1000 },
    ]);
    expect(only).toEqual(['old2']);
    const parts = await sink.partitions.list();
    expect(parts.map((p) => p.name)).not.toContain('play_events_p202412');
  });

  it('gives events of older players (no id) an id of their content: a resend is the same row, not acknowledged', async () => {
    const terminal = await insertTerminal(db);
    const event: PlayEvent = {
      kind: 'click',
      widgetType: 'button',
      widgetId: 'w7',
      startedAt: '2026-02-13T14:00:00.000Z',
      durationMs: 0,
    };
    const receivedBefore = sink.counts.received;
    expect(await ingest(sink, terminal.id, [event])).toEqual([]);
    await ingest(sink, terminal.id, [{ ...event, startedAt: '2026-02-13T14:00:00Z' }]);
    expect(sink.counts.received - receivedBefore).toBe(2);
    const events = await eventsOf(db, terminal.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'click', widget_type: 'button', widget_id: 'w7' });
    expect(events[0]!.event_id).toMatch(/^d-/);
    expect(await hourlyOf(db, terminal.id)).toEqual([
      {
        hour: '2026-02-13T14',
        kind: 'click',
        subject_id: 0,
        subject_key: 'button',
        subject_name: null,
        plays: 1,
        duration_ms: 0,
      },
    ]);
  });

  it('acknowledges nothing when the write fails, so that the terminal sends the events again', async () => {
    const failing = new PlayEventSink(
      { execute: () => Promise.reject(new Error('database unavailable')) } as unknown as Database,
      () => NOW,
    );
    const acked: string[] = [];
    failing.add(
      1,
      [{ id: 'f1', kind: 'program', programId: 1, startedAt: '2026-02-14T00:00:00Z', durationMs: 1 }],
      (ids) => acked.push(...ids),
    );
    await failing.flush();
    expect(acked).toEqual([]);
    expect(failing.counts.failed).toBe(1);
  });

  it('creates a dropped partition again when a batch needs it (retention ran on another instance)', async () => {
    const terminal = await insertTerminal(db);
    const other = new PlayEventSink(db, () => NOW);
    await ingest(sink, terminal.id, [
      { id: 'r1', kind: 'program', programId: 1, startedAt: '2025-12-05T00:00:00Z', durationMs: 1 },
    ]);
    await other.partitions.drop('play_events_p202512');
    // `sink` still believes the partition exists.
    expect(
      await ingest(sink, terminal.id, [
        { id: 'r2', kind: 'program', programId: 1, startedAt: '2025-12-06T00:00:00Z', durationMs: 1 },
      ]),
    ).toEqual(['r2']);
    expect((await eventsOf(db, terminal.id)).map((e) => e.event_id)).toEqual(['r2']);
  });
});
