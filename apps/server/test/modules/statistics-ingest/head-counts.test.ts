import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadCountSink } from '../../../src/terminal/head-counts.js';
import { queryRows } from '../../../src/terminal/sql.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { insertTerminal } from './fixtures.js';

const NOW = Date.parse('2026-02-15T12:00:00Z');

describe('head count ingest', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
  });
  afterAll(() => t.close());

  it('stores each count once, refuses those too old or ahead, and acknowledges them all', async () => {
    const sink = new HeadCountSink(t.db, () => NOW);
    const terminal = await insertTerminal(t.db);
    const acked: string[] = [];
    const events = [
      { id: 'a', startedAt: '2026-02-15T10:00:00Z', periodSeconds: 900, count: 7 },
      { id: 'a', startedAt: '2026-02-15T10:00:00Z', periodSeconds: 900, count: 7 },
      { id: 'old', startedAt: '2025-01-01T10:00:00Z', periodSeconds: 900, count: 3 },
      { id: 'ahead', startedAt: '2026-02-17T10:00:00Z', periodSeconds: 900, count: 3 },
    ];
    sink.add(terminal.id, events, (ids) => acked.push(...ids));
    await sink.flush();
    sink.add(terminal.id, events.slice(0, 1), (ids) => acked.push(...ids));
    await sink.flush();
    expect(acked).toEqual(['a', 'a', 'old', 'ahead', 'a']);
    const rows = await queryRows<{ event_id: string; count: number; office_id: number }>(
      t.db,
      sql`SELECT event_id, count, office_id FROM head_counts WHERE terminal_id = ${terminal.id}`,
    );
    expect(rows).toEqual([{ event_id: 'a', count: 7, office_id: terminal.officeId }]);
    expect(sink.counts).toMatchObject({ received: 5, inserted: 1, refused: 2 });
    // Rolled up once as the kind 'audience' (people as plays, time counted as duration), the resend adding nothing.
    const rolled = await queryRows<{ t: string; plays: number; ms: number }>(
      t.db,
      sql`SELECT 'hourly' AS t, plays, duration_ms::int AS ms FROM play_hourly WHERE terminal_id = ${terminal.id} AND kind = 'audience'
        UNION ALL SELECT 'daily', plays, duration_ms::int FROM play_daily WHERE terminal_id = ${terminal.id} AND kind = 'audience' AND subject_id = -1
        UNION ALL SELECT 'office', plays, duration_ms::int FROM play_office_hourly WHERE office_id = ${terminal.officeId} AND kind = 'audience' AND subject_id = -1
        UNION ALL SELECT 'reach', bit_count(terminals)::int, 0 FROM play_reach_daily WHERE office_id = ${terminal.officeId} AND kind = 'audience' AND subject_id = -1`,
    );
    expect(rolled).toEqual([
      { t: 'hourly', plays: 7, ms: 900_000 },
      { t: 'daily', plays: 7, ms: 900_000 },
      { t: 'office', plays: 7, ms: 900_000 },
      { t: 'reach', plays: 1, ms: 0 },
    ]);
  });
});
