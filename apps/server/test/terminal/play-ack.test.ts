import { CHANNEL_CLOSE } from '@apm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/terminal/sql.js';
import { claim, connect, listeningApp, register, type ListeningApp } from './channel-client.js';

/** Rows of a table for one terminal. */
async function countFor(t: ListeningApp, table: 'play_events' | 'head_counts', terminalId: number) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE terminal_id = ${terminalId}`,
  );
  return row!.n;
}

describe('proof of play and head counts on the terminal channel', () => {
  let t: ListeningApp;

  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  async function claimedClient() {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    return { reg, client: await connect(t, reg.token) };
  }

  it('acknowledges play events once stored, and again (one row) when a reconnected terminal resends them', async () => {
    const { reg, client } = await claimedClient();
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const events = [
      { id: 'e-1', kind: 'program', programId: 3, startedAt, durationMs: 10_000 },
      { id: 'e-2', kind: 'material', programId: 3, materialId: 4, startedAt, durationMs: 5000 },
    ];
    client.send({ type: 'play', events });
    const ack = await client.next('playAck');
    expect(ack.ids).toEqual(['e-1', 'e-2']);
    expect(await countFor(t, 'play_events', reg.terminalId)).toBe(2);
    client.close();
    const again = await connect(t, reg.token);
    again.send({ type: 'play', events });
    expect((await again.next('playAck')).ids).toEqual(['e-1', 'e-2']);
    expect(await countFor(t, 'play_events', reg.terminalId)).toBe(2);
    const [hour] = await queryRows<{ plays: number }>(
      t.db,
      sql`SELECT plays FROM play_hourly WHERE terminal_id = ${reg.terminalId} AND kind = 'program'`,
    );
    expect(hour!.plays).toBe(1);
    again.close();
  });

  it('stores head counts once with the office, and acknowledges them with headCountAck', async () => {
    const { reg, client } = await claimedClient();
    const startedAt = new Date(Date.now() - 3_600_000).toISOString();
    const events = [
      { id: 'h-1', startedAt, periodSeconds: 60, count: 12 },
      { id: 'h-2', startedAt, periodSeconds: 3600, count: 0 },
    ];
    client.send({ type: 'headCount', events });
    expect((await client.next('headCountAck')).ids).toEqual(['h-1', 'h-2']);
    client.send({
      type: 'headCount',
      events: [events[0], { id: 'h-3', startedAt, periodSeconds: 1, count: 10_000 }],
    });
    expect((await client.next('headCountAck')).ids).toEqual(['h-1', 'h-3']);
    const rows = await queryRows<{
      event_id: string;
      count: number;
      period_seconds: number;
      office_id: number;
    }>(
      t.db,
      sql`SELECT event_id, count, period_seconds, office_id FROM head_counts WHERE terminal_id = ${reg.terminalId} ORDER BY event_id`,
    );
    const [terminal] = await queryRows<{ office_id: number }>(
      t.db,
      sql`SELECT office_id FROM terminals WHERE id = ${reg.terminalId}`,
    );
    expect(rows).toEqual([
      { event_id: 'h-1', count: 12, period_seconds: 60, office_id: terminal!.office_id },
      { event_id: 'h-2', count: 0, period_seconds: 3600, office_id: terminal!.office_id },
      { event_id: 'h-3', count: 10_000, period_seconds: 1, office_id: terminal!.office_id },
    ]);
    client.close();
  });

  it('closes the channel of a bad play or headCount message, writes nothing of it, and keeps serving', async () => {
    const startedAt = new Date().toISOString();
    const bad: [object, RegExp][] = [
      [{ type: 'play', events: [{ id: 'x', kind: 'poster', startedAt, durationMs: 1 }] }, /kind/],
      [{ type: 'play', events: [{ id: 'x'.repeat(65), kind: 'program', startedAt, durationMs: 1 }] }, /id/],
      [
        { type: 'play', events: [{ id: 'x', kind: 'program', startedAt: 'yesterday', durationMs: 1 }] },
        /startedAt/,
      ],
      [{ type: 'play', events: [{ id: 'x', kind: 'program', startedAt, durationMs: -5 }] }, /durationMs/],
      [
        {
          type: 'play',
          events: Array.from({ length: 201 }, (_, i) => ({
            id: `x${i}`,
            kind: 'program',
            startedAt,
            durationMs: 1,
          })),
        },
        /events/,
      ],
      [{ type: 'headCount', events: [{ id: 'x', startedAt, periodSeconds: 0, count: 1 }] }, /periodSeconds/],
      [{ type: 'headCount', events: [{ id: 'x', startedAt, periodSeconds: 60, count: 10_001 }] }, /count/],
      [{ type: 'headCount', events: [{ startedAt, periodSeconds: 60, count: 1 }] }, /id/],
    ];
    for (const [message, field] of bad) {
      const { reg, client } = await claimedClient();
      client.send(message);
      const closed = await client.closedWith();
      expect(closed.code).toBe(CHANNEL_CLOSE.badMessage);
      expect(closed.reason).toMatch(field);
      await t.app.services.terminalPlayEvents.flush();
      await t.app.services.terminalHeadCounts.flush();
      expect(await countFor(t, 'play_events', reg.terminalId)).toBe(0);
      expect(await countFor(t, 'head_counts', reg.terminalId)).toBe(0);
    }
    const { client } = await claimedClient();
    client.send({
      type: 'play',
      events: [{ id: 'fine', kind: 'program', programId: 1, startedAt, durationMs: 1 }],
    });
    expect((await client.next('playAck')).ids).toEqual(['fine']);
    client.close();
  });
});
