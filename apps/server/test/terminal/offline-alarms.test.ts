import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms, terminals } from '../../src/db/schema/index.js';
import { poweredOff, wallClockAt } from '../../src/terminal/offline-alarms.js';
import { claim, connect, listeningApp, register, STATUS, type ListeningApp } from './channel-client.js';

/** Every weekday, screen on only between `on` and `off` (terminal's local time). */
const daily = (on: string, off: string) => [{ weekdays: [0, 1, 2, 3, 4, 5, 6], on, off }];

/** `HH:MM` of `ms` in a zone, shifted by `minutes`. */
const hhmm = (ms: number, zone: string, minutes: number) => {
  const { minute } = wallClockAt(ms + minutes * 60_000, zone);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
};

describe('offline alarms muted during a scheduled power-off', () => {
  let t: ListeningApp;

  beforeAll(async () => {
    t = await listeningApp({ APM_TERMINAL_OFFLINE_SECONDS: '1', APM_TIME_ZONE: 'UTC' });
  });
  afterAll(() => t.close());

  const openOffline = (id: number) =>
    t.db
      .select()
      .from(abnormalAlarms)
      .where(
        and(
          eq(abnormalAlarms.terminalId, id),
          eq(abnormalAlarms.type, 'offline'),
          isNull(abnormalAlarms.endedAt),
        ),
      );

  it('reads the wall clock of a zone', () => {
    // 2026-11-29 is a Sunday; 23:30 UTC is 08:30 on Monday in Tokyo.
    const at = Date.parse('2026-11-29T23:30:00Z');
    expect(wallClockAt(at, 'UTC')).toEqual({ weekday: 0, minute: 23 * 60 + 30 });
    expect(wallClockAt(at, 'Asia/Tokyo')).toEqual({ weekday: 1, minute: 8 * 60 + 30 });
  });

  it('tells powered-off terminals by their own zone', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const now = Date.now();
    // On for the two hours around now in Tokyo: off in Tokyo's evening only if now is outside it.
    await t.db
      .update(terminals)
      .set({
        settings: {
          timeZone: 'Asia/Tokyo',
          powerSchedule: daily(hhmm(now, 'Asia/Tokyo', 60), hhmm(now, 'Asia/Tokyo', 120)),
        },
      })
      .where(eq(terminals.id, reg.terminalId));
    expect([...(await poweredOff(t.db, [reg.terminalId], 'UTC', now))]).toEqual([reg.terminalId]);
    await t.db
      .update(terminals)
      .set({
        settings: {
          timeZone: 'Asia/Tokyo',
          powerSchedule: daily(hhmm(now, 'Asia/Tokyo', -60), hhmm(now, 'Asia/Tokyo', 60)),
        },
      })
      .where(eq(terminals.id, reg.terminalId));
    expect([...(await poweredOff(t.db, [reg.terminalId], 'UTC', now))]).toEqual([]);
  });

  it('raises nothing for a terminal that goes silent in its power-off, and raises it once the schedule has it on', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const now = Date.now();
    // Off now: the screen is on only from in an hour.
    await t.db
      .update(terminals)
      .set({ settings: { powerSchedule: daily(hhmm(now, 'UTC', 60), hhmm(now, 'UTC', 120)) } })
      .where(eq(terminals.id, reg.terminalId));
    const presence = t.app.services.terminalPresence;
    const client = await connect(t, reg.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    await client.closedWith(5000);
    await presence.flush();
    expect(await openOffline(reg.terminalId)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1200));
    // Still in its power-off: the periodic check stays quiet too.
    await presence.raiseMissedAlarms();
    expect(await openOffline(reg.terminalId)).toHaveLength(0);
    // Two hours later the screen should be on and it is still silent: now it is an alarm.
    expect(await presence.raiseMissedAlarms(now + 90 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await openOffline(reg.terminalId)).toHaveLength(1);
    expect(await presence.raiseMissedAlarms(now + 90 * 60_000)).toBe(0);
  });

  it('raises a missed alarm only for terminals presence does not hold online', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const presence = t.app.services.terminalPresence;
    const client = await connect(t, reg.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    // The table says offline and long silent (as if not yet flushed), but the channel is open.
    await t.db
      .update(terminals)
      .set({ online: false, lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(terminals.id, reg.terminalId));
    await presence.raiseMissedAlarms();
    expect(await openOffline(reg.terminalId)).toHaveLength(0);
    client.close();
  });
});
