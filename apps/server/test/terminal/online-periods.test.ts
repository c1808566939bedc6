import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalPresence } from '../../src/terminal/presence.js';
import { queryRows } from '../../src/terminal/sql.js';
import { claim, connect, listeningApp, register, type ListeningApp } from './channel-client.js';

interface Period {
  started_at: string;
  ended_at: string | null;
}

describe('terminal online periods', () => {
  let t: ListeningApp;

  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  const periodsOf = (terminalId: number) =>
    queryRows<Period>(
      t.db,
      sql`SELECT started_at::text, ended_at::text FROM terminal_online_periods
          WHERE terminal_id = ${terminalId} ORDER BY started_at`,
    ).then((rows) =>
      rows.map((r) => ({ start: Date.parse(r.started_at), end: r.ended_at ? Date.parse(r.ended_at) : null })),
    );

  it('opens a period when a terminal comes online and closes it when it goes offline, once each', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const presence = t.app.services.terminalPresence;
    const before = Date.now();
    const client = await connect(t, reg.token);
    await presence.flush();
    // A second flush of an online terminal (its status or last-seen written again) opens nothing more.
    client.send({
      type: 'heartbeat',
      seq: 1,
      status: {
        playing: { kind: 'idle' },
        volume: 10,
        appVersion: '1',
        clock: new Date().toISOString(),
        resolution: '1x1',
      },
    });
    await client.next('heartbeatAck');
    await presence.flush();
    let periods = await periodsOf(reg.terminalId);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.end).toBeNull();
    expect(periods[0]!.start).toBeGreaterThanOrEqual(before - 1000);
    client.close();
    await expect.poll(() => presence.isOnline(reg.terminalId)).toBe(false);
    await presence.flush();
    periods = await periodsOf(reg.terminalId);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.end).not.toBeNull();
    expect(periods[0]!.end!).toBeGreaterThanOrEqual(periods[0]!.start);
    expect(periods[0]!.end!).toBeLessThanOrEqual(Date.now());

    const again = await connect(t, reg.token);
    await presence.flush();
    periods = await periodsOf(reg.terminalId);
    expect(periods).toHaveLength(2);
    expect(periods[1]!.end).toBeNull();
    expect(periods[1]!.start).toBeGreaterThanOrEqual(periods[0]!.end!);
    again.close();
  });

  it('closes the open period of a removed terminal', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    await t.app.services.terminalPresence.flush();
    t.app.services.terminalBus.publish([
      { terminalId: reg.terminalId, message: { type: 'revoked', reason: 'removed' } },
    ]);
    await client.closedWith();
    await t.app.services.terminalPresence.flush();
    const periods = await periodsOf(reg.terminalId);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.end).not.toBeNull();
  });

  it('at start-up closes the periods a crash left open, at the terminal last seen', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const lastSeen = '2026-03-01 10:15:00+00';
    // What a crash leaves: the terminal online in the table, its period open.
    await t.db
      .execute(sql`UPDATE terminals SET online = true, last_seen_at = ${lastSeen}, online_since = '2026-03-01 09:00:00+00'
      WHERE id = ${reg.terminalId}`);
    await t.db.execute(
      sql`INSERT INTO terminal_online_periods (terminal_id, started_at) VALUES (${reg.terminalId}, '2026-03-01 09:00:00+00')`,
    );
    // A removed terminal's period, left open too.
    await t.db.execute(
      sql`INSERT INTO terminal_online_periods (terminal_id, started_at) VALUES (2147483000, '2026-03-01 09:30:00+00')`,
    );
    const restarted = new TerminalPresence(t.db, { offlineSeconds: 60 });
    await restarted.start(t.app.log);
    await restarted.stop();
    expect(await periodsOf(reg.terminalId)).toEqual([
      { start: Date.parse('2026-03-01T09:00:00Z'), end: Date.parse('2026-03-01T10:15:00Z') },
    ]);
    expect(await periodsOf(2147483000)).toEqual([
      { start: Date.parse('2026-03-01T09:30:00Z'), end: Date.parse('2026-03-01T09:30:00Z') },
    ]);
  });

  it('in the scale-out mode leaves the periods of terminals online elsewhere open at start-up', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    await t.db.execute(
      sql`UPDATE terminals SET online = true, last_seen_at = now() WHERE id = ${reg.terminalId}`,
    );
    await t.db.execute(
      sql`INSERT INTO terminal_online_periods (terminal_id, started_at) VALUES (${reg.terminalId}, now() - interval '1 hour')`,
    );
    const directory = {
      write: async () => undefined,
      read: async () => new Map(),
      forget: async () => undefined,
    };
    const instance = new TerminalPresence(t.db, {
      offlineSeconds: 60,
      shared: { directory: directory as never, instanceId: 'other', isLeader: () => false },
    });
    await instance.start(t.app.log);
    await instance.stop();
    const periods = await periodsOf(reg.terminalId);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.end).toBeNull();
  });
});
